// The registry of views: names, keys, what each family shows before a run, and what a run's
// trace lets the tab bar show (by what it gives and its shape, never by a variant's name).
#include "model/views/view_registry.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "kernels/family/family.h"
#include "model/views/trace_views.h"
#include "tests/kernels/rows_requests.h"

namespace wl {
namespace {

std::vector<std::string> ids(const std::vector<ViewTab>& tabs) {
  std::vector<std::string> out;
  for (const ViewTab& t : tabs) out.push_back(t.view->id);
  return out;
}

std::vector<int> keys(const std::vector<ViewTab>& tabs) {
  std::vector<int> out;
  for (const ViewTab& t : tabs) out.push_back(t.key);
  return out;
}

// The key a view has among the tabs; -1: not shown, or no key left for it.
int key_of(const std::vector<ViewTab>& tabs, const ViewDecl* view) {
  for (const ViewTab& t : tabs)
    if (t.view == view) return t.key;
  return -1;
}

TraceViews views_of(RunRequest r) {
  r.record = true;
  const Family* family = find_family(r.family);
  const std::vector<unsigned char> input = family->make_input(r, Pattern::Random, 7);
  return build_trace_views(run_sim(r, input.data()).trace);
}

std::vector<ViewTab> tabs_of(const RunRequest& r) {
  const TraceViews v = views_of(r);
  return view_tabs(showcase_of(r.family).views, &v);
}

TEST(ViewRegistry, EveryIdParsesBackToItsViewInTabOrder) {
  EXPECT_EQ(view_names_text(),
            "tree, dataflow, divergence, banks, memory, source, metrics, timing, lookback, bins, links, ring-steps, "
            "numerics, row-threads, online-rescale, welford-tree, compare");
  for (const ViewDecl* v : all_views()) {
    const ViewDecl* parsed = nullptr;
    bool compare = false;
    ASSERT_TRUE(parse_view(v->id, parsed, compare)) << v->id;
    EXPECT_EQ(parsed, v);
    EXPECT_FALSE(compare);
  }
  const ViewDecl* view = nullptr;
  bool compare = false;
  EXPECT_TRUE(parse_view("compare", view, compare));
  EXPECT_TRUE(compare);
  EXPECT_EQ(view, find_view("tree"));
  EXPECT_FALSE(parse_view("radar", view, compare));
  EXPECT_EQ(find_view("tre"), nullptr);  // a whole id, not a prefix
}

// Every view a family declares is in the registry as a family's own view, and every own view is
// some family's: nothing declared that cannot be shown, nothing in the registry no one shows.
TEST(ViewRegistry, FamiliesDeclareOwnViewsThatExist) {
  std::set<std::string> declared;
  for (const Family* family : families())
    for (const std::string& id : family->showcase().views) {
      const ViewDecl* v = find_view(id);
      ASSERT_NE(v, nullptr) << family->id() << ": " << id;
      EXPECT_TRUE(v->own) << id;
      declared.insert(id);
    }
  for (const ViewDecl* v : all_views())
    if (v->own) {
      EXPECT_TRUE(declared.count(v->id)) << v->id;
    }
}

// Before a run the tab bar shows the family's own views and the shared ones; the shared keep
// their keys (2 ... 8) everywhere, the family's own take 1, 9, then 0 in the order it declares
// them, and no two views share a key.
TEST(ViewRegistry, BeforeARunEachFamilyShowsItsViewsWithKeysOfTheirOwn) {
  const std::vector<std::string> shared = {"dataflow", "divergence", "banks", "memory", "source", "metrics", "timing"};
  auto with = [&](std::vector<std::string> first, std::vector<std::string> last) {
    first.insert(first.end(), shared.begin(), shared.end());
    first.insert(first.end(), last.begin(), last.end());
    return first;
  };
  const std::vector<ViewTab> reduce = view_tabs(showcase_of("reduce").views, nullptr);
  EXPECT_EQ(ids(reduce), with({"tree"}, {}));
  EXPECT_EQ(keys(reduce), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  const std::vector<ViewTab> rows = view_tabs(showcase_of("rows").views, nullptr);
  EXPECT_EQ(ids(rows), with({"numerics"}, {"row-threads", "online-rescale", "welford-tree"}));
  EXPECT_EQ(keys(rows), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 0, -1}));  // keys ran out for the 11th
  const std::vector<ViewTab> allreduce = view_tabs(showcase_of("allreduce").views, nullptr);
  EXPECT_EQ(ids(allreduce), with({"ring-steps"}, {"links"}));
  EXPECT_EQ(key_of(allreduce, find_view("links")), 9);
  EXPECT_EQ(view_of_key(allreduce, 1), find_view("ring-steps"));
  EXPECT_EQ(view_of_key(allreduce, 0), nullptr);
  EXPECT_EQ(view_of_key(reduce, 9), nullptr);
  for (const Family* family : families()) {
    std::set<int> seen;
    for (const ViewTab& t : view_tabs(family->showcase().views, nullptr))
      if (t.key >= 0) {
        EXPECT_TRUE(seen.insert(t.key).second) << family->id() << " key " << t.key;
      }
  }
}

// Issue 63: no view id is also a family's or a variant's. The old ids still find their views
// for one release, and say what they are called now; an id never used finds none.
TEST(ViewRegistry, RenamedViewsAreFoundByTheirOldIds) {
  const std::pair<const char*, const char*> renamed[] = {{"online", "online-rescale"}, {"welford", "welford-tree"},
                                                         {"ring", "ring-steps"}, {"rows", "row-threads"},
                                                         {"histogram", "bins"}};
  for (const auto& [was, now] : renamed) {
    ASSERT_NE(find_view(now), nullptr) << now;
    EXPECT_EQ(find_view(was), find_view(now)) << was;
    EXPECT_EQ(renamed_view(was), now);
    EXPECT_EQ(renamed_view(now), "");
  }
  EXPECT_EQ(find_view("ringg"), nullptr);
  for (const ViewDecl* v : all_views()) {
    EXPECT_EQ(find_family(v->id), nullptr) << v->id << " is also a family";
    for (const Family* f : families())
      EXPECT_EQ(f->find_variant(v->id), nullptr) << v->id << " is also a variant of " << f->id();
  }
}

// 0 also fits the tree to its window: beside a tree no view takes it.
TEST(ViewRegistry, NoViewTakesZeroBesideATree) {
  const std::vector<ViewTab> tabs = view_tabs({"tree", "ring-steps", "links"}, nullptr);
  EXPECT_EQ(key_of(tabs, find_view("tree")), 1);
  EXPECT_EQ(key_of(tabs, find_view("ring-steps")), 9);
  EXPECT_EQ(key_of(tabs, find_view("links")), -1);
  EXPECT_EQ(view_of_key(tabs, 0), nullptr);
}

// After a run the trace decides: each of the row family's softmaxes and norms gets the Online
// rescale or the Welford tree only where its events have that shape, and the keys close up.
TEST(ViewRegistry, ARowsRunShowsTheViewsItsTraceHasTheShapeFor) {
  const std::vector<ViewTab> online = tabs_of(test::rows_request("online", "softmax", 64, 2, 32));
  EXPECT_EQ(key_of(online, find_view("online-rescale")), 0);
  EXPECT_FALSE(shown(online, find_view("welford-tree")));
  const std::vector<ViewTab> welford = tabs_of(test::rows_request("welford", "layernorm", 64, 2, 32));
  EXPECT_EQ(key_of(welford, find_view("welford-tree")), 0);
  EXPECT_FALSE(shown(welford, find_view("online-rescale")));
  const std::vector<ViewTab> three = tabs_of(test::rows_request("three-pass", "softmax", 64, 2, 32));
  EXPECT_FALSE(shown(three, find_view("online-rescale")));
  EXPECT_FALSE(shown(three, find_view("welford-tree")));
  EXPECT_EQ(view_of_key(three, 1), find_view("numerics"));
  EXPECT_EQ(view_of_key(three, 9), find_view("row-threads"));
  EXPECT_EQ(view_of_key(three, 0), nullptr);
}

RunRequest request(const std::string& family, const std::string& variant, std::uint64_t n, unsigned block) {
  RunRequest r;
  r.family = family;
  r.variant = variant;
  r.n = n;
  r.block = block;
  return r;
}

// What each family's traces give: every reduction's a tree of combines (atomics too), but one
// stopped before it combined anything (shuffle-partial-mask, at its first shuffle), whose tree
// would be an empty row; a histogram's, bins; only the look-back scan's, tile status; an
// all-reduce's, ranks; none of them rows but the rows'.
TEST(ViewRegistry, EachFamilysTracesGiveWhatItsViewsNeed) {
  for (const VariantSummary& v : find_family("reduce")->variants()) {
    const TraceViews views = views_of(request("reduce", v.id, 2048, 128));
    const bool stopped_first = v.id == "shuffle-partial-mask";
    EXPECT_EQ(bool(views.gives & kGivesCombines), !stopped_first) << v.id;
    if (stopped_first) {
      EXPECT_NE(views.fault(), nullptr);
    }
    EXPECT_FALSE(views.gives & (kGivesRanks | kGivesRows | kGivesTileStatus)) << v.id;
    EXPECT_EQ(can_draw(*find_view("tree"), views), !stopped_first) << v.id;
  }
  RunRequest histogram = request("histogram", "shared-atomics", 4096, 128);
  histogram.type = "i32";
  EXPECT_TRUE(views_of(histogram).gives & kGivesBins);
  EXPECT_TRUE(views_of(request("scan", "decoupled-lookback", 4096, 128)).gives & kGivesTileStatus);
  EXPECT_FALSE(views_of(request("scan", "hillis-steele", 128, 128)).gives & kGivesTileStatus);
  RunRequest allreduce = request("allreduce", "ring", 1024, 128);
  allreduce.params["gpus"] = 2;
  const TraceViews ring = views_of(allreduce);
  EXPECT_TRUE(ring.gives & kGivesRanks);
  const std::vector<ViewTab> tabs = view_tabs(showcase_of("allreduce").views, &ring);
  EXPECT_EQ(view_of_key(tabs, 1), find_view("ring-steps"));
  EXPECT_EQ(view_of_key(tabs, 9), find_view("links"));
  EXPECT_EQ(gives_words(kGivesCombines | kGivesBins), (std::vector<std::string>{"combines", "bins"}));
}

// A family opens on its own default view where the run shows it, else on the dataflow.
TEST(ViewRegistry, EachFamilyOpensOnAViewItShows) {
  for (const Family* family : families()) {
    const std::vector<ViewTab> tabs = view_tabs(family->showcase().views, nullptr);
    const ViewDecl* v = default_view(tabs, family->showcase().default_view);
    ASSERT_NE(v, nullptr) << family->id();
    EXPECT_TRUE(shown(tabs, v)) << family->id();
  }
  EXPECT_EQ(default_view(view_tabs(showcase_of("reduce").views, nullptr), "tree"), find_view("tree"));
  EXPECT_EQ(default_view(view_tabs(showcase_of("scan").views, nullptr), ""), find_view("dataflow"));
  const std::vector<ViewTab> scan = tabs_of(request("scan", "hillis-steele", 128, 128));
  EXPECT_FALSE(shown(scan, find_view("lookback")));  // no tile status: left out, not drawn empty
  EXPECT_EQ(default_view(scan, "lookback"), find_view("dataflow"));
}

}  // namespace
}  // namespace wl
