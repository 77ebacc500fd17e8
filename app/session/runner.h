// Runs kernels and loads trace files off the UI thread, and turns every failure into a message
// for the screen: an invalid request, a kernel bug the simulator found (a lesson), a GPU error
// (the run falls back to the simulator and says so), a corrupt trace file.
#pragma once
#include <chrono>
#include <future>
#include <memory>
#include <optional>
#include <string>

#include "kernels/plain/program_runtime.h"
#include "lab/compile/lab_build.h"
#include "lab/exec/entry_run.h"
#include "run/program_request.h"
#include "model/views/trace_views.h"
#include "run/backend_run.h"

namespace wl {

// A run as the screen takes it: what it came to (the problem, the note, the settings that ran,
// the result and its check; run/backend_run.h), the views built from its trace (which then holds
// no events: the views own them), and what only the screen shows.
struct ShownRun : RunOutcome {
  std::string trace_file;  // set when the trace came from a file
  std::vector<std::string> notes;  // run_notes: a kernel that wrote its input, one that combined serially
  bool checked = false;    // false for trace files: there is no result to check
  // A learner's file (Lab): the compiler's diagnostics when it did not build, and how long the
  // build took (0: unchanged since the last).
  std::vector<lab::Diagnostic> lab_diagnostics;
  double lab_build_seconds = 0;
  // Null when the run failed, except for a kernel bug: then the run up to it.
  std::shared_ptr<const TraceViews> views;
  // The views of the block the screen opens on (opening_block), built with the run off the UI
  // thread: on a run of millions of events they took one frame 100 ms and more.
  std::shared_ptr<BlockViews> opening;
  // A whole program (--program): every launch it made, what it printed, how it ended.
  bool program = false;
  std::vector<ProgramLaunch> program_launches;
  std::string program_output;
  std::string program_ended;  // "exited with 0", "ran past its time limit ..."
};

// Synchronous forms, used by the runner's thread and by tests: a run settled (run/settled_run.h),
// settings settled then run, a trace file loaded.
ShownRun run_settled_now(const SettledRun& run);
ShownRun run_settings_now(const RunSettings& settings);
ShownRun load_trace_now(const std::string& path);
ShownRun run_program_now(const SettledProgram& program);
ShownRun run_entry_now(const lab::EntryRequest& entry);

class Runner {
 public:
  Runner() = default;
  ~Runner();
  Runner(const Runner&) = delete;
  Runner& operator=(const Runner&) = delete;

  // Starts a run, or queues it behind the one in flight (the older result is then dropped).
  void start(const SettledRun& run);
  // Builds and runs a whole program in a child process, then shows its recorded launches.
  void start_program(const SettledProgram& program);
  // The same for a practice site's entry point (lab/exec/entry_run.h), its result checked.
  void start_entry(const lab::EntryRequest& entry);
  void start_load(const std::string& path);
  bool busy() const { return current_.valid() || queued_.has_value(); }
  // The run in flight's progress on the simulator (null when idle, or loading a trace), and a
  // way to stop it: it ends as RunProblem::Cancelled, the views keeping the last good run.
  const RunProgress* progress() const { return progress_.get(); }
  double seconds_running() const;  // of the run in flight
  void cancel();
  // The outcome of the latest request once it is done; nullopt while busy or idle.
  std::optional<ShownRun> poll();
  // Blocks until the latest request is done.
  std::optional<ShownRun> wait();

 private:
  struct Job {
    bool load = false;
    SettledRun run;
    std::string path;
    std::shared_ptr<const SettledProgram> program;  // set: run this program
    std::shared_ptr<const lab::EntryRequest> entry;  // set: call this practice entry
  };
  void launch(const Job& job);

  std::future<ShownRun> current_;
  std::shared_ptr<RunProgress> progress_;  // current_'s
  std::chrono::steady_clock::time_point started_;
  std::optional<Job> queued_;
};

}  // namespace wl
