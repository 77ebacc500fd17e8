#include "cli/run_options.h"

#include "cli/commands.h"
#include "cli/size_option.h"

#include <CLI/CLI.hpp>

#include <iostream>
#include <new>

#include "kernels/device/device_info.h"
#include "kernels/family/param_text.h"
#include "kernels/gpu/gpu_error.h"
#include "model/views/fault_report.h"

namespace wl::cli {

void add_run_options(CLI::App& c, RunOptions& o) {
  c.add_option("--family", o.request.family, "kernel family (see `warplens list`)")->capture_default_str();
  c.add_option("--variant", o.request.variant,
               "variant id (see `warplens list`); by default sequential, or the family's first that is not a pitfall")
      ->capture_default_str();
  c.add_option("--op", o.request.op, "operator (see `warplens list`); by default the family's first");
  c.add_option("--type", o.request.type, "value type (see `warplens list`); by default the family's first");
  c.add_option("--n", o.request.n, "number of elements: 1048576 or 2^20 (0 gives the operator's identity)")
      ->capture_default_str()
      ->transform(size_text());
  c.add_option("--block", o.request.block, "threads per block: a power of two up to 1024")->capture_default_str();
  c.add_option("--backend", o.backend, "auto (GPU if usable), sim or gpu")->capture_default_str();
  c.add_option("--pattern", o.pattern, "random, ones, ascending, all-equal, skewed or image")->capture_default_str();
  c.add_option("--seed", o.seed, "seed of the random input")->capture_default_str();
  c.add_option("--record-blocks", o.record_blocks, "blocks to record: 0,1,5-7 or all")->capture_default_str();
  c.add_option("--event-cap", o.request.event_cap, "most events recorded; past it the trace is marked incomplete")->capture_default_str();
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

namespace {

// A family over several GPUs (its parameter "gpus") runs on every GPU present, two or more, unless
// told otherwise; the simulator, on the family's default. Asked for the GPU, it may not ask for
// more GPUs than there are: the reason, else empty.
std::string settle_gpus(RunRequest& r, BackendChoice backend) {
  const Family* family = find_family(r.family);
  if (!family || backend == BackendChoice::Simulator) return {};
  for (const FamilyParam& p : family->params()) {
    if (p.name != "gpus") continue;
    const DeviceInfo device = query_device();
    if (!r.params.count("gpus")) {
      if (device.available && device.count >= 2)
        r.params["gpus"] = std::min<std::uint64_t>(std::uint64_t(device.count), p.max_value);
    } else if (backend == BackendChoice::Gpu && device.available && r.params["gpus"] > std::uint64_t(device.count)) {
      return "--gpus " + std::to_string(r.params["gpus"]) + ": this machine has " + std::to_string(device.count) +
             " GPU" + (device.count == 1 ? "" : "s") + " (--backend sim runs any number)";
    }
  }
  return {};
}

}  // namespace

int run_from_options(RunOptions& o, bool record, RunReport& report) {
  BackendChoice backend;
  if (!parse_backend(o.backend, backend)) {
    std::cerr << "warplens: unknown backend '" << o.backend << "' (auto, sim or gpu)\n";
    return 2;
  }
  RunInput input;
  input.seed = o.seed;
  if (!parse_pattern(o.pattern, input.pattern)) {
    std::cerr << "warplens: unknown input pattern '" << o.pattern << "'\n";
    return 2;
  }
  RunRequest& r = o.request;
  r.record = record;
  r.sm_count = o.sm_count ? *o.sm_count : default_sm_count();  // asks the device only when needed
  std::string error;
  if (!parse_params(o.params, r.params, error)) {
    std::cerr << "warplens: " << error << "\n";
    return 2;
  }
  if (o.gpus) r.params["gpus"] = *o.gpus;
  if (const std::string problem = settle_gpus(r, backend); !problem.empty()) {
    std::cerr << "warplens: " << problem << "\n";
    return 2;
  }
  if (const Family* family = find_family(r.family)) {
    if (r.type.empty()) r.type = family->types().front();
    if (r.op.empty()) r.op = family->ops().empty() ? "sum" : family->ops().front();  // "sum": as before, ignored
    if (r.variant == RunRequest{}.variant && !family->find_variant(r.variant))  // not named: the family's own first
      for (const VariantSummary& v : family->variants())
        if (!v.pitfall) {
          r.variant = v.id;
          break;
        }
  }
  if (const std::string problem = validate(r); !problem.empty()) {
    std::cerr << "warplens: " << problem << "\n";
    return 2;
  }
  const std::vector<PlannedLaunch> launches = find_family(r.family)->plan(r);
  if (!parse_block_list(o.record_blocks, largest_grid(launches), r.record_blocks, error)) {
    std::cerr << "warplens: " << error << "\n";
    return 2;
  }
  if (record && r.record_blocks.empty()) r.record_blocks = {0};
  try {
    report = run_request(r, input, backend);
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
  if (!report.note.empty()) std::cerr << "warplens: " << report.note << "\n";
  if (report.outcome.trace.meta.fault) {  // a pitfall's bug: a result to report, not a crash
    std::cerr << "warplens: " << fault_sentence(report.outcome.trace.meta) << "\n";
    return 1;
  }
  return 0;
}

}  // namespace wl::cli
