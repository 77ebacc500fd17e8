#include "cli/commands.h"

#include <CLI/CLI.hpp>

namespace wl::cli {

void register_commands(CLI::App& app, CommandStatus& status) {
  // Commands go here, one call each, every command in its own file in app/cli/:
  //   register_list_command(app, status);  // app/cli/list_command.{h,cpp}
  // A command adds itself with app.add_subcommand(...) and, in its callback,
  // sets status.ran = true and status.exit_code.
  (void)app;
  (void)status;
}

}  // namespace wl::cli
