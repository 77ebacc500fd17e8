// `warplens metrics`: per-level and total metrics of one recorded launch (--launch, the first by
// default) or of all of them (--launch all, as `lab run` counts), and the result with its check
// against the CPU reference; or the metrics of a saved trace (--trace FILE).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/metrics_document.h"
#include "cli/progress_stderr.h"
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
  auto progress = std::make_shared<bool>(false);
  metrics->add_flag("--progress", *progress,
                    "say on stderr how many blocks have run, and at the end in how long (by default only on a terminal, "
                    "and not with --json)");
  metrics->add_option("--trace", *trace_file, "measure a saved trace (.wltrace or JSON) instead of running a kernel");
  auto launch_text = std::make_shared<std::string>("0");
  metrics->add_option("--launch", *launch_text,
                      "the launch to count, of a run of several (0 = the first), or all of them")
      ->type_name("K|all")
      ->capture_default_str()
      ->check((CLI::IsMember({"all"}) | CLI::Range(0u, UINT32_MAX)).description(""));
  metrics->callback([&status, options, json, trace_file, launch_text, progress] {
    // A run of several launches (a reduction's passes) records them all: count one, or all.
    const CountedLaunches launches =
        *launch_text == "all" ? kAllLaunches : CountedLaunches(std::uint32_t(std::stoul(*launch_text)));
    status.ran = true;
    if (!trace_file->empty()) {
      try {
        const Trace t = read_trace(*trace_file);
        const Metrics m = counted_metrics(t, launches);
        nlohmann::json j = metrics_to_json(m);
        j["launches"] = counted_launches_json(launches);
        j["races"] = races_json(t);
        if (t.meta.ranks > 1) j["ranks"] = peer_traffic_to_json(peer_traffic(t));
        std::printf("%s\n", *json ? j.dump(2).c_str() : format_metrics_table(m).c_str());
      } catch (const std::exception& e) {
        std::cerr << "warplens: " << e.what() << "\n";
        status.exit_code = 1;
      }
      return;
    }
    RunOutcome outcome;
    options->settings.request.progress = std::make_shared<RunProgress>();
    ProgressOnStderr progress_line(options->settings.request.progress, progress_mode(*progress, *json));
    status.exit_code = run_from_options(*options, /*record=*/true, outcome);
    if (status.exit_code != 0) return;
    const RunResult& o = outcome.result;
    try {
      if (*json) {
        const std::string text = metrics_document(std::move(outcome.result), launches).dump(2);
        progress_line.stop();
        std::printf("%s\n", text.c_str());
        return;
      }
      const Metrics m = counted_metrics(o.trace, launches);
      const std::string work_span = work_span_text(measure_work_span(build_dataflow(o.trace)));
      progress_line.stop();
      const std::string counted = launches ? "launch " + std::to_string(*launches) : "all";
      std::printf("%s grid=%u on %s, recorded blocks: %zu, counted: %s of %zu launch(es)\n\n",
                  request_words(outcome.settings.request).c_str(), o.trace.meta.grid_dim, o.backend.c_str(),
                  o.trace.meta.recorded_blocks.size(), counted.c_str(), o.trace.meta.launches.size());
      std::printf("%s\n", format_metrics_table(m).c_str());
      std::printf("%s\n", work_span.c_str());
      std::printf("result %s: %s (CPU reference %s)\n", o.result_text.c_str(),
                  o.check.ok ? "ok" : "WRONG", o.check.expected.c_str());
      if (!o.check.diagnosis.empty()) std::printf("%s\n", o.check.diagnosis.c_str());
    } catch (const std::invalid_argument& e) {
      std::cerr << "warplens metrics: " << e.what() << "\n";
      status.exit_code = 2;
    }
  });
}

}  // namespace wl::cli
