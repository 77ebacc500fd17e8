#include "kernels/gpu/reduce_gpu.h"

#include <stdexcept>

#include "kernels/gpu/reduce_gpu_typed.h"
#include "kernels/families/reduce/registry.h"

namespace wl {
namespace {

// Calls f.operator()<V, Op, T>(input) for the request's variant, operator and type.
template <class F>
auto dispatch(const ReduceRequest& r, const void* input, F&& f) {
  if (std::string problem = validate(r); !problem.empty()) throw std::invalid_argument(problem);
  decltype(f(TypeTag<reduce::Sequential>{}, TypeTag<SumOp>{}, static_cast<const float*>(nullptr))) out{};
  reduce::visit_variant(r.variant, [&](auto v) {
    reduce::visit_op(r.op, [&](auto op) {
      reduce::visit_type(r.type, [&](auto t) {
        using T = typename decltype(t)::type;
        out = f(v, op, static_cast<const T*>(input));
      });
    });
  });
  return out;
}

}  // namespace

ReduceOutcome run_reduce_gpu(const ReduceRequest& r, const void* input) {
  return dispatch(r, input, [&](auto v, auto op, auto* data) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(data)>>;
    return run_gpu_typed<typename decltype(v)::type, typename decltype(op)::type, T>(r, data);
  });
}

GpuTiming time_reduce_gpu(const ReduceRequest& r, const void* input, int warmup, int repeats) {
  return dispatch(r, input, [&](auto v, auto op, auto* data) {
    using T = std::remove_const_t<std::remove_pointer_t<decltype(data)>>;
    return time_gpu_typed<typename decltype(v)::type, typename decltype(op)::type, T>(r, data, warmup, repeats);
  });
}

}  // namespace wl
