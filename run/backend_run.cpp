#include "run/backend_run.h"

#include <stdexcept>
#include <vector>

#include "core/value_type.h"
#include "kernels/device/device_info.h"
#include "kernels/gpu/gpu_error.h"

namespace wl {

bool parse_backend(const std::string& name, BackendChoice& out) {
  if (name == "auto") out = BackendChoice::Auto;
  else if (name == "sim") out = BackendChoice::Simulator;
  else if (name == "gpu") out = BackendChoice::Gpu;
  else return false;
  return true;
}

bool gpu_usable(std::string* why_not) {
#if defined(WARPLENS_HAVE_CUDA)
  const DeviceInfo device = query_device();
  if (!device.available && why_not) *why_not = device.reason;
  return device.available;
#else
  if (why_not) *why_not = "this build has no CUDA backend";
  return false;
#endif
}

unsigned default_sm_count() {
  static const unsigned count = multiprocessors_or(query_device(), RunRequest{}.sm_count);
  return count;
}

namespace {

// The input is made in host memory before any backend sees it. Past half of the machine's memory
// a run would swap or be killed, not fail cleanly, so it is refused first.
void check_host_memory(const RunRequest& r) {
  const std::uint64_t bytes = r.n * value_type_bytes(parse_value_type(r.type).value_or(ValueType::f64));
  const std::uint64_t memory = physical_memory_bytes();
  if (memory != 0 && bytes > memory / 2)
    throw std::invalid_argument("n = " + std::to_string(r.n) + " needs " + std::to_string(bytes >> 20) +
                                " MiB of input in host memory; this machine has " +
                                std::to_string(memory >> 20) + " MiB, and runs use at most half");
}

}  // namespace

RunReport run_request(const RunRequest& r, const RunInput& in, BackendChoice backend) {
  if (std::string problem = validate(r); !problem.empty()) throw std::invalid_argument(problem);
  check_host_memory(r);
  const Family& family = *find_family(r.family);
  std::vector<unsigned char> input;
  try {
    input = family.make_input(r, in.pattern, in.seed);
  } catch (const std::bad_alloc&) {
    throw std::invalid_argument("not enough host memory for the input of n = " + std::to_string(r.n));
  }
  RunReport report;
  std::string why_not;
  if (!family.runs_on_gpu() && backend != BackendChoice::Simulator) {
    const std::string only = std::string(family.title()) + " runs on the simulator only in this build";
    if (backend == BackendChoice::Gpu) throw GpuError(only);
    report.outcome = family.run(r, Backend::Simulator, input.data());
    report.note = gpu_usable(&why_not) ? only : "no GPU (" + why_not + "): ran on the simulator";
    return report;
  }
  if (backend == BackendChoice::Simulator || !gpu_usable(&why_not)) {
    if (backend == BackendChoice::Gpu) throw GpuError("no usable GPU: " + why_not);
    report.outcome = family.run(r, Backend::Simulator, input.data());
    if (backend == BackendChoice::Auto) report.note = "no GPU (" + why_not + "): ran on the simulator";
    return report;
  }
  try {
    report.outcome = family.run(r, Backend::Gpu, input.data());
  } catch (const GpuError& e) {
    if (backend == BackendChoice::Gpu) throw;
    report.outcome = family.run(r, Backend::Simulator, input.data());
    report.note = std::string("GPU failed (") + e.what() + "): ran on the simulator";
  }
  return report;
}

}  // namespace wl
