// Subcommands of the `warplens` program (`warplens list`, `warplens trace ...`).
// When one runs, main() returns its exit code instead of opening the GUI.
#pragma once
#include <string>

namespace CLI {
class App;
}

namespace wl::cli {

// What a run that outgrew this machine's memory says: its events, more than anything, did.
inline constexpr const char* kOutOfMemory =
    "out of memory: the run and its recorded events do not fit in this machine's memory; record fewer blocks "
    "(--record-blocks) or use a smaller n";

// What a subcommand reports back to main(). Its CLI11 callback sets both fields.
struct CommandStatus {
  bool ran = false;
  int exit_code = 0;
};

// Adds every subcommand to `app`.
void register_commands(CLI::App& app, CommandStatus& status);

// "Reduction, Scan, ...": the titles of the families built, from the registry, so --help names
// each one a build has and no other.
std::string family_titles_text();

// Prints where the data the programs read was found (`paths`, `warplens --paths`); returns the
// exit code: 1 when a kind was not found.
int print_data_paths();

}  // namespace wl::cli
