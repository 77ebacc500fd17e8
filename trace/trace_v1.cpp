#include "trace/trace_v1.h"

#include <string>

#include "trace/trace_error.h"
#include "trace/trace_validate.h"

namespace wl {
namespace {

constexpr std::uint16_t kV1MaxLevelStep = 4095;  // step k + 1 = level k; 0xFFFF finish


}  // namespace

std::vector<BufferRecord> v1_buffers(const TraceMeta& meta) {
  return {{1, "input", meta.type, BufferRole::Input, meta.n},
          {2, "output", meta.type, BufferRole::Output, 0},
          {3, "partials", meta.type, BufferRole::Output, 0},
          {4, "scratch", "u32", BufferRole::Temp, 0}};
}

void upgrade_from_v1(Trace& trace) {
  TraceMeta& m = trace.meta;
  if (m.block_dim == 0 || m.block_dim > kMaxBlockDim)
    throw_invalid_trace("meta.block_dim " + std::to_string(m.block_dim) + " is outside [1, " + std::to_string(kMaxBlockDim) +
            "]");
  m.launches.clear();
  if (m.grid_dim > 0)
    m.launches.push_back({m.variant, m.grid_dim, m.block_dim, 0, m.n});
  else
    m.block_dim = 0;  // nothing was launched
  m.buffers = v1_buffers(m);
  for (std::size_t i = 0; i < trace.events.size(); ++i) {
    Event& e = trace.events[i];
    if (e.step > kV1MaxLevelStep && e.step != 0xFFFF)
      throw_invalid_trace("event #" + std::to_string(i) + ": step " + std::to_string(e.step) + " is out of range");
    e.step = step_from_v1(e.step);
    e.launch = 0;  // version 1's reserved bytes
  }
  m.steps = steps_used(trace.events);
}

}  // namespace wl
