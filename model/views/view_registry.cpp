#include "model/views/view_registry.h"

#include <algorithm>
#include <utility>

#include "core/row_norms.h"
#include "model/views/lookback_timeline.h"
#include "model/views/trace_views.h"

namespace wl {
namespace {

// The digit keys a family's own views take, in the order it declares them. 0 also fits the
// tree (its camera), so it goes to no view beside a tree.
constexpr int kOwnKeys[] = {1, 9, 0};

bool has_buffer(const TraceMeta& meta, bool (*match)(const BufferRecord&)) {
  return std::any_of(meta.buffers.begin(), meta.buffers.end(), match);
}

}  // namespace

std::uint32_t trace_gives(const TraceViews& views) {
  const Trace& whole = views.whole();
  std::uint32_t gives = 0;
  if (views.dataflow && std::any_of(views.dataflow->edges.begin(), views.dataflow->edges.end(),
                                    [](const DataflowEdge& e) {
                                      return e.kind == DataflowEdgeKind::Combine || e.kind == DataflowEdgeKind::Atomic;
                                    }))
    gives |= kGivesCombines;
  if (whole.meta.ranks > 1) gives |= kGivesRanks;
  if (parse_row_op(whole.meta.op)) gives |= kGivesRows;
  if (find_tile_status_words(whole, std::uint16_t(views.launch))) gives |= kGivesTileStatus;
  if (has_buffer(whole.meta, [](const BufferRecord& b) { return b.role == BufferRole::Output && b.type == "u32"; }))
    gives |= kGivesBins;
  return gives;
}

std::vector<std::string> gives_words(std::uint32_t gives) {
  static constexpr std::pair<TraceGives, const char*> kWords[] = {
      {kGivesCombines, "combines"}, {kGivesRanks, "ranks"}, {kGivesRows, "rows"},
      {kGivesTileStatus, "tile status"}, {kGivesBins, "bins"}};
  std::vector<std::string> words;
  for (const auto& [bit, word] : kWords)
    if (gives & bit) words.push_back(word);
  return words;
}

std::string_view renamed_view(std::string_view old_id) {
  static constexpr std::pair<std::string_view, std::string_view> kRenamed[] = {
      {"online", "online-rescale"}, {"welford", "welford-tree"}, {"ring", "ring-steps"},
      {"rows", "row-threads"},      {"histogram", "bins"}};
  for (const auto& [was, now] : kRenamed)
    if (old_id == was) return now;
  return {};
}

const ViewDecl* find_view(std::string_view id) {
  for (const ViewDecl* v : all_views())
    if (id == v->id) return v;
  if (const std::string_view now = renamed_view(id); !now.empty()) return find_view(now);
  return nullptr;
}

bool can_draw(const ViewDecl& view, const TraceViews& views) {
  return std::find(views.drawable.begin(), views.drawable.end(), &view) != views.drawable.end();
}

std::vector<ViewTab> view_tabs(const std::vector<std::string>& family_views, const TraceViews* views) {
  auto drawable = [&](const ViewDecl* v) { return v && (!views || can_draw(*v, *views)); };
  std::vector<const ViewDecl*> own;
  for (const std::string& id : family_views) {
    const ViewDecl* v = find_view(id);
    if (v && v->own && drawable(v)) own.push_back(v);
  }
  const bool tree = std::any_of(own.begin(), own.end(), [](const ViewDecl* v) { return std::string_view(v->id) == "tree"; });
  std::vector<ViewTab> tabs;
  std::size_t next_key = 0;
  auto add_own = [&](const ViewDecl* v) {
    int key = -1;
    while (next_key < std::size(kOwnKeys) && key < 0) {
      const int k = kOwnKeys[next_key++];
      if (k != 0 || !tree) key = k;
    }
    tabs.push_back({v, key});
  };
  if (!own.empty()) add_own(own.front());  // key 1: first
  for (const ViewDecl* v : all_views())
    if (!v->own && drawable(v)) tabs.push_back({v, v->key});
  for (std::size_t k = 1; k < own.size(); ++k) add_own(own[k]);  // 9, 0: last
  return tabs;
}

const ViewDecl* view_of_key(const std::vector<ViewTab>& tabs, int key) {
  for (const ViewTab& t : tabs)
    if (t.key == key && key >= 0) return t.view;
  return nullptr;
}

bool shown(const std::vector<ViewTab>& tabs, const ViewDecl* view) {
  return std::any_of(tabs.begin(), tabs.end(), [&](const ViewTab& t) { return t.view == view; });
}

const ViewDecl* default_view(const std::vector<ViewTab>& tabs, const std::string& family_default) {
  const ViewDecl* wanted = find_view(family_default);
  if (wanted && shown(tabs, wanted)) return wanted;
  return find_view("dataflow");
}

bool parse_view(const std::string& name, const ViewDecl*& view, bool& compare) {
  if (name == "compare") {
    view = find_view("tree");
    compare = true;
    return true;
  }
  const ViewDecl* found = find_view(name);
  if (!found) return false;
  view = found;
  return true;
}

std::string view_names_text() {
  std::string text;
  for (const ViewDecl* v : all_views()) text += std::string(v->id) + ", ";
  return text + "compare";
}

}  // namespace wl
