#include "kernels/backend/reduce_runner.h"

#include <vector>

#include "kernels/device/device_info.h"
#include "kernels/gpu/gpu_error.h"
#include "kernels/families/reduce/registry.h"
#include "kernels/sim/reduce_sim.h"
#if defined(WARPLENS_HAVE_CUDA)
#include "kernels/gpu/reduce_gpu.h"
#endif

namespace wl {
namespace {

template <class F>
RunReport with_input(const ReduceRequest& r, const RunInput& in, F&& run) {
  RunReport report;
  reduce::visit_type(r.type, [&](auto t) {
    using T = typename decltype(t)::type;
    const std::vector<T> data = make_input<T>(in.pattern, r.n, in.seed, r.op);
    report.outcome = run(static_cast<const void*>(data.data()));
  });
  return report;
}

}  // namespace

bool parse_backend(const std::string& name, BackendChoice& out) {
  if (name == "auto") out = BackendChoice::Auto;
  else if (name == "sim") out = BackendChoice::Simulator;
  else if (name == "gpu") out = BackendChoice::Gpu;
  else return false;
  return true;
}

bool gpu_usable(std::string* why_not) {
#if defined(WARPLENS_HAVE_CUDA)
  const DeviceInfo device = probe_device();
  if (!device.available && why_not) *why_not = device.reason;
  return device.available;
#else
  if (why_not) *why_not = "this build has no CUDA backend";
  return false;
#endif
}

RunReport run_reduce(const ReduceRequest& r, const RunInput& in, BackendChoice backend) {
  if (std::string problem = validate(r); !problem.empty()) throw std::invalid_argument(problem);
  auto simulate = [&](const void* data) { return run_reduce_sim(r, data); };
  std::string why_not;
  if (backend == BackendChoice::Simulator || !gpu_usable(&why_not)) {
    if (backend == BackendChoice::Gpu) throw GpuError("no usable GPU: " + why_not);
    RunReport report = with_input(r, in, simulate);
    if (backend == BackendChoice::Auto) report.note = "no GPU (" + why_not + "): ran on the simulator";
    return report;
  }
#if defined(WARPLENS_HAVE_CUDA)
  try {
    return with_input(r, in, [&](const void* data) { return run_reduce_gpu(r, data); });
  } catch (const GpuError& e) {
    if (backend == BackendChoice::Gpu) throw;
    RunReport report = with_input(r, in, simulate);
    report.note = std::string("GPU failed (") + e.what() + "): ran on the simulator";
    return report;
  }
#else
  return with_input(r, in, simulate);
#endif
}

}  // namespace wl
