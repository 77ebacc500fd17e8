// warplens-cli: the subcommands without the GUI, so GPU machines without a display stack
// (no GLFW, no OpenGL) can run, trace, profile and benchmark kernels.
#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <new>

#include "cli/commands.h"
#include "cli_options.h"
#include "version.h"

int main(int argc, char** argv) {
  CLI::App cli{"WarpLens command line: run, trace, measure and benchmark kernels.", "warplens-cli"};
  cli.set_version_flag("--version", "warplens-cli " WARPLENS_VERSION);
  cli.require_subcommand(1);
  wl::cli::CommandStatus command;
  wl::cli::register_commands(cli, command);
  // What a command leaves uncaught is said in a sentence, never a crash: running out of memory
  // most of all, which a run recording every block of millions of elements can.
  try {
    if (const auto exit_code = wl::parse_command_line(cli, argc, argv)) return *exit_code;
  } catch (const std::bad_alloc&) {
    std::cerr << "warplens: " << wl::cli::kOutOfMemory << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "warplens: " << e.what() << "\n";
    return 1;
  }
  return command.exit_code;
}
