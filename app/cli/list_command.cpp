// `warplens list`: the families and their variants, each with its one-line lesson.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/commands.h"
#include "kernels/families/reduce/catalog.h"

namespace wl::cli {

void register_list_command(CLI::App& app, CommandStatus& status) {
  CLI::App* list = app.add_subcommand("list", "List kernel families and variants with their lessons");
  list->callback([&status] {
    status.ran = true;
    std::printf("reduce\n");
    for (const reduce::VariantInfo& v : reduce::variant_infos())
      std::printf("  %-26s %s%s\n", v.id, v.pitfall ? "[pitfall] " : "", v.lesson);
    std::printf("\noperators: sum min max product    types: i32 f32 f64\n");
  });
}

}  // namespace wl::cli
