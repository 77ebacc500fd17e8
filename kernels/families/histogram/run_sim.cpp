#include "kernels/families/histogram/run_sim.h"

#include <stdexcept>

#include "kernels/families/histogram/histogram_family.h"
#include "kernels/families/histogram/registry.h"
#include "kernels/families/histogram/run_on_backend.h"
#include "kernels/sim/sim_backend.h"

namespace wl::histogram {

RunResult run_sim(const RunRequest& r, const void* input) {
  if (std::string problem = validate_for(histogram_family(), r); !problem.empty()) throw std::invalid_argument(problem);
  RunResult out;
  out.backend = "sim";
  const auto* data = static_cast<const std::int32_t*>(input);
  const std::vector<std::int32_t> samples = r.n ? std::vector<std::int32_t>(data, data + r.n) : std::vector<std::int32_t>();
  visit_variant(r.variant, [&](auto v) {
    SimBackend backend(r, out.trace);
    run_on_backend<typename decltype(v)::type>(backend, r, samples, out);
  });
  return out;
}

}  // namespace wl::histogram
