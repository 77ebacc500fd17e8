// A whole reduction run on one backend, the same way on every backend: the input where the
// backend reads it, buffers, every pass, the result and its check.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/families/reduce/driver.h"
#include "kernels/families/reduce/plan.h"
#include "kernels/families/reduce/reference.h"
#include "kernels/family/run_result.h"
#include "kernels/family/trace_meta.h"

namespace wl::reduce {

inline std::vector<PlannedLaunch> planned_launches(const char* kernel, const std::vector<Pass>& passes,
                                                   unsigned block) {
  std::vector<PlannedLaunch> launches;
  for (const Pass& p : passes) launches.push_back({kernel, p.n, p.grid, block});
  return launches;
}

// Fills what every backend reports the same way.
template <class V, class Op, class T>
void describe_outcome(RunResult& out, const RunRequest& r, const std::vector<Pass>& passes,
                      const std::vector<T>& input, T result) {
  out.launches = planned_launches(V::info.id, passes, r.block);
  out.result = ResultValues::of(std::vector<T>{result});
  out.result_text = value_text(result);
  out.check = check_reduction<Op>(input, result, combine_depth(V::info, passes, r.block));
  describe_run(out.trace.meta, r, out.backend, passes.empty() ? 0 : passes.front().grid);
}

// `out.backend` names the backend; the backend records into out.trace.
template <class V, class Op, class T, class Backend>
void run_on_backend(Backend& backend, const RunRequest& r, const std::vector<T>& input, RunResult& out) {
  const std::vector<Pass> passes = plan_passes(V::info, r.n, r.block, r.sm_count);
  const Global<const T> in = backend.upload(input);
  const ReduceBuffers<T> buffers = allocate_buffers<V, T>(backend, passes);
  launch_passes<V, Op>(backend, in, buffers, passes, r.block, r.record);
  const T result = read_result<V, Op>(backend, buffers, passes);
  backend.finish_trace();
  describe_outcome<V, Op>(out, r, passes, input, result);
}

}  // namespace wl::reduce
