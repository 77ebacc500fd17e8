#include "model/views/block_events.h"

#include <algorithm>

namespace wl {

BlockEvents block_events(const Trace& trace, std::uint32_t block) {
  const auto& ev = trace.events;
  const auto lo = std::lower_bound(ev.begin(), ev.end(), block,
                                   [](const Event& e, std::uint32_t b) { return e.block < b; });
  const auto hi = std::upper_bound(lo, ev.end(), block,
                                   [](std::uint32_t b, const Event& e) { return b < e.block; });
  BlockEvents out;
  if (lo != hi) {
    out.first = &*lo;
    out.count = std::size_t(hi - lo);
  }
  return out;
}

std::vector<std::uint16_t> steps_of(const Event* first, std::size_t count) {
  std::vector<bool> seen(0x10000, false);
  std::vector<std::uint16_t> steps;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint16_t s = first[i].step;
    if (!seen[s]) {
      seen[s] = true;
      steps.push_back(s);
    }
  }
  std::sort(steps.begin(), steps.end());
  return steps;
}

}  // namespace wl
