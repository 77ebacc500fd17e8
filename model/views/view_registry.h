// The views of the app's main area, declared once each (model/views/views.txt lists them, in
// tab order): id, title, what a trace must give to be drawn, and the model the view draws from,
// built the first time it is shown. Every list of views reads this registry: the tabs, the menu,
// the keys and the help overlay, --view and --screenshot-views, lesson files, `list --json`.
// Plain data and model builders (no GL): the CLI and the lesson parser use it too; the drawers
// are attached in app/ui (draw_<id>_view, generated from the same list).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "trace/trace.h"

namespace wl {

struct TraceViews;

// What a trace gives views to draw from (trace_gives), beyond the memory accesses, barriers and
// branches every trace holds (what the shared views draw): a view names the ones it needs.
enum TraceGives : std::uint32_t {
  kGivesCombines = 1u << 0,    // values combined from others (stores, atomics): a tree
  kGivesRanks = 1u << 1,       // several GPUs, each its own launches and buffers
  kGivesRows = 1u << 2,        // a row-wise operator (softmax, the norms) over a matrix
  kGivesTileStatus = 1u << 3,  // a grid's tile status words (decoupled look-back)
  kGivesBins = 1u << 4,        // counters: an output buffer of u32 (a histogram's bins)
};
std::uint32_t trace_gives(const TraceViews& views);
// "combines, ranks": the bits in words, for messages and `list --json`.
std::vector<std::string> gives_words(std::uint32_t gives);

// What a view draws from when it has a model of its own. Its builder returns ViewModelOf<M>.
struct ViewModel {
  virtual ~ViewModel() = default;
};
template <class M>
struct ViewModelOf final : ViewModel {
  explicit ViewModelOf(M m) : value(std::move(m)) {}
  M value;
};
template <class M>
std::shared_ptr<const ViewModel> make_view_model(M m) {
  return std::make_shared<const ViewModelOf<M>>(std::move(m));
}

struct ViewDecl {
  const char* id;     // on the command line and in lesson files: "tree", "ring-steps"
  const char* title;  // on its tab: "Tree", "Ring"
  // A view of every family has a fixed digit key (2 ... 8). A family's own view (own) is shown
  // where the family declares it (FamilyShowcase::views) and takes 1, 9 or 0 by that order.
  bool own = false;
  int key = -1;
  std::uint32_t needs = 0;  // TraceGives bits the trace must give
  // A kernel's shape beyond `needs`, read from its events (the online softmax's running max):
  // so a learner's kernel of that shape gets the view, whatever it is called. Null: any.
  bool (*fits)(const Trace& whole) = nullptr;
  // Its own model (null: it draws from TraceViews and BlockViews, which every view shares).
  std::shared_ptr<const ViewModel> (*build)(const TraceViews& views) = nullptr;
  bool sweeps = false;  // draws the timing sweeps, not a trace: no playback, no sides
  // A view whose rows are its own rather than the trace's steps (a pipelined all-reduce's
  // rounds, which each run several steps at once): their names, from its model; empty where it
  // draws steps. While it is shown, playback steps through those rows, as playback_row_step(k).
  std::vector<std::string> (*playback_rows)(const ViewModel& model) = nullptr;
};

// The playback's step for a view's own row k (ViewDecl::playback_rows): level k's id, so
// `--level K` and a lesson's `level: K` name row K.
inline StepId playback_row_step(std::size_t row) { return level_step(unsigned(row)); }

// Every view, in tab order (views.txt).
const std::vector<const ViewDecl*>& all_views();
const ViewDecl* find_view(std::string_view id);  // also by a renamed view's old id
// The id a view has now, where `old_id` is one it had before (online, welford, ring, rows and
// histogram, which were also ids of families or variants); empty otherwise. The old ids work
// for one release: the command line says what they are called now.
std::string_view renamed_view(std::string_view old_id);
// Whether a trace has what the view needs (and the shape it fits).
bool can_draw(const ViewDecl& view, const TraceViews& views);

// A view as the tab bar shows it: with its digit key, or -1 where the keys ran out.
struct ViewTab {
  const ViewDecl* view = nullptr;
  int key = -1;
};
// The views shown for a family's run, in key order (1, 2 ... 9, 0): the family's own views
// (`family_views`, in its order) and every shared one, each only where `views` (null: no trace
// yet) can draw it.
std::vector<ViewTab> view_tabs(const std::vector<std::string>& family_views, const TraceViews* views);
// The view a key shows among those tabs (null: none).
const ViewDecl* view_of_key(const std::vector<ViewTab>& tabs, int key);
// The view a run opens with, and falls back to when the one shown is not among the tabs: the
// family's default where shown, else the dataflow, which draws any trace.
const ViewDecl* default_view(const std::vector<ViewTab>& tabs, const std::string& family_default);
bool shown(const std::vector<ViewTab>& tabs, const ViewDecl* view);

// Accepts every view id and "compare" (the tree, side by side).
bool parse_view(const std::string& name, const ViewDecl*& view, bool& compare);
// "tree, dataflow, ..., compare": what --view accepts, for its help and its check.
std::string view_names_text();

// What a view's model holds, when it is an M; else null.
template <class M>
const M* model_as(const ViewModel* model) {
  const auto* of = dynamic_cast<const ViewModelOf<M>*>(model);
  return of ? &of->value : nullptr;
}

}  // namespace wl
