// `warplens run`: runs a variant (timed build, nothing recorded) and checks the result
// against the CPU reference. Also the launch to profile with Nsight Compute.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/commands.h"
#include "cli/run_options.h"

namespace wl::cli {

void register_run_command(CLI::App& app, CommandStatus& status) {
  CLI::App* run = app.add_subcommand("run", "Run a variant and check its result against the CPU");
  auto options = std::make_shared<RunOptions>();
  add_run_options(*run, *options);
  run->callback([&status, options] {
    status.ran = true;
    RunOutcome outcome;
    status.exit_code = run_from_options(*options, /*record=*/false, outcome);
    if (status.exit_code != 0) return;
    const RunResult& o = outcome.result;
    const RunRequest& asked = outcome.settings.request;
    std::printf("%s on %s: %s\n", request_words(asked).c_str(), o.backend.c_str(), o.result_text.c_str());
    std::printf("launches: %zu (grid %u first), sized for %u multiprocessors\n", o.launches.size(),
                o.launches.empty() ? 0 : o.launches.front().grid, asked.sm_count);
    std::printf("check: %s (CPU reference %s, error %g, allowed %g)\n", o.check.ok ? "ok" : "WRONG",
                o.check.expected.c_str(), o.check.error, o.check.bound);
    if (!o.check.diagnosis.empty()) std::printf("%s\n", o.check.diagnosis.c_str());
    status.exit_code = o.check.ok ? 0 : 1;
  });
}

}  // namespace wl::cli
