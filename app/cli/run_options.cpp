#include "cli/run_options.h"

#include "cli/commands.h"
#include "cli/size_option.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <new>

#include "kernels/gpu/gpu_error.h"
#include "model/views/fault_report.h"

namespace wl::cli {

void add_run_options(CLI::App& c, RunOptions& o) {
  RunRequest& r = o.settings.request;
  c.add_option("--family", r.family, "kernel family (see `warplens list`)")->capture_default_str();
  c.add_option("--variant", r.variant,
               "variant id (see `warplens list`); by default sequential, or the family's first that is not a pitfall")
      ->capture_default_str();
  c.add_option("--op", r.op, "operator (see `warplens list`); by default the family's first");
  c.add_option("--type", r.type, "value type (see `warplens list`); by default the family's first");
  c.add_option("--n", r.n, "number of elements: 1048576 or 2^20 (0 gives the operator's identity)")
      ->capture_default_str()
      ->transform(size_text());
  c.add_option("--block", r.block, "threads per block: a power of two up to 1024")->capture_default_str();
  c.add_option("--backend", o.backend, "auto (GPU if usable), sim or gpu")->capture_default_str();
  c.add_option("--pattern", o.settings.pattern, "random, ones, ascending, all-equal, skewed or image")->capture_default_str();
  c.add_option("--seed", o.settings.seed, "seed of the random input")->capture_default_str();
  c.add_option("--record-blocks", o.settings.record_blocks, "blocks to record: 0,1,5-7 or all")->capture_default_str();
  c.add_option("--event-cap", r.event_cap, "most events recorded; past it the trace is marked incomplete")->capture_default_str();
  c.add_option("--param", o.params, "a family parameter, name=value (see `warplens list`); repeatable");
  c.add_option("--gpus", o.gpus,
               "GPUs (ranks) an all-reduce runs over: --param gpus=K (default: every GPU present, two or more; 4 on the simulator)");
  c.add_option("--sm-count", o.sm_count,
               "multiprocessors to size persistent grids and scan tiles for (default: the GPU's, or an H100's 132 without one)");
}

std::string request_words(const RunRequest& r) {
  const Family* family = find_family(r.family);
  std::string words = r.variant;
  if (family && !family->ops().empty()) words += " " + r.op;
  words += " " + r.type;
  for (const auto& [name, value] : r.params) words += " " + name + "=" + std::to_string(value);
  return words + " n=" + std::to_string(r.n) + " block=" + std::to_string(r.block);
}

int run_from_options(const RunOptions& o, bool record, RunOutcome& outcome) {
  RunSettings asked = o.settings;
  asked.request.sm_count = o.sm_count ? *o.sm_count : default_sm_count();  // asks the device only when needed
  std::string error;
  SettledRun settled;
  if (!parse_backend(o.backend, asked.backend)) error = "unknown backend '" + o.backend + "' (auto, sim or gpu)";
  else if (parse_params(o.params, asked.request.params, error)) {
    if (o.gpus) asked.request.params["gpus"] = *o.gpus;
    error = settle(asked, record, settled);
  }
  if (!error.empty()) {
    std::cerr << "warplens: " << error << "\n";
    return 2;
  }
  try {
    outcome = run_settled(settled);
  } catch (const GpuError& e) {
    std::cerr << "warplens: GPU error: " << e.what() << "\n";
    return 1;
  } catch (const std::bad_alloc&) {
    std::cerr << "warplens: " << kOutOfMemory << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "warplens: " << e.what() << "\n";
    return 1;
  }
  if (!outcome.note.empty()) std::cerr << "warplens: " << outcome.note << "\n";
  if (outcome.problem == RunProblem::KernelBug) {  // a pitfall's bug: a result to report, not a crash
    outcome.message = fault_sentence(outcome.result.trace.meta);
    std::cerr << "warplens: " << outcome.message << "\n";
    return 1;
  }
  if (!outcome.ok()) {
    std::cerr << "warplens: " << outcome.message << "\n";
    return 1;
  }
  return 0;
}

}  // namespace wl::cli
