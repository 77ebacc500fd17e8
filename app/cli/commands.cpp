#include "cli/commands.h"

#include <CLI/CLI.hpp>

#include "kernels/family/family.h"

namespace wl::cli {

// Each command lives in its own file, app/cli/<name>_command.cpp.
void register_list_command(CLI::App& app, CommandStatus& status);
void register_run_command(CLI::App& app, CommandStatus& status);
void register_trace_command(CLI::App& app, CommandStatus& status);
void register_metrics_command(CLI::App& app, CommandStatus& status);
void register_bench_command(CLI::App& app, CommandStatus& status);
void register_lab_command(CLI::App& app, CommandStatus& status);
void register_paths_command(CLI::App& app, CommandStatus& status);
void register_record_command(CLI::App& app, CommandStatus& status);

std::string family_titles_text() {
  std::string text;
  for (const Family* family : families()) text += (text.empty() ? "" : ", ") + std::string(family->title());
  return text;
}

void register_commands(CLI::App& app, CommandStatus& status) {
  register_list_command(app, status);
  register_run_command(app, status);
  register_trace_command(app, status);
  register_metrics_command(app, status);
  register_bench_command(app, status);
  register_lab_command(app, status);
  register_paths_command(app, status);
  register_record_command(app, status);
}

}  // namespace wl::cli
