// `warplens trace`: records a launch and writes the trace as binary (.bin) or JSON (.json).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>

#include "cli/commands.h"
#include "cli/run_options.h"
#include "trace/trace_file.h"
#include "trace/trace_json.h"

namespace wl::cli {

void register_trace_command(CLI::App& app, CommandStatus& status) {
  CLI::App* trace = app.add_subcommand("trace", "Record what every thread did into a trace file");
  auto options = std::make_shared<RunOptions>();
  auto out = std::make_shared<std::string>();
  add_run_options(*trace, *options);
  trace->add_option("--out", *out, "trace file: .json for JSON, anything else binary")->required();
  trace->callback([&status, options, out] {
    status.ran = true;
    RunOutcome outcome;
    status.exit_code = run_from_options(*options, /*record=*/true, outcome);
    // A run stopped on a kernel bug is still written: the events up to it show the bug.
    if (status.exit_code != 0 && outcome.problem != RunProblem::KernelBug) return;
    const Trace& t = outcome.result.trace;
    try {
      const bool json = out->size() >= 5 && out->compare(out->size() - 5, 5, ".json") == 0;
      if (json) write_trace_json(t, *out);
      else write_trace(t, *out);
    } catch (const std::exception& e) {
      std::cerr << "warplens: " << e.what() << "\n";
      status.exit_code = 1;
      return;
    }
    std::printf("%zu events from %zu block(s) on %s written to %s\n", t.events.size(),
                t.meta.recorded_blocks.size(), t.meta.backend.c_str(), out->c_str());
    if (t.overflowed())
      std::printf("INCOMPLETE: the event cap of %llu was reached; %llu events were dropped "
                  "(raise --event-cap or record fewer blocks)\n",
                  (unsigned long long)t.meta.event_cap, (unsigned long long)t.meta.events_dropped);
  });
}

}  // namespace wl::cli
