#include "run/backend_run.h"

#include <stdexcept>
#include <vector>

#include "kernels/device/device_info.h"
#include "kernels/gpu/gpu_error.h"

namespace wl {

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

// Where the run goes and why: the GPU when asked for or usable, else the simulator.
RunResult run_where(const SettledRun& s, const std::vector<unsigned char>& input, std::string& note) {
  const Family& family = *s.family;
  const BackendChoice backend = s.settings.backend;
  std::string why_not;
  if (!family.runs_on_gpu() && backend != BackendChoice::Simulator) {
    const std::string only = std::string(family.title()) + " runs on the simulator only in this build";
    if (backend == BackendChoice::Gpu) throw GpuError(only);
    note = gpu_usable(&why_not) ? only : "no GPU (" + why_not + "): ran on the simulator";
    return family.run(s.request, Backend::Simulator, input.data());
  }
  if (backend == BackendChoice::Simulator || !gpu_usable(&why_not)) {
    if (backend == BackendChoice::Gpu) throw GpuError("no usable GPU: " + why_not);
    if (backend == BackendChoice::Auto) note = "no GPU (" + why_not + "): ran on the simulator";
    return family.run(s.request, Backend::Simulator, input.data());
  }
  try {
    return family.run(s.request, Backend::Gpu, input.data());
  } catch (const GpuError& e) {
    if (backend == BackendChoice::Gpu) throw;
    note = std::string("GPU failed (") + e.what() + "): ran on the simulator";
    return family.run(s.request, Backend::Simulator, input.data());
  }
}

}  // namespace

RunOutcome run_settled(const SettledRun& s) {
  RunOutcome out;
  out.settings = s.settings;
  std::vector<unsigned char> input;
  try {
    input = s.family->make_input(s.request, s.input.pattern, s.input.seed);
  } catch (const std::bad_alloc&) {
    out.problem = RunProblem::Invalid;
    out.message = "not enough host memory for the input of n = " + std::to_string(s.request.n);
    return out;
  }
  out.result = run_where(s, input, out.note);
  if (out.result.trace.meta.fault) out.problem = RunProblem::KernelBug;  // a pitfall's bug: a result, not a crash
  return out;
}

RunOutcome run_request(const RunRequest& request, const RunInput& input, BackendChoice backend) {
  RunSettings asked;
  asked.request = request;
  asked.pattern = pattern_names()[std::size_t(input.pattern)];
  asked.seed = input.seed;
  asked.backend = backend;
  for (std::uint32_t b : request.record_blocks)
    asked.record_blocks += (asked.record_blocks.empty() ? "" : ",") + std::to_string(b);
  SettledRun settled;
  if (std::string problem = settle(asked, request.record, settled); !problem.empty())
    throw std::invalid_argument(problem);
  return run_settled(settled);
}

}  // namespace wl
