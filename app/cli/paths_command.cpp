// `warplens-cli paths` (and `warplens --paths`): where each kind of data the programs read at
// run time was found, and why there; or, for a kind not found, each place looked in and why not.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/commands.h"
#include "data_dirs.h"

namespace wl::cli {

int print_data_paths() {
  const DataPlaces places = current_data_places();
  const std::vector<DataLookup> lookups = {find_data(DataKind::Assets, places), find_data(DataKind::Headers, places)};
  std::fputs(data_paths_report(lookups).c_str(), stdout);
  for (const DataLookup& lookup : lookups)
    if (!lookup.found()) return 1;
  return 0;
}

void register_paths_command(CLI::App& app, CommandStatus& status) {
  CLI::App* paths = app.add_subcommand(
      "paths", "Print where the lessons, profiles, exercises and kernel headers are found, and why (exit 1: some not found)");
  paths->callback([&status] {
    status.ran = true;
    status.exit_code = print_data_paths();
  });
}

}  // namespace wl::cli
