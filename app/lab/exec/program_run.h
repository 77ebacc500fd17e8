// A whole program's run on the simulator, the parent's side (kernels/plain/README.md,
// "Programs"): built (compile/program_build.h), run in a child process with the request's time
// and memory limits (program_exec.h), and read back: how it ended, its launches, and the trace of
// the launches it recorded, named after the program and carrying the kernels' file. The front
// doors (`record --backend sim`, the app's --program) are its callers.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "kernels/plain/program_runtime.h"
#include "lab/compile/program_build.h"
#include "lab/exec/child_process.h"
#include "run/program_request.h"
#include "trace/trace.h"

namespace wl::lab {

struct ProgramRun {
  ProgramBuild build;
  bool ran = false;
  ChildOutcome child;
  int exit_code = -1;           // the program's, when it ended by itself
  std::string ended;            // "" when it exited by itself; else how it was stopped, in a sentence
  std::vector<ProgramLaunch> launches;
  double simulated_ms = 0;
  std::optional<Trace> trace;   // the recorded launches; none when nothing was recorded
  std::string problem;          // the build's, or why the child could not run
};

// `pass_output`: the program speaks to this process's terminal (the CLI); else its output is
// in child.output (the app's pane).
ProgramRun run_program(const SettledProgram& program, bool pass_output);

}  // namespace wl::lab
