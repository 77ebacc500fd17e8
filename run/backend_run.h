// The kernel library's front door: run any family's variant on the GPU when one can be used,
// else on the simulator, and say which, and why. The CLI and the app both run kernels through
// this.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/family/family.h"
#include "kernels/host/input.h"

namespace wl {

enum class BackendChoice { Auto, Simulator, Gpu };

bool parse_backend(const std::string& name, BackendChoice& out);  // "auto", "sim", "gpu"

struct RunInput {
  Pattern pattern = Pattern::Random;
  std::uint64_t seed = 1;
};

struct RunReport {
  RunResult outcome;
  std::string note;  // e.g. "GPU unavailable (no NVIDIA GPU driver found): ran on the simulator"
};

// Throws std::invalid_argument for a request validate() rejects, and GpuError only when the GPU
// was demanded (BackendChoice::Gpu). A kernel bug the simulator found is in the outcome's
// trace.meta.fault.
// With Auto, any GPU failure (none present, old driver, out of memory) falls back to the
// simulator and the report's note says so.
RunReport run_request(const RunRequest& request, const RunInput& input, BackendChoice backend);

// True when this build has the GPU backend and a usable GPU is present.
bool gpu_usable(std::string* why_not = nullptr);

// The multiprocessors a run sizes persistent grids and scan tiles for when the user names none:
// the usable GPU's, else RunRequest's default (an H100's 132), whichever backend runs, so a
// simulator run plans the launch this machine's GPU would run. Asks the device once.
unsigned default_sm_count();

}  // namespace wl
