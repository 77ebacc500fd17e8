// warplens-cli: the subcommands without the GUI, so GPU machines without a display stack
// (no GLFW, no OpenGL) can run, trace, profile and benchmark kernels.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/commands.h"
#include "cli_options.h"
#include "version.h"

int main(int argc, char** argv) {
  CLI::App cli{"WarpLens command line: run, trace, measure and benchmark kernels.", "warplens-cli"};
  cli.set_version_flag("--version", "warplens-cli " WARPLENS_VERSION);
  cli.require_subcommand(1);
  wl::cli::CommandStatus command;
  wl::cli::register_commands(cli, command);
  if (const auto exit_code = wl::parse_command_line(cli, argc, argv)) return *exit_code;
  return command.exit_code;
}
