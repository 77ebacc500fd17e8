#include "kernels/families/reduce/run_sim.h"

#include <stdexcept>

#include "kernels/families/reduce/reduce_family.h"
#include "kernels/families/reduce/registry.h"
#include "kernels/families/reduce/run_on_backend.h"
#include "kernels/sim/sim_backend.h"

namespace wl::reduce {
namespace {

template <class V, class Op, class T>
RunResult run_typed(const RunRequest& r, const T* data) {
  RunResult out;
  out.backend = "sim";
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  SimBackend backend(r, out.trace);
  run_on_backend<V, Op>(backend, r, input, out);
  return out;
}

}  // namespace

RunResult run_sim(const RunRequest& r, const void* input) {
  if (std::string problem = validate_for(reduce_family(), r); !problem.empty()) throw std::invalid_argument(problem);
  RunResult out;
  visit_request(r, [&](auto v, auto op, auto t) {
    using T = typename decltype(t)::type;
    out = run_typed<typename decltype(v)::type, typename decltype(op)::type, T>(r, static_cast<const T*>(input));
  });
  return out;
}

}  // namespace wl::reduce
