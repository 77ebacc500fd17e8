// A whole histogram run on one backend, the same way on every backend: the input where the
// backend reads it, buffers, every launch, the result and its check.
#pragma once
#include <vector>

#include "kernels/families/histogram/driver.h"
#include "kernels/families/histogram/plan.h"
#include "kernels/families/histogram/reference.h"
#include "kernels/family/run_result.h"
#include "kernels/family/trace_meta.h"

namespace wl::histogram {

template <class V, class Backend>
void run_on_backend(Backend& backend, const RunRequest& r, const std::vector<std::int32_t>& input, RunResult& out) {
  const unsigned bins = bins_of(r);
  const Plan plan = plan_histogram(V::info, r.n, r.block, bins, r.sm_count);
  const Global<const std::int32_t> in = backend.upload(input);
  Buffers buffers = allocate_buffers<V>(backend, plan, r.block, bins);
  launch_histogram<V>(backend, in, buffers, plan, bins, r.record);
  const std::vector<std::uint32_t> counts = backend.read_all(buffers.counts);
  backend.finish_trace();
  out.launches = plan.launches;
  out.result = ResultValues::of(counts);
  out.result_text = counts_text(counts);
  out.check = check_histogram(reference_histogram(input.data(), input.size(), bins), counts);
  describe_run(out.trace.meta, r, out.backend, plan.launches.empty() ? 0 : plan.launches.front().grid);
}

}  // namespace wl::histogram
