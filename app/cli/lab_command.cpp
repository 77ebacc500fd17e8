// `warplens lab`: the learner's own kernel under the lens (app/lab/).
//   lab new [--family F] [--from V | --skeleton] FILE   a starting file from a built-in variant
//   lab run FILE [options] [--json]                     build, run (simulator or GPU), check, metrics
//   lab check FILE [--json] [--solution]                an exercise's goals
//   lab exec LIBRARY FOLDER                             the child process's side (not for people)
#include <CLI/CLI.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/metrics_document.h"
#include "cli/run_options.h"
#include "cli/size_option.h"
#include "run/run_words.h"
#include "kernels/host/input.h"
#include "kernels/plain/plain_contract.h"
#include "lab/front/lab_goals.h"
#include "lab/exec/lab_exec.h"
#include "lab/exec/entry_run.h"
#include "lab/exec/lab_run.h"
#include "lab/exec/program_exec.h"
#include "lab/front/lab_starter.h"
#include "lab/compile/plain_build.h"
#include "model/metrics.h"
#include "model/metrics_format.h"
#include "model/run_notes.h"
#include "model/views/fault_report.h"
#include "model/views/race_report.h"
#include "trace/trace_file.h"
#include "trace/trace_json.h"

namespace wl::cli {
namespace {

using nlohmann::json;

// What `lab run` and `lab check` take beyond the file: the run (defaults: the file's `run:` line,
// else the family's) and the child's limits.
struct LabOptions {
  std::string file;
  std::optional<std::uint64_t> n;
  std::optional<unsigned> block;
  std::optional<std::string> op, type;
  std::optional<std::string> family, kernel;  // plain CUDA: the contract, the kernel
  std::vector<std::string> templates;         // plain CUDA: template parameters by name
  std::optional<std::uint64_t> items, grid, shared;  // plain CUDA: the contract's launch
  std::vector<std::string> params;
  std::optional<std::string> pattern;
  std::optional<std::uint64_t> seed;
  std::string record_blocks = "0";
  std::string backend = "auto";
  double seconds = kLabDefaultSeconds;
  std::uint64_t memory_mib = kLabDefaultMemory >> 20;
  bool json = false;
  std::string out;        // run: the trace, to open with `warplens --trace`
  bool solution = false;  // check: the exercise's solution, not the file's kernel
  std::optional<std::string> entry;  // run: a practice site's host function, called with the family's buffers
};

void add_lab_options(CLI::App& c, LabOptions& o, bool run_options) {
  c.add_option("file", o.file, "your kernel: a plain-CUDA .cu file, or a variant file (see `warplens lab new`)")->required();
  c.add_option("--family", o.family, "plain CUDA: the family whose contract the kernel fulfils (its arguments, launches and check)");
  c.add_option("--kernel", o.kernel, "plain CUDA: the __global__ function to run (needed when the file has several)");
  c.add_option("--template", o.templates,
               "plain CUDA: template parameters by name, NAME=VALUE[,NAME=VALUE] (nIsPow2=true,blockSize=256); "
               "unset, a type parameter is --type and an integer one the block size");
  if (run_options) {
    c.add_option("--entry", o.entry,
                 "plain CUDA: a host function that launches the file's kernels, solve(const float* input, float* output, "
                 "int N) as practice sites write it, called with the family's buffers; every launch it makes recorded");
    c.add_option("--items", o.items, "plain CUDA: elements a thread reads; the grid is ceil(n / (block x items)) (--param items)");
    c.add_option("--grid", o.grid, "plain CUDA: blocks of the first launch (--param grid)");
    c.add_option("--shared", o.shared, "plain CUDA: dynamic shared memory bytes a block, extern __shared__ (--param shared)");
    c.add_option("--n", o.n, "number of elements: 1048576 or 2^20 (default: the file's run: line, else 4096)")
        ->transform(size_text());
    c.add_option("--block", o.block, "threads per block");
    c.add_option("--op", o.op, "operator");
    c.add_option("--type", o.type, "value type");
    c.add_option("--param", o.params, "a family parameter, name=value; repeatable");
    c.add_option("--pattern", o.pattern, "random, ones, ascending, all-equal, skewed or image (default: the file's, else random)");
    c.add_option("--seed", o.seed, "seed of the random input (default: the file's, else 1)");
    c.add_option("--record-blocks", o.record_blocks, "blocks to record: 0,1,5-7 or all")->capture_default_str();
    c.add_option("--out", o.out, "also write the run's trace: .json for JSON, anything else binary (open it with --trace)");
  }
  c.add_option("--backend", o.backend,
               "auto (the GPU where nvcc and a GPU are here, else the simulator), sim or gpu")
      ->capture_default_str();
  c.add_option("--time-limit", o.seconds, "seconds your kernel may run before it is stopped")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 3600.0));
  c.add_option("--memory-limit", o.memory_mib, "MiB of memory a run on the simulator may take")
      ->capture_default_str()
      ->check(CLI::Range(64, 1 << 20));
  c.add_flag("--json", o.json, "print JSON (the document `metrics --json` gives, plus the run's)");
}

// The file and its request; an exit code (2: bad options or file, 1: no compiler) when not.
int prepare(LabOptions& o, std::optional<lab::LabFile>& file, lab::LabRequest& request) {
  std::string error;
  file = lab::read_lab_file(o.file, error);
  if (file && o.solution) file = lab::write_solution_file(*file, error);
  if (!file) {
    std::cerr << "warplens lab: " << error << "\n";
    return 2;
  }
  if ((o.family || o.kernel || !o.templates.empty()) && !file->plain) {
    std::cerr << "warplens lab: --family, --kernel and --template are for plain-CUDA .cu files; " << file->path
              << " is a variant of " << file->family << "\n";
    return 2;
  }
  for (const std::string& t : o.templates)
    if (!lab::parse_template_settings(t, file->templates, error)) {
      std::cerr << "warplens lab: --template: " << error << "\n";
      return 2;
    }
  if (o.family) file->family = *o.family;
  if (o.kernel) file->id = file->kernel = *o.kernel;
  std::optional<lab::LabRequest> asked = lab::lab_default_request(*file, error);
  if (!asked) {
    std::cerr << "warplens lab: " << error << "\n";
    return 2;
  }
  request = *asked;
  RunRequest* r = &request.request;
  BackendChoice backend;
  if (!parse_backend(o.backend, backend)) {
    std::cerr << "warplens lab: unknown backend '" << o.backend << "' (auto, sim or gpu)\n";
    return 2;
  }
  std::string note;
  const std::optional<lab::LabTarget> target = lab::choose_lab_target(*file, backend, note);
  if (!target) {
    std::cerr << "warplens lab: " << note << "\n";
    return 1;
  }
  if (!note.empty() && backend == BackendChoice::Auto) std::cerr << "warplens lab: " << note << "\n";
  request.target = *target;
  if (o.n) r->n = *o.n;
  if (o.block) r->block = *o.block;
  if (o.op) r->op = *o.op;
  if (o.type) r->type = *o.type;
  if (!parse_params(o.params, r->params, error)) {
    std::cerr << "warplens lab: " << error << "\n";
    return 2;
  }
  if ((o.items || o.grid || o.shared) && !file->plain) {
    std::cerr << "warplens lab: --items, --grid and --shared are for plain-CUDA .cu files\n";
    return 2;
  }
  if (o.items) r->params["items"] = *o.items;
  if (o.grid) r->params["grid"] = *o.grid;
  if (o.shared) r->params["shared"] = *o.shared;
  if (o.pattern && !parse_pattern(*o.pattern, request.input.pattern)) {
    std::cerr << "warplens lab: unknown input pattern '" << *o.pattern << "'\n";
    return 2;
  }
  if (o.seed) request.input.seed = *o.seed;
  // A plain file's request against its contract here, so a bad option is exit 2 like any other,
  // not a run that fails in the child.
  if (const PlainContract* contract = file->plain ? find_plain_contract(file->family) : nullptr) {
    RunSettings asked;
    asked.request = *r;
    asked.request.family = file->family;
    asked.request.variant = kPlainVariant;
    asked.backend = BackendChoice::Simulator;  // the target is chosen: no GPU count to settle
    SettledRun settled;
    if (const std::string problem = settle_for(*contract->runs, asked, false, settled); !problem.empty()) {
      std::cerr << "warplens lab: " << problem << "\n";
      return 2;
    }
  }
  r->record = true;
  // The GPU's own multiprocessors, or the simulator's stand-in H100, as `run` sizes grids.
  r->sm_count = *target == lab::LabTarget::Gpu ? default_sm_count() : RunRequest{}.sm_count;
  std::vector<std::uint32_t> blocks;
  // "all" is resolved by the child, which knows the variant's grid.
  request.record_all = o.record_blocks == "all";
  if (!request.record_all && !parse_block_list(o.record_blocks, 0, blocks, error)) {
    std::cerr << "warplens lab: " << error << "\n";
    return 2;
  }
  r->record_blocks = blocks.empty() ? std::vector<std::uint32_t>{0} : blocks;
  request.limits.seconds = o.seconds;
  request.limits.memory_bytes = o.memory_mib << 20;
  std::string why;
  if (file->plain) {
    if (const std::string problem = lab::plain_problem(*file, r->type, r->block, request.target); !problem.empty()) {
      std::cerr << "warplens lab: " << problem << "\n";
      return 2;
    }
    if (request.target == lab::LabTarget::Simulator && !lab::plain_compiler_present(why)) {
      std::cerr << "warplens lab: " << why << "\n";
      return 1;
    }
    return 0;
  }
  if (!lab::lab_compiler_present(why, request.target)) {
    std::cerr << "warplens lab: " << why << "\n";
    return 1;
  }
  return 0;
}

// The metrics document of `metrics --launch all --json` (every launch, as the goals count), the
// simulator's finding, and the lab's own: the file, the build and, on the GPU, the timing.
json lab_document(const lab::LabRun& run) {
  const RunResult& o = run.outcome;
  json j = metrics_document(o, kAllLaunches);
  if (o.trace.meta.fault) j["fault"] = fault_sentence(o.trace.meta);
  j["lab"] = {{"file", o.trace.meta.variant_file}, {"variant", o.trace.meta.variant},
              {"build_seconds", run.build.seconds}, {"built_before", run.build.cached},
              {"run_seconds", run.run_seconds}};
  if (run.measures.time_ms) j["lab"]["time_ms"] = *run.measures.time_ms;
  if (run.measures.percent_of_copy) j["lab"]["percent_of_copy"] = *run.measures.percent_of_copy;
  if (!run.prints.empty()) {
    json& prints = j["lab"]["prints"] = json::array();
    for (const PlainPrint& p : run.prints)
      prints.push_back({{"launch", p.launch}, {"block", p.block}, {"thread", p.thread}, {"line", p.line}, {"text", p.text}});
    j["lab"]["prints_dropped"] = run.prints_dropped;
  }
  return j;
}

// What the kernel printed, a line a print, each with the thread that printed it.
void print_kernel_output(const lab::LabRun& run) {
  for (const PlainPrint& p : run.prints) {
    std::string text = p.text;
    while (!text.empty() && text.back() == '\n') text.pop_back();
    std::printf("printf (launch %u, block %u, thread %u, line %u): %s\n", p.launch, p.block, p.thread, p.line,
                text.c_str());
  }
  if (run.prints_dropped)
    std::printf("printf: %llu more lines not shown\n", (unsigned long long)run.prints_dropped);
}

// Builds and runs; prints what went wrong and returns its exit code, or 0 with `run` filled.
int build_and_run(const lab::LabFile& file, const lab::LabRequest& request, lab::LabRun& run, bool json) {
  run = lab::run_lab(file, request);
  if (!run.note.empty()) std::cerr << "warplens lab: " << run.note << "\n";
  if (run.ran) {
    run.outcome.trace.meta.variant_file = file.path;  // the fault's and the Source view's lines are the file's
    return 0;
  }
  if (json) {
    json::array_t errors;
    for (const lab::Diagnostic& d : run.build.diagnostics)
      if (d.severity == "error")
        errors.push_back({{"file", d.file}, {"line", d.line}, {"column", d.column}, {"message", d.message}});
    std::printf("%s\n", nlohmann::json{{"ok", false}, {"problem", run.problem}, {"errors", errors}}.dump(2).c_str());
  } else {
    std::cerr << "warplens lab: " << run.problem << "\n";
  }
  return 1;
}

void register_new(CLI::App& lab, CommandStatus& status) {
  CLI::App* cmd = lab.add_subcommand("new", "Write a starting file for your own kernel, from a built-in variant");
  auto family = std::make_shared<std::string>(kDefaultFamily);
  auto from = std::make_shared<std::string>();
  auto skeleton = std::make_shared<bool>(false);
  auto plain = std::make_shared<bool>(false);
  auto file = std::make_shared<std::string>();
  cmd->add_option("--family", *family, "the kernel family (see `warplens list`)")->capture_default_str();
  cmd->add_option("--from", *from, "the built-in variant to start from (default: the family's first)");
  cmd->add_flag("--skeleton", *skeleton, "leave the kernel body to you: TODOs instead of the variant's code");
  cmd->add_flag("--plain", *plain, "plain CUDA: the variant spelled as a course writes it, a .cu file the lab runs unchanged")
      ->excludes("--skeleton");
  cmd->add_option("file", *file, "the file to write (it must not exist yet)")->required();
  cmd->callback([&status, family, from, skeleton, plain, file] {
    status.ran = true;
    status.exit_code = 2;
    if (std::filesystem::exists(*file)) {
      std::cerr << "warplens lab new: " << *file << " exists; nothing was written (choose another name)\n";
      return;
    }
    std::string variant = *from, error;
    if (variant.empty() && !*plain)
      if (const Family* f = find_family(*family)) variant = f->variants().front().id;
    const std::optional<std::string> text = *plain ? lab::plain_starter_text(*family, variant, error)
                                                   : lab::starter_text(*family, variant, *file, *skeleton, error);
    if (!text) {
      std::cerr << "warplens lab new: " << error << "\n";
      return;
    }
    std::ofstream out(*file, std::ios::binary);
    out << *text;
    if (!out.flush()) {
      std::cerr << "warplens lab new: cannot write " << *file << "\n";
      status.exit_code = 1;
      return;
    }
    if (*plain)
      std::printf("wrote %s: %s's %s in plain CUDA. Next: warplens lab run %s\n", file->c_str(), family->c_str(),
                  variant.c_str(), file->c_str());
    else
      std::printf("wrote %s: %s, from %s's %s. Next: warplens lab run %s\n", file->c_str(),
                  lab::variant_id_for(*file).c_str(), family->c_str(), variant.c_str(), file->c_str());
    status.exit_code = 0;
  });
}

// `lab run FILE --family F --entry solve`: the file's host function on the simulator
// (lab/exec/entry_run.h), its result checked, each launch it made named.
int run_entry_command(const LabOptions& o) {
  lab::EntryRequest asked;
  asked.file = o.file;
  asked.entry = *o.entry;
  RunRequest& r = asked.settings.request;
  r.family.clear();  // the file's `// family:` line, or --family; neither: run_entry asks for one
  if (std::string ignored; const std::optional<lab::LabFile> file = lab::read_lab_file(o.file, ignored)) r.family = file->family;
  if (o.family) r.family = *o.family;
  if (o.n) r.n = *o.n;
  r.op = o.op ? *o.op : "";        // empty: the family's first
  r.type = o.type ? *o.type : "";  // empty: the entry's first pointer's
  std::string error;
  Pattern pattern;
  if (!parse_params(o.params, r.params, error) || (o.pattern && !parse_pattern(*o.pattern, pattern))) {
    std::cerr << "warplens lab: " << (error.empty() ? "unknown input pattern '" + *o.pattern + "'" : error) << "\n";
    return 2;
  }
  if (o.pattern) asked.settings.pattern = *o.pattern;
  if (o.seed) asked.settings.seed = *o.seed;
  if (o.block || o.kernel || o.items || o.grid || o.shared || !o.templates.empty()) {
    std::cerr << "warplens lab: with --entry, " << *o.entry << " chooses its kernels and launches: leave out --block, "
              << "--kernel, --items, --grid, --shared and --template\n";
    return 2;
  }
  asked.gpu = o.backend == "gpu";  // auto: the simulator, where every launch's picture is the lesson
  asked.record_blocks = o.record_blocks;
  asked.seconds = o.seconds;
  asked.memory_mib = o.memory_mib;
  const lab::EntryRun run = lab::run_entry(asked);
  if (run.refused) {
    std::cerr << "warplens lab: " << run.problem << "\n";
    return 2;
  }
  if (!run.program.ran) std::cerr << run.program.build.build.output;
  if (!run.program.child.output.empty()) std::printf("%s", run.program.child.output.c_str());
  if (!run.problem.empty()) {
    std::cerr << "warplens lab: " << run.problem << "\n";
    if (!run.program.trace || o.out.empty()) return 1;
  }
  if (!o.out.empty() && run.program.trace) {
    try {
      const bool as_json = o.out.size() >= 5 && o.out.compare(o.out.size() - 5, 5, ".json") == 0;
      as_json ? write_trace_json(*run.program.trace, o.out) : write_trace(*run.program.trace, o.out);
    } catch (const std::exception& e) {
      std::cerr << "warplens lab: cannot write " << o.out << ": " << e.what() << "\n";
      return 1;
    }
  }
  if (!run.problem.empty()) return 1;
  const CheckResult& check = run.result.check;
  std::printf("%s (%s, %s %s%s n=%llu) on the %s: %llu values\n", run.signature.c_str(), o.file.c_str(),
              run.request.family.c_str(),
              find_family(run.request.family) && !find_family(run.request.family)->ops().empty() ? (run.request.op + " ").c_str() : "",
              run.request.type.c_str(),
              static_cast<unsigned long long>(run.request.n), asked.gpu ? "GPU" : "simulator",
              static_cast<unsigned long long>(run.result.result.count()));
  std::printf("check: %s (CPU reference %s, error %g, allowed %g)\n", check.ok ? "ok" : "WRONG", check.expected.c_str(),
              check.error, check.bound);
  if (!check.diagnosis.empty()) std::printf("%s\n", check.diagnosis.c_str());
  std::printf("%zu launch(es):\n", run.program.launches.size());
  for (std::size_t k = 0; k < run.program.launches.size(); ++k) {
    const ProgramLaunch& l = run.program.launches[k];
    // The GPU's tracer knows each launch's kernel and shape; the simulator its line and arguments too.
    const std::string line = l.line ? "line " + std::to_string(l.line) + ": " : "";
    std::printf("  %zu: %s%s<<<%u, %u>>>%s%s%s\n", k, line.c_str(), l.kernel.c_str(), l.grid.x * l.grid.y * l.grid.z,
                l.block.x * l.block.y * l.block.z, l.line ? ("(" + l.arguments + ")").c_str() : "",
                l.recorded >= 0 ? (", trace launch " + std::to_string(l.recorded)).c_str() : "",
                l.what.empty() ? "" : (": " + l.what).c_str());
  }
  if (run.program.trace && run.program.trace->meta.fault) std::printf("%s\n", fault_sentence(run.program.trace->meta).c_str());
  return check.ok ? 0 : 1;
}

void register_run(CLI::App& lab, CommandStatus& status) {
  CLI::App* cmd = lab.add_subcommand("run", "Build your kernel, run it (simulator or GPU), check it, measure it");
  auto o = std::make_shared<LabOptions>();
  add_lab_options(*cmd, *o, true);
  cmd->callback([&status, o] {
    status.ran = true;
    if (o->entry) {
      status.exit_code = run_entry_command(*o);
      return;
    }
    std::optional<lab::LabFile> file;
    lab::LabRequest request;
    if ((status.exit_code = prepare(*o, file, request)) != 0) return;
    lab::LabRun run;
    if ((status.exit_code = build_and_run(*file, request, run, o->json)) != 0) return;
    const RunResult& out = run.outcome;
    const bool fault = out.trace.meta.fault.has_value();
    if (!o->out.empty()) {
      try {
        const bool as_json = o->out.size() >= 5 && o->out.compare(o->out.size() - 5, 5, ".json") == 0;
        as_json ? write_trace_json(out.trace, o->out) : write_trace(out.trace, o->out);
      } catch (const std::exception& e) {
        std::cerr << "warplens lab: cannot write " << o->out << ": " << e.what() << "\n";
        status.exit_code = 1;
        return;
      }
    }
    if (o->json) {
      std::printf("%s\n", lab_document(run).dump(2).c_str());
    } else {
      std::printf("%s (%s, %s) on the %s: %s\n", file->id.c_str(), file->path.c_str(),
                  request_words(request.request).c_str(), out.backend == "gpu" ? "GPU" : "simulator",
                  fault ? "stopped at a bug" : out.result_text.c_str());
      if (fault) std::printf("%s\n", fault_sentence(out.trace.meta).c_str());
      else
        std::printf("check: %s (CPU reference %s, error %g, allowed %g)\n", out.check.ok ? "ok" : "WRONG",
                    out.check.expected.c_str(), out.check.error, out.check.bound);
      if (!out.check.diagnosis.empty()) std::printf("%s\n", out.check.diagnosis.c_str());
      for (const std::string& note : run_notes(out.trace, measure_work_span(build_dataflow(out.trace)), out.check.ok && !fault))
        std::printf("note: %s\n", note.c_str());
      print_kernel_output(run);
      for (const Race& r : find_races(out.trace)) std::printf("race: %s\n", race_sentence(r, out.trace.meta).c_str());
      std::printf("\n%s\n", format_metrics_table(compute_metrics(out.trace)).c_str());
      std::printf("built in %.1f s%s, ran in %.1f s\n", run.build.seconds, run.build.cached ? " (before: unchanged)" : "",
                  run.run_seconds);
      if (run.measures.time_ms)
        std::printf("on the GPU, uninstrumented: %.4f ms (median of 20), %.0f%% of the device copy's bandwidth\n",
                    *run.measures.time_ms, run.measures.percent_of_copy.value_or(0));
    }
    status.exit_code = out.check.ok && !fault ? 0 : 1;
  });
}

void register_check(CLI::App& lab, CommandStatus& status) {
  CLI::App* cmd = lab.add_subcommand("check", "Check an exercise's goals (its header's goal: lines) against your kernel");
  auto o = std::make_shared<LabOptions>();
  add_lab_options(*cmd, *o, false);
  cmd->add_flag("--solution", o->solution,
                "check the exercise's reference solution (the built-in variant its solution: line names) instead");
  cmd->footer("Goal metrics: correct, bank_conflicts, divergent_warps, barriers, excess_sectors, atomic_passes, races, "
              "unwritten_reads, faults, steps; time_ms and percent_of_copy need a GPU.");
  cmd->callback([&status, o] {
    status.ran = true;
    std::optional<lab::LabFile> file;
    lab::LabRequest request;
    if ((status.exit_code = prepare(*o, file, request)) != 0) return;
    if (file->goals.empty()) {
      std::cerr << "warplens lab check: " << file->path << " states no goals (lines like `// goal: bank_conflicts == 0`)\n";
      status.exit_code = 2;
      return;
    }
    lab::LabRun run;
    if ((status.exit_code = build_and_run(*file, request, run, o->json)) != 0) return;
    const std::vector<lab::GoalResult> goals = lab::check_goals(*file, request, run);
    bool all = true;
    for (const lab::GoalResult& g : goals) all = all && g.met;
    if (o->json) {
      json list = json::array();
      for (const lab::GoalResult& g : goals)
        list.push_back({{"goal", g.goal.text}, {"line", g.goal.line}, {"met", g.met},
                        {"yours", g.actual ? json(*g.actual) : json(nullptr)},
                        {"target", g.target ? json(*g.target) : json(nullptr)}, {"note", g.note}});
      json j = lab_document(run);
      j["exercise"] = file->title;
      j["goals"] = list;
      j["passed"] = all;
      std::printf("%s\n", j.dump(2).c_str());
    } else {
      if (!file->title.empty()) std::printf("%s\n", file->title.c_str());
      if (run.outcome.trace.meta.fault) std::printf("%s\n", fault_sentence(run.outcome.trace.meta).c_str());
      for (const Race& r : find_races(run.outcome.trace))
        std::printf("race: %s\n", race_sentence(r, run.outcome.trace.meta).c_str());
      std::printf("%s", lab::format_goals(goals).c_str());
    }
    status.exit_code = all ? 0 : 1;
  });
}

void register_exec(CLI::App& lab, CommandStatus& status) {
  // The child side of run_lab, not for people: no group hides it from --help.
  CLI::App* cmd = lab.add_subcommand("exec", "")->group("");
  auto library = std::make_shared<std::string>(), folder = std::make_shared<std::string>();
  cmd->add_option("library", *library)->required();
  cmd->add_option("folder", *folder)->required();
  auto watch = std::make_shared<double>(0);
  cmd->add_option("--watch", *watch);  // seconds until it writes where its threads are
  cmd->callback([&status, library, folder, watch] {
    status.ran = true;
    status.exit_code = lab::lab_exec(*library, *folder, *watch);
  });
}

void register_program_exec(CLI::App& lab, CommandStatus& status) {
  // The child side of a whole program's run (lab/exec/program_run.h), not for people.
  CLI::App* cmd = lab.add_subcommand("program-exec", "")->group("");
  auto library = std::make_shared<std::string>(), folder = std::make_shared<std::string>();
  cmd->add_option("library", *library)->required();
  cmd->add_option("folder", *folder)->required();
  cmd->callback([&status, library, folder] {
    status.ran = true;
    status.exit_code = lab::program_exec(*library, *folder);
  });
}

}  // namespace

void register_lab_command(CLI::App& app, CommandStatus& status) {
  CLI::App* lab = app.add_subcommand("lab", "Your own kernel under the lens: new, run, check");
  lab->require_subcommand(1);
  register_new(*lab, status);
  register_run(*lab, status);
  register_check(*lab, status);
  register_exec(*lab, status);
  register_program_exec(*lab, status);
}

}  // namespace wl::cli
