// `warplens list`: the families and their variants, each with its one-line lesson, and the
// operators, types, parameters and views each family has; `--json` for scripts
// (tools/gpu-check.sh iterates it instead of naming variants).
#include <CLI/CLI.hpp>

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "kernels/family/family.h"
#include "model/views/view_registry.h"

namespace wl::cli {
namespace {

std::string spaced(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : " ") + name;
  return text;
}

// The family's views as the tab bar shows them before a run; a run's trace may leave some out
// (a view it cannot draw), and the keys of its own views (1, 9, 0) close up.
std::vector<ViewTab> family_views(const Family& family) { return view_tabs(family.showcase().views, nullptr); }

void print_family(const Family& family) {
  std::printf("%.*s (%.*s)\n", int(family.id().size()), family.id().data(), int(family.title().size()),
              family.title().data());
  for (const VariantSummary& v : family.variants())
    std::printf("  %-26s %s%s\n", v.id.c_str(), v.pitfall ? "[pitfall] " : "", v.lesson.c_str());
  const std::vector<std::string> ops = family.ops();
  std::printf("  operators: %s    types: %s\n", ops.empty() ? "(none)" : spaced(ops).c_str(),
              spaced(family.types()).c_str());
  std::string views;
  for (const ViewTab& t : family_views(family))
    views += (views.empty() ? "" : ", ") + std::string(t.view->id) + (t.key >= 0 ? " (" + std::to_string(t.key) + ")" : "");
  std::printf("  views: %s\n", views.c_str());
  for (const FamilyParam& p : family.params())
    std::printf("  --param %s=N   %s (default %llu, %llu .. %llu)\n", p.name.c_str(), p.help.c_str(),
                (unsigned long long)p.default_value, (unsigned long long)p.min_value,
                (unsigned long long)p.max_value);
}

nlohmann::json family_json(const Family& family) {
  nlohmann::json params = nlohmann::json::array(), variants = nlohmann::json::array();
  for (const FamilyParam& p : family.params())
    params.push_back({{"name", p.name}, {"help", p.help}, {"default", p.default_value}, {"min", p.min_value},
                      {"max", p.max_value}});
  for (const VariantSummary& v : family.variants())
    variants.push_back({{"id", v.id}, {"lesson", v.lesson}, {"origin", v.origin}, {"pitfall", v.pitfall},
                        {"races", v.races}, {"max_n", v.max_n}, {"tile_items", v.tile_items}});
  nlohmann::json views = nlohmann::json::array();
  for (const ViewTab& t : family_views(family))
    views.push_back({{"id", t.view->id}, {"title", t.view->title}, {"key", t.key >= 0 ? nlohmann::json(t.key) : nullptr},
                     {"own", t.view->own}, {"needs", gives_words(t.view->needs)}});
  return {{"id", std::string(family.id())}, {"title", std::string(family.title())}, {"ops", family.ops()},
          {"types", family.types()}, {"params", params}, {"views", views}, {"gpu", family.runs_on_gpu()},
          {"variants", variants}};
}

}  // namespace

void register_list_command(CLI::App& app, CommandStatus& status) {
  CLI::App* list = app.add_subcommand("list", "List kernel families and variants with their lessons");
  auto json = std::make_shared<bool>(false);
  list->add_flag("--json", *json,
                 "print JSON: families with id, title, ops, types, params, views (id, title, key, own, needs), gpu (built for it) "
                 "and variants (id, lesson, origin, pitfall, races, max_n, tile_items)");
  list->callback([&status, json] {
    status.ran = true;
    if (*json) {
      nlohmann::json out = {{"families", nlohmann::json::array()}};
      for (const Family* family : families()) out["families"].push_back(family_json(*family));
      std::printf("%s\n", out.dump(2).c_str());
      return;
    }
    bool first = true;
    for (const Family* family : families()) {
      if (!first) std::printf("\n");
      first = false;
      print_family(*family);
    }
  });
}

}  // namespace wl::cli
