#include "kernels/families/scan/run_sim.h"

#include <stdexcept>

#include "kernels/families/scan/registry.h"
#include "kernels/families/scan/run_on_backend.h"
#include "kernels/families/scan/scan_family.h"
#include "kernels/sim/sim_backend.h"

namespace wl::scan {

RunResult run_sim(const RunRequest& r, const void* input) {
  if (std::string problem = validate_for(scan_family(), r); !problem.empty()) throw std::invalid_argument(problem);
  RunResult out;
  out.backend = "sim";
  visit_request(r, [&](auto v, auto op, auto t) {
    using T = typename decltype(t)::type;
    const T* data = static_cast<const T*>(input);
    const std::vector<T> values = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
    SimBackend backend(r, out.trace);
    run_on_backend<typename decltype(v)::type, typename decltype(op)::type>(backend, r, values, out);
  });
  return out;
}

}  // namespace wl::scan
