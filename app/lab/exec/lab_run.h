// Runs a learner's variant on the simulator or the GPU without letting it near the caller's
// process: build_lab_file compiles it, then a child process (`warplens lab exec`, this same
// program: lab_exec.h) loads the library, runs the request and writes the trace and the check
// into a folder, which the caller reads back (child_protocol.h). A crash, a hang past the time
// limit or memory past the limit ends the child; the simulator's own findings (out of bounds, a
// barrier not reached by every thread, a read of shared memory never written) come back in the
// trace's fault, with the file's line.
#pragma once
#include <string>

#include "kernels/plain/plain_thread.h"
#include "lab/compile/lab_build.h"
#include "lab/exec/child_process.h"
#include "lab/front/lab_file.h"
#include "run/backend_run.h"

namespace wl::lab {

struct LabRequest {
  RunRequest request;  // family and variant are the file's
  RunInput input;
  LabTarget target = LabTarget::Simulator;  // Gpu: built with nvcc, run, recorded and timed on the GPU
  bool record_all = false;  // record every block of the first launch (its grid is the variant's)
  ChildLimits limits{kLabDefaultSeconds, kLabDefaultMemory, {}};  // run/run_settings.h
};

// What only a GPU run measures: the kernel's time (uninstrumented, median of 20 after 5 warm-up
// runs, as `warplens bench`) and its bandwidth as a share of the device copy's of the same input.
struct LabMeasures {
  std::optional<double> time_ms;
  std::optional<double> percent_of_copy;
};

struct LabRun {
  LabBuild build;
  bool ran = false;      // the child ran the kernel to its end or to a bug it found
  std::string problem;   // one sentence when it did not: no compiler, errors, a crash, the time limit
  std::string note;      // one sentence about a run that did happen (a GPU recording without lines)
  RunResult outcome;     // when ran: the trace (with its fault, if any), the result and its check
  LabMeasures measures;  // on the GPU
  std::vector<PlainPrint> prints;  // plain CUDA: what the kernel printed (printf), by thread
  std::uint64_t prints_dropped = 0;  // past the most kept
  double run_seconds = 0;
};

// The run a file asks for by default: its family's defaults, the file's variant, then its `run:`
// line (--n, --block, --op, --type, --param NAME=VALUE, --pattern, --seed); errors there go to
// `error`, and the result is empty.
std::optional<LabRequest> lab_default_request(const LabFile& file, std::string& error);

// Where a learner's kernel runs for `backend`: the GPU where asked for, or with Auto where nvcc
// and a GPU are both here; else the simulator, and `note` says why once (empty: as asked).
// Demanding the GPU where it cannot run is an error (nullopt, with `note` the reason). A family
// over several GPUs (the all-reduce) runs a learner's kernel on the simulator only: its GPU code
// is specialised for the family's own variants.
std::optional<LabTarget> choose_lab_target(const LabFile& file, BackendChoice backend, std::string& note);

LabRun run_lab(const LabFile& file, const LabRequest& request);

// The program run as the child: $WARPLENS_LAB_EXEC (a warplens or warplens-cli, for a program
// that has no `lab exec` of its own, such as a test), else this one.
std::string lab_exec_program();

}  // namespace wl::lab
