// A whole scan run on one backend, the same way on every backend: the input where the backend
// reads it, buffers, every launch, the result and its check.
#pragma once
#include <vector>

#include "kernels/families/scan/driver.h"
#include "kernels/families/scan/plan.h"
#include "kernels/families/scan/reference.h"
#include "kernels/family/run_result.h"
#include "kernels/family/trace_meta.h"

namespace wl::scan {

// "n values: 3, -1, 7, ..., 12": the first few and the last.
template <class T>
std::string values_text(const std::vector<T>& v) {
  std::string text = std::to_string(v.size()) + " values";
  for (std::size_t i = 0; i < v.size() && i < 4; ++i) text += (i ? ", " : ": ") + value_text(v[i]);
  if (v.size() > 5) text += ", ...";
  if (v.size() > 4) text += ", " + value_text(v.back());
  return text;
}

template <class V, class Op, class T, class Backend>
void run_on_backend(Backend& backend, const RunRequest& r, const std::vector<T>& input, RunResult& out) {
  const std::vector<Level> levels = plan_levels(V::info, r);
  const bool exclusive = is_exclusive(r);
  const Global<const T> in = backend.upload(input);
  ScanBuffers<T> buffers = allocate_buffers<V, T>(backend, levels, r.n);
  launch_levels<V, Op>(backend, in, buffers, levels, r.block, exclusive, r.record);
  const std::vector<T> result = backend.read_all(buffers.out);
  backend.finish_trace();
  out.launches = planned_launches(V::info, levels, r.block);
  out.result = ResultValues::of(result);
  out.result_text = values_text(result);
  out.check = check_scan<Op>(input, result, exclusive, combine_depth(V::info, levels, r.block));
  describe_run(out.trace.meta, r, out.backend, levels.empty() ? 0 : levels.front().grid);
}

}  // namespace wl::scan
