// `warplens metrics`: per-level and total metrics of a recorded launch, and the result with
// its check against the CPU reference.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/run_options.h"
#include "model/metrics.h"
#include "model/metrics_format.h"

namespace wl::cli {

void register_metrics_command(CLI::App& app, CommandStatus& status) {
  CLI::App* metrics = app.add_subcommand("metrics", "Shared-memory, global-memory and divergence metrics per level");
  auto options = std::make_shared<RunOptions>();
  auto json = std::make_shared<bool>(false);
  add_run_options(*metrics, *options);
  metrics->add_flag("--json", *json, "print JSON instead of a table");
  metrics->callback([&status, options, json] {
    status.ran = true;
    RunReport report;
    status.exit_code = run_from_options(*options, /*record=*/true, report);
    if (status.exit_code != 0) return;
    const ReduceOutcome& o = report.outcome;
    const Metrics m = compute_metrics(o.trace);
    if (*json) {
      nlohmann::json j = metrics_to_json(m);
      j["result"] = {{"value", o.result_text}, {"reference", o.check.expected},
                     {"ok", o.check.ok}, {"error", o.check.error}, {"bound", o.check.bound}};
      j["backend"] = o.backend;
      j["recorded_blocks"] = o.trace.meta.recorded_blocks;
      j["grid"] = o.trace.meta.grid_dim;
      std::printf("%s\n", j.dump(2).c_str());
    } else {
      std::printf("%s %s %s n=%llu block=%u grid=%u on %s, recorded blocks: %zu\n\n",
                  options->request.variant.c_str(), options->request.op.c_str(),
                  options->request.type.c_str(), (unsigned long long)options->request.n,
                  options->request.block, o.trace.meta.grid_dim, o.backend.c_str(),
                  o.trace.meta.recorded_blocks.size());
      std::printf("%s\n", format_metrics_table(m).c_str());
      std::printf("result %s: %s (CPU reference %s)\n", o.result_text.c_str(),
                  o.check.ok ? "ok" : "WRONG", o.check.expected.c_str());
    }
  });
}

}  // namespace wl::cli
