// warplens: glue only. Parse the command line, run a subcommand if one was
// given, otherwise open the desktop GUI.
#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli_options.h"
#include "export_command.h"
#include "gui_app.h"

int main(int argc, char** argv) {
  CLI::App cli{"WarpLens shows what GPU kernels do, step by step: " + wl::cli::family_titles_text() + ".", "warplens"};
  wl::GuiOptions gui_options;
  wl::add_program_options(cli, gui_options);
  wl::cli::CommandStatus command;
  wl::cli::register_commands(cli, command);
  wl::add_export_command(cli, gui_options);  // the view for slides: runs in the GUI's frame loop

  if (const auto exit_code = wl::parse_command_line(cli, argc, argv)) return *exit_code;
  if (command.ran) return command.exit_code;
  if (gui_options.print_paths) return wl::cli::print_data_paths();
  return wl::run_gui(gui_options);
}
