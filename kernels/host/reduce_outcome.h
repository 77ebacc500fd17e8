// What running a reduction produced, on either backend.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/host/reduce_driver.h"
#include "kernels/host/reduce_request.h"
#include "kernels/host/reference.h"
#include "trace/trace.h"

namespace wl {

struct ReduceOutcome {
  std::string backend;            // "sim" or "gpu"
  std::uint64_t result_bits = 0;  // raw bits of the result in the request's type
  std::string result_text;
  CheckResult check;              // against the CPU reference
  std::vector<Pass> passes;       // the launches made
  Trace trace;                    // every launch, when recording was asked for
};

// Fills what every backend reports the same way.
template <class V, class Op, class T>
void describe_outcome(ReduceOutcome& out, const ReduceRequest& r, const std::vector<T>& input, T result) {
  out.result_bits = to_bits(result);
  out.result_text = value_text(result);
  out.check = check_reduction<Op>(input, result, combine_depth(V::info, out.passes, r.block));
  TraceMeta& m = out.trace.meta;
  m.family = "reduce";
  m.variant = r.variant;
  m.op = r.op;
  m.type = r.type;
  m.backend = out.backend;
  m.n = r.n;
  m.block_dim = r.block;
  m.grid_dim = out.passes.empty() ? 0 : out.passes.front().grid;  // the largest grid
  m.event_cap = r.event_cap;
  m.recorded_blocks.clear();
  if (r.record)
    for (std::uint32_t b : r.record_blocks)
      if (b < m.grid_dim) m.recorded_blocks.push_back(b);
}

// The whole run on one backend: the input where the backend reads it, buffers, every pass, the
// result and the report. `out.backend` names the backend; the backend records into out.trace.
template <class V, class Op, class T, class Backend>
void run_on_backend(Backend& backend, const ReduceRequest& r, const std::vector<T>& input,
                    ReduceOutcome& out) {
  out.passes = plan_passes(V::info, r.n, r.block, r.sm_count);
  const Global<const T> in = backend.upload(input);
  const ReduceBuffers<T> buffers = allocate_buffers<V, T>(backend, out.passes);
  launch_passes<V, Op>(backend, in, buffers, out.passes, r.block, r.record);
  const T result = read_result<V, Op>(backend, buffers, out.passes);
  backend.finish_trace();
  describe_outcome<V, Op>(out, r, input, result);
}

}  // namespace wl
