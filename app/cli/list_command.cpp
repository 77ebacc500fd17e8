// `warplens list`: the families and their variants, each with its one-line lesson, and the
// operators, types and parameters each family takes.
#include <CLI/CLI.hpp>

#include <cstdio>

#include "cli/commands.h"
#include "kernels/family/family.h"

namespace wl::cli {
namespace {

std::string spaced(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : " ") + name;
  return text;
}

void print_family(const Family& family) {
  std::printf("%.*s (%.*s)\n", int(family.id().size()), family.id().data(), int(family.title().size()),
              family.title().data());
  for (const VariantSummary& v : family.variants())
    std::printf("  %-26s %s%s\n", v.id.c_str(), v.pitfall ? "[pitfall] " : "", v.lesson.c_str());
  const std::vector<std::string> ops = family.ops();
  std::printf("  operators: %s    types: %s\n", ops.empty() ? "(none)" : spaced(ops).c_str(),
              spaced(family.types()).c_str());
  for (const FamilyParam& p : family.params())
    std::printf("  --param %s=N   %s (default %llu, %llu .. %llu)\n", p.name.c_str(), p.help.c_str(),
                (unsigned long long)p.default_value, (unsigned long long)p.min_value,
                (unsigned long long)p.max_value);
}

}  // namespace

void register_list_command(CLI::App& app, CommandStatus& status) {
  CLI::App* list = app.add_subcommand("list", "List kernel families and variants with their lessons");
  list->callback([&status] {
    status.ran = true;
    bool first = true;
    for (const Family* family : families()) {
      if (!first) std::printf("\n");
      first = false;
      print_family(*family);
    }
  });
}

}  // namespace wl::cli
