#include "model/views/step_times.h"

#include <algorithm>
#include <map>

namespace wl {

std::vector<StepTime> step_times(const TraceMeta& meta, std::uint16_t launch, std::uint32_t block) {
  std::map<std::uint16_t, std::vector<WarpClock>> by_warp;
  for (const WarpClock& c : meta.clocks)
    if (c.launch == launch && c.block == block) by_warp[c.warp].push_back(c);

  struct Span {
    std::uint64_t begin = ~0ull, end = 0;
    std::uint16_t last_warp = 0, warps = 0;
  };
  std::map<StepId, Span> spans;
  for (auto& [warp, clocks] : by_warp) {
    std::sort(clocks.begin(), clocks.end(), [](const WarpClock& a, const WarpClock& b) { return a.cycle < b.cycle; });
    std::map<StepId, bool> counted;
    for (std::size_t i = 0; i + 1 < clocks.size(); ++i) {
      if (clocks[i].exit) break;
      Span& s = spans[clocks[i].step];
      s.begin = std::min(s.begin, clocks[i].cycle);
      if (clocks[i + 1].cycle >= s.end) s.end = clocks[i + 1].cycle, s.last_warp = warp;
      if (!counted[clocks[i].step]) counted[clocks[i].step] = true, ++s.warps;
    }
  }
  std::vector<StepTime> times;
  for (const auto& [step, s] : spans) {
    StepTime t;
    t.step = step;
    t.cycles = s.end - s.begin;
    t.ns = meta.sm_clock_mhz > 0 ? double(t.cycles) * 1000.0 / meta.sm_clock_mhz : 0.0;
    t.last_warp = s.last_warp;
    t.warps = s.warps;
    times.push_back(t);
  }
  return times;
}

const StepTime* find_step_time(const std::vector<StepTime>& times, StepId step) {
  auto it = std::lower_bound(times.begin(), times.end(), step,
                             [](const StepTime& t, StepId s) { return t.step < s; });
  return it != times.end() && it->step == step ? &*it : nullptr;
}

}  // namespace wl
