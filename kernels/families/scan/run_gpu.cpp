#include "kernels/families/scan/run_gpu.h"

#include <stdexcept>

#include "kernels/families/scan/registry.h"
#include "kernels/families/scan/run_gpu_typed.h"
#include "kernels/families/scan/scan_family.h"

namespace wl::scan {
namespace {

// Calls f(variant, op, data) for the request's variant, operator and type.
template <class R, class F>
R dispatch(const RunRequest& r, const void* input, F&& f) {
  if (std::string problem = validate_for(scan_family(), r); !problem.empty()) throw std::invalid_argument(problem);
  R out{};
  visit_request(r, [&](auto v, auto op, auto t) {
    using T = typename decltype(t)::type;
    out = f(v, op, static_cast<const T*>(input));
  });
  return out;
}

}  // namespace

RunResult run_gpu(const RunRequest& r, const void* input) {
  return dispatch<RunResult>(r, input, [&](auto v, auto op, auto* data) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(data)>>;
    return run_gpu_typed<typename decltype(v)::type, typename decltype(op)::type, T>(r, data);
  });
}

GpuTime time_gpu(const RunRequest& r, const void* input, const TimingPlan& timing) {
  return dispatch<GpuTime>(r, input, [&](auto v, auto op, auto* data) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(data)>>;
    return time_gpu_typed<typename decltype(v)::type, typename decltype(op)::type, T>(r, data, timing);
  });
}

}  // namespace wl::scan
