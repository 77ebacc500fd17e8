#include "session/runner.h"

#include <chrono>
#include <stdexcept>

#include "kernels/gpu/gpu_error.h"
#include "kernels/plain/plain_contract.h"
#include "lab/exec/lab_run.h"
#include "lab/exec/program_run.h"
#include "lab/compile/plain_build.h"
#include "model/run_notes.h"
#include "model/views/fault_report.h"
#include "trace/trace_file.h"

namespace wl {
namespace {

ShownRun failure(RunProblem problem, std::string message, const RunSettings& settings) {
  ShownRun out;
  out.problem = problem;
  out.message = std::move(message);
  out.settings = settings;
  return out;
}

// A finished run as the screen takes it: the result and its check, a kernel bug as the problem
// (the lesson of a pitfall: the run up to it), and the views of its trace.
ShownRun shown(RunOutcome&& done, std::uint32_t inspect_launch) {
  ShownRun out;
  static_cast<RunOutcome&>(out) = std::move(done);
  out.checked = true;
  if (out.result.trace.meta.fault) {
    out.problem = RunProblem::KernelBug;
    out.message = fault_sentence(out.result.trace.meta);
  }
  out.views = std::make_shared<const TraceViews>(build_trace_views(std::move(out.result.trace), inspect_launch));
  out.result.trace = Trace{};
  out.notes = run_notes(out.views->whole(), out.views->work_span, out.result.check.ok && out.ok());
  return out;
}

ShownRun run_on(const SettledRun& settled) {
  return shown(run_settled(settled), settled.settings.inspect_launch);
}

// A learner's file: built, then run in a child process (app/lab/exec/lab_run.h). A file that does not
// build or a kernel that crashes is the outcome's problem; the views keep the last good run.
ShownRun run_lab_now(const SettledRun& settled) {
  const RunSettings& s = settled.settings;
  std::string error;
  std::optional<lab::LabFile> file = lab::read_lab_file(s.lab_file, error);
  if (!file) return failure(RunProblem::Lab, error, s);
  if (file->plain) {
    if (!s.lab_family.empty()) file->family = s.lab_family;
    if (!s.lab_kernel.empty()) file->id = file->kernel = s.lab_kernel;
  }
  std::string note;
  const std::optional<lab::LabTarget> target = lab::choose_lab_target(*file, s.backend, note);
  if (!target) return failure(RunProblem::Lab, note, s);
  if (file->plain)
    if (std::string problem = lab::plain_problem(*file, s.request.type, s.request.block, *target); !problem.empty())
      return failure(RunProblem::Lab, problem, s);
  lab::LabRequest request;
  request.request = settled.request;
  request.request.family = file->family;
  request.request.variant = file->plain ? kPlainVariant : file->id;
  request.input = settled.input;
  request.limits.seconds = s.lab_seconds;
  request.limits.memory_bytes = s.lab_memory_mib << 20;
  request.target = *target;
  if (*target == lab::LabTarget::Gpu) request.request.sm_count = default_sm_count();
  lab::LabRun run = lab::run_lab(*file, request);
  if (!run.ran) {
    ShownRun out = failure(RunProblem::Lab, run.problem, s);
    out.lab_diagnostics = std::move(run.build.diagnostics);
    return out;
  }
  run.outcome.trace.meta.variant_file = file->path;
  RunOutcome done;
  done.settings = s;
  done.result = std::move(run.outcome);
  ShownRun out = shown(std::move(done), s.inspect_launch);
  out.settings.request.variant = file->id;
  if (s.backend == BackendChoice::Auto) out.note = note;
  if (!run.note.empty()) out.note += (out.note.empty() ? "" : "; ") + run.note;
  out.lab_build_seconds = run.build.cached ? 0 : run.build.seconds;
  constexpr std::size_t kPrintsShown = 20;  // the pane's share; `lab run` prints them all
  for (std::size_t i = 0; i < run.prints.size() && i < kPrintsShown; ++i) {  // what the kernel printed, with its thread
    const PlainPrint& p = run.prints[i];
    std::string text = p.text;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    out.notes.push_back("printf, block " + std::to_string(p.block) + " thread " + std::to_string(p.thread) + " (line " +
                        std::to_string(p.line) + "): " + text);
  }
  const std::uint64_t unshown = run.prints_dropped + (run.prints.size() > kPrintsShown ? run.prints.size() - kPrintsShown : 0);
  if (unshown) out.notes.push_back("printf: " + std::to_string(unshown) + " more lines (warplens lab run shows them)");
  return out;
}

RunSettings settings_from_meta(const TraceMeta& m) {
  RunSettings s;
  s.request.family = m.family;
  s.request.variant = m.variant;
  s.request.op = m.op;
  s.request.type = m.type;
  s.request.n = m.n;
  s.request.params = m.params;
  s.request.block = m.block_dim;
  s.request.sm_count = m.sm_count ? m.sm_count : default_sm_count();  // re-runs plan the launch the trace shows
  s.inspect_block = m.recorded_blocks.empty() ? 0 : m.recorded_blocks.front();
  return s;
}

}  // namespace

ShownRun run_settled_now(const SettledRun& run) {
  const RunSettings& s = run.settings;
  if (!s.lab_file.empty()) return run_lab_now(run);
  SettledRun settled = run;
  try {
    return run_on(settled);
  } catch (const GpuError& e) {
    // Only when the GPU was demanded: fall back to the simulator, and say so.
    try {
      settled.settings.backend = BackendChoice::Simulator;
      ShownRun out = run_on(settled);
      out.settings.backend = s.backend;
      out.note = std::string("GPU failed (") + e.what() + "): ran on the simulator";
      return out;
    } catch (const std::exception& other) {
      return failure(RunProblem::Gpu, std::string("GPU failed (") + e.what() + "), and so did the simulator: " + other.what(), s);
    }
  } catch (const RunCancelled&) {
    return failure(RunProblem::Cancelled, "Cancelled: the views show the last run that finished.", s);
  } catch (const std::bad_alloc&) {
    return failure(RunProblem::Invalid, "out of memory: try a smaller n", s);
  } catch (const std::exception& e) {
    return failure(RunProblem::Invalid, e.what(), s);
  }
}

ShownRun run_settings_now(const RunSettings& s) {
  SettledRun settled;
  if (std::string problem = settle(s, true, settled); !problem.empty()) return failure(RunProblem::Invalid, problem, s);
  return run_settled_now(settled);
}

ShownRun load_trace_now(const std::string& path) {
  try {
    Trace trace = read_trace(path);
    ShownRun out;
    out.settings = settings_from_meta(trace.meta);
    out.result.backend = trace.meta.backend;
    out.trace_file = path;
    out.views = std::make_shared<const TraceViews>(build_trace_views(std::move(trace)));
    return out;
  } catch (const TraceError& e) {
    ShownRun out = failure(RunProblem::TraceFile, std::string("Cannot load the trace: ") + e.what(), {});
    out.trace_file = path;
    return out;
  } catch (const std::exception& e) {
    ShownRun out = failure(RunProblem::TraceFile, std::string("Cannot load the trace ") + path + ": " + e.what(), {});
    out.trace_file = path;
    return out;
  }
}

ShownRun run_program_now(const SettledProgram& program) {
  const lab::ProgramRun run = lab::run_program(program, /*pass_output=*/false);
  ShownRun out;
  out.program = true;
  out.program_launches = run.launches;
  out.program_output = run.child.output;
  if (!run.ran) {
    out = failure(RunProblem::Lab, run.problem, {});
    out.program = true;
    out.lab_diagnostics = run.build.build.diagnostics;
    out.program_output = run.build.build.output;  // clang's messages, at the program's lines
    return out;
  }
  out.lab_build_seconds = run.build.build.cached ? 0 : run.build.build.seconds;
  out.program_ended = !run.ended.empty() ? run.ended : program.name + " exited with " + std::to_string(run.exit_code);
  if (!run.trace) {
    out.problem = RunProblem::Lab;
    out.message = out.program_ended + (run.launches.empty() ? "; it launched no kernel" : "; none of its launches was recorded");
    return out;
  }
  Trace trace = *run.trace;
  out.settings = settings_from_meta(trace.meta);
  out.result.backend = trace.meta.backend;
  out.views = std::make_shared<const TraceViews>(build_trace_views(std::move(trace)));
  return out;
}

ShownRun run_entry_now(const lab::EntryRequest& entry) {
  const lab::EntryRun run = lab::run_entry(entry);
  ShownRun out;
  if (!run.program.ran || (!run.problem.empty() && !run.program.trace)) {
    out = failure(RunProblem::Lab, run.problem, {});
    out.lab_diagnostics = run.program.build.build.diagnostics;
  }
  out.program = true;
  out.program_launches = run.program.launches;
  out.program_output = run.program.ran ? run.program.child.output : run.program.build.build.output;
  out.program_ended = run.signature.empty() ? "" : run.signature + " called";
  if (!run.program.trace) return out;
  if (!run.problem.empty()) out = failure(RunProblem::Lab, run.problem, {}), out.program = true;
  Trace trace = *run.program.trace;
  out.settings = settings_from_meta(trace.meta);
  out.result = run.result;
  out.result.result_text = std::to_string(run.result.result.count()) + " values from " + run.signature;
  out.checked = run.problem.empty();
  out.views = std::make_shared<const TraceViews>(build_trace_views(std::move(trace)));
  return out;
}

Runner::~Runner() {
  cancel();  // closing the window does not wait for a long simulation
  if (current_.valid()) current_.wait();
}

void Runner::cancel() {
  if (progress_) progress_->cancel = true;
}

double Runner::seconds_running() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

namespace {

ShownRun with_opening_block(ShownRun out) {
  if (out.views)
    out.opening = std::make_shared<BlockViews>(build_block_views(*out.views, opening_block(*out.views, out.settings.inspect_block)));
  return out;
}

}  // namespace

void Runner::launch(const Job& job) {
  progress_.reset();
  started_ = std::chrono::steady_clock::now();
  if (job.load) {
    current_ = std::async(std::launch::async, [path = job.path] { return with_opening_block(load_trace_now(path)); });
    return;
  }
  if (job.entry) {
    current_ = std::async(std::launch::async, [entry = job.entry] { return with_opening_block(run_entry_now(*entry)); });
    return;
  }
  if (job.program) {
    current_ = std::async(std::launch::async,
                          [program = job.program] { return with_opening_block(run_program_now(*program)); });
    return;
  }
  SettledRun run = job.run;
  progress_ = std::make_shared<RunProgress>();
  run.request.progress = progress_;
  current_ = std::async(std::launch::async, [run = std::move(run)] { return with_opening_block(run_settled_now(run)); });
}

void Runner::start(const SettledRun& run) {
  Job job;
  job.run = run;
  if (current_.valid()) {
    queued_ = job;
    cancel();  // its result would be dropped for the newer one: stop it
  } else {
    launch(job);
  }
}

void Runner::start_program(const SettledProgram& program) {
  Job job;
  job.program = std::make_shared<const SettledProgram>(program);
  if (current_.valid()) queued_ = job;
  else launch(job);
}

void Runner::start_entry(const lab::EntryRequest& entry) {
  Job job;
  job.entry = std::make_shared<const lab::EntryRequest>(entry);
  if (current_.valid()) queued_ = job;
  else launch(job);
}

void Runner::start_load(const std::string& path) {
  Job job;
  job.load = true;
  job.path = path;
  if (current_.valid()) queued_ = job;
  else launch(job);
}

std::optional<ShownRun> Runner::poll() {
  if (!current_.valid()) return std::nullopt;
  if (current_.wait_for(std::chrono::seconds(0)) != std::future_status::ready) return std::nullopt;
  ShownRun out = current_.get();
  if (queued_) {  // superseded: run the newer request instead
    launch(*queued_);
    queued_.reset();
    return std::nullopt;
  }
  return out;
}

std::optional<ShownRun> Runner::wait() {
  while (current_.valid()) {
    current_.wait();
    if (auto out = poll()) return out;
  }
  return std::nullopt;
}

}  // namespace wl
