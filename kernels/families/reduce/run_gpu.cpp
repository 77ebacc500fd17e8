#include "kernels/families/reduce/run_gpu.h"

#include <stdexcept>

#include "kernels/families/reduce/reduce_family.h"
#include "kernels/families/reduce/registry.h"
#include "kernels/families/reduce/run_gpu_typed.h"

namespace wl::reduce {
namespace {

// Calls f(v, op, data) for the request's variant, operator and type.
template <class F>
auto dispatch(const RunRequest& r, const void* input, F&& f) {
  if (std::string problem = validate_for(reduce_family(), r); !problem.empty()) throw std::invalid_argument(problem);
  decltype(f(TypeTag<Sequential>{}, TypeTag<SumOp>{}, static_cast<const float*>(nullptr))) out{};
  visit_request(r, [&](auto v, auto op, auto t) {
    using T = typename decltype(t)::type;
    out = f(v, op, static_cast<const T*>(input));
  });
  return out;
}

}  // namespace

RunResult run_gpu(const RunRequest& r, const void* input) {
  return dispatch(r, input, [&](auto v, auto op, auto* data) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(data)>>;
    return run_gpu_typed<typename decltype(v)::type, typename decltype(op)::type, T>(r, data);
  });
}

GpuTiming time_gpu(const RunRequest& r, const void* input, const TimingPlan& timing) {
  return dispatch(r, input, [&](auto v, auto op, auto* data) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(data)>>;
    return time_gpu_typed<typename decltype(v)::type, typename decltype(op)::type, T>(r, data, timing);
  });
}

}  // namespace wl::reduce
