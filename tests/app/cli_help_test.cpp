// What --help tells users (issue 47): every family built, and no subcommand meant for the program
// itself.
#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

#include "cli/commands.h"
#include "kernels/family/family.h"

namespace {

TEST(Help, NamesEveryFamilyBuilt) {
  const std::string titles = wl::cli::family_titles_text();
  for (const wl::Family* family : wl::families())
    EXPECT_NE(titles.find(std::string(family->title())), std::string::npos) << family->id();
}

TEST(Help, LabHidesItsChildsSubcommand) {
  CLI::App app{"test", "warplens"};
  wl::cli::CommandStatus status;
  wl::cli::register_commands(app, status);
  const std::string help = app.get_subcommand("lab")->help();
  EXPECT_NE(help.find("check"), std::string::npos) << help;
  EXPECT_EQ(help.find("exec"), std::string::npos) << help;
}

}  // namespace
