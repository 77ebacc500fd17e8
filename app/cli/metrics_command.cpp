// `warplens metrics`: per-level and total metrics of one recorded launch (--launch, the first by
// default), and the result with its check against the CPU reference; or the metrics of a saved
// trace (--trace FILE).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/metrics_document.h"
#include "cli/run_options.h"
#include "model/metrics.h"
#include "model/metrics_format.h"
#include "model/work_span.h"
#include "trace/trace_file.h"
#include <iostream>

namespace wl::cli {

void register_metrics_command(CLI::App& app, CommandStatus& status) {
  CLI::App* metrics = app.add_subcommand("metrics", "Shared-memory, global-memory and divergence metrics per level");
  auto options = std::make_shared<RunOptions>();
  auto json = std::make_shared<bool>(false);
  add_run_options(*metrics, *options);
  auto trace_file = std::make_shared<std::string>();
  metrics->add_flag("--json", *json, "print JSON instead of a table");
  metrics->add_option("--trace", *trace_file, "measure a saved trace (.wltrace or JSON) instead of running a kernel");
  auto launch = std::make_shared<std::uint32_t>(0);
  metrics->add_option("--launch", *launch, "which launch of a multi-launch run (0 = the first)");
  // The metrics of one launch: a run of several (a reduction's passes) records them all.
  auto launch_metrics = [launch](const Trace& t) {
    if (*launch > 0 && *launch >= t.meta.launches.size())
      throw std::invalid_argument("--launch " + std::to_string(*launch) + ": the run recorded " +
                                  std::to_string(t.meta.launches.size()) + " launch(es)");
    return compute_metrics(t.meta.launches.size() > 1 ? select_launch(t, *launch) : t);
  };
  metrics->callback([&status, options, json, trace_file, launch_metrics] {
    status.ran = true;
    if (!trace_file->empty()) {
      try {
        const Trace t = read_trace(*trace_file);
        const Metrics m = launch_metrics(t);
        nlohmann::json j = metrics_to_json(m);
        if (t.meta.ranks > 1) j["ranks"] = peer_traffic_to_json(peer_traffic(t));
        std::printf("%s\n", *json ? j.dump(2).c_str() : format_metrics_table(m).c_str());
      } catch (const std::exception& e) {
        std::cerr << "warplens: " << e.what() << "\n";
        status.exit_code = 1;
      }
      return;
    }
    RunReport report;
    status.exit_code = run_from_options(*options, /*record=*/true, report);
    if (status.exit_code != 0) return;
    const RunResult& o = report.outcome;
    Metrics m;
    try {
      m = launch_metrics(o.trace);
    } catch (const std::invalid_argument& e) {
      std::cerr << "warplens metrics: " << e.what() << "\n";
      status.exit_code = 2;
      return;
    }
    if (*json) {
      std::printf("%s\n", metrics_document(m, o).dump(2).c_str());
    } else {
      std::printf("%s grid=%u on %s, recorded blocks: %zu\n\n", request_words(options->request).c_str(),
                  o.trace.meta.grid_dim, o.backend.c_str(), o.trace.meta.recorded_blocks.size());
      std::printf("%s\n", format_metrics_table(m).c_str());
      std::printf("%s\n", work_span_text(measure_work_span(build_dataflow(o.trace))).c_str());
      std::printf("result %s: %s (CPU reference %s)\n", o.result_text.c_str(),
                  o.check.ok ? "ok" : "WRONG", o.check.expected.c_str());
      if (!o.check.diagnosis.empty()) std::printf("%s\n", o.check.diagnosis.c_str());
    }
  });
}

}  // namespace wl::cli
