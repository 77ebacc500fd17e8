#include "kernels/families/histogram/run_gpu.h"

#include <stdexcept>

#include "kernels/families/histogram/histogram_family.h"
#include "kernels/families/histogram/registry.h"
#include "kernels/families/histogram/run_gpu_typed.h"

namespace wl::histogram {
namespace {

// Calls f(variant, samples) for the request's variant.
template <class R, class F>
R dispatch(const RunRequest& r, const void* input, F&& f) {
  if (std::string problem = validate_for(histogram_family(), r); !problem.empty()) throw std::invalid_argument(problem);
  R out{};
  visit_variant(r.variant, [&](auto v) { out = f(v, static_cast<const std::int32_t*>(input)); });
  return out;
}

}  // namespace

RunResult run_gpu(const RunRequest& r, const void* input) {
  return dispatch<RunResult>(r, input, [&](auto v, const std::int32_t* samples) {
    return run_gpu_typed<typename decltype(v)::type>(r, samples);
  });
}

GpuTime time_gpu(const RunRequest& r, const void* input, const TimingPlan& timing) {
  return dispatch<GpuTime>(r, input, [&](auto v, const std::int32_t* samples) {
    return time_gpu_typed<typename decltype(v)::type>(r, samples, timing);
  });
}

}  // namespace wl::histogram
