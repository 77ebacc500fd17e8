// The runner: a settled run (run/settled_run.h) on the GPU when one can be used, else on the
// simulator, saying which and why. Every front door (the CLI, the app, bench, the lab's child)
// runs kernels through this, and gets one kind of answer, a RunOutcome.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/family/family.h"
#include "run/settled_run.h"

namespace wl {

enum class RunProblem { None, Invalid, KernelBug, Gpu, TraceFile, Lab, Cancelled };

// What a run came to, whichever door it came in by.
struct RunOutcome {
  RunProblem problem = RunProblem::None;
  // The problem in a sentence. A kernel bug's is the trace's to tell (fault_sentence,
  // model/views/fault_report.h), which the client that shows it writes.
  std::string message;
  std::string note;      // e.g. "GPU unavailable (no NVIDIA GPU driver found): ran on the simulator"
  RunSettings settings;  // what ran, its defaults filled in
  RunResult result;      // the values, their check, where it ran and the trace (a kernel bug's: up to it)

  bool ok() const { return problem == RunProblem::None; }
};

// Runs a settled run; checks nothing again. A kernel bug the simulator found is the outcome's
// problem (KernelBug; result.trace.meta.fault says where). Throws GpuError only when the GPU was
// demanded (BackendChoice::Gpu); with Auto, any GPU failure (none present, old driver, out of
// memory) falls back to the simulator and the note says so. RunCancelled and std::bad_alloc
// pass through.
RunOutcome run_settled(const SettledRun& run);

// Settles a request and runs it, for tests and tools that hold a RunRequest: its record_blocks
// are kept. Throws std::invalid_argument when it does not settle, else as run_settled.
RunOutcome run_request(const RunRequest& request, const RunInput& input, BackendChoice backend);

// True when this build has the GPU backend and a usable GPU is present.
bool gpu_usable(std::string* why_not = nullptr);

// The multiprocessors a run sizes persistent grids and scan tiles for when the user names none:
// the usable GPU's, else RunRequest's default (an H100's 132), whichever backend runs, so a
// simulator run plans the launch this machine's GPU would run. Asks the device once.
unsigned default_sm_count();

}  // namespace wl
