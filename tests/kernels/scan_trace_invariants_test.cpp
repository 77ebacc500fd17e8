// Scan trace invariants worked out by hand: who is active at each step of the naive scan, of
// Hillis–Steele and of Blelloch's up-sweep; the work and span the dataflow measures; the bank
// conflicts that padding removes (and the GPU Gems macro does not); the single-buffer race.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "core/step.h"
#include "kernels/families/scan/decoupled_lookback.h"
#include "kernels/families/scan/driver.h"
#include "kernels/families/scan/reference.h"
#include "kernels/families/scan/traits.h"
#include "kernels/sim/sim_backend.h"
#include "kernels/host/input.h"
#include "model/dataflow.h"
#include "model/metrics.h"
#include "model/work_span.h"
#include "tests/kernels/scan_requests.h"

namespace wl::scan {
namespace {

RunResult run(const std::string& variant, std::uint64_t n, unsigned block, Pattern pattern = Pattern::Random,
               const std::string& op = "sum", bool exclusive = false, unsigned items = 0) {
  RunRequest r = test::scan_request(variant, op, "i32", n, block, exclusive);
  r.params["items"] = items;
  r.record = true;
  const std::vector<std::int32_t> input = make_input<std::int32_t>(pattern, n, 9, op);
  return run_sim(r, input.data());
}

Trace record(const std::string& variant, std::uint64_t n, unsigned block) { return run(variant, n, block).trace; }

// Whether a value written in `step` is among node i's sources, however far back.
bool depends_on_step(const DataflowGraph& g, std::uint32_t i, StepId step) {
  std::vector<bool> seen(g.nodes.size(), false);
  std::vector<std::uint32_t> todo{i};
  while (!todo.empty()) {
    const std::uint32_t at = todo.back();
    todo.pop_back();
    const auto [first, last] = g.edges_into(at);
    for (auto e = first; e != last; ++e) {
      if (seen[e->from]) continue;
      seen[e->from] = true;
      if (g.nodes[e->from].kind == DataflowNodeKind::Written && g.nodes[e->from].step == step) return true;
      todo.push_back(e->from);
    }
  }
  return false;
}

// Threads with at least `count` events of `op` in each step.
std::map<StepId, std::set<unsigned>> threads_with(const Trace& t, OpKind op, unsigned count) {
  std::map<std::pair<StepId, unsigned>, unsigned> seen;
  for (const Event& e : t.events)
    if (e.op == op) ++seen[{e.step, e.thread}];
  std::map<StepId, std::set<unsigned>> out;
  for (const auto& [key, k] : seen)
    if (k >= count) out[key.first].insert(key.second);
  return out;
}

// Step j is "every thread at or past j adds in[j]": 256 - j loaders, none at step 256.
TEST(ScanTraceInvariants, NaiveQuadraticStepJHasNMinusJLoaders) {
  const auto loaders = threads_with(record("naive-quadratic", 256, 256), OpKind::GlobalLoad, 1);
  for (unsigned j = 0; j < 256; ++j) EXPECT_EQ(loaders.at(level_step(j)).size(), 256u - j) << "step " << j;
  EXPECT_EQ(loaders.count(level_step(256)), 0u);
}

// One tile of 256: at step k every thread at or above 2^k reads a second value, 256 - 2^k.
TEST(ScanTraceInvariants, HillisSteeleStepKHasNMinusTwoToTheKAdders) {
  const auto adders = threads_with(record("hillis-steele", 256, 256), OpKind::SharedLoad, 2);
  for (unsigned k = 0; k < 8; ++k) EXPECT_EQ(adders.at(level_step(k)).size(), 256u - (1u << k)) << "step " << k;
  EXPECT_EQ(adders.count(level_step(8)), 0u) << "log2(256) = 8 steps";
}

// One tile of 512 (256 threads, two elements each): depth d has 512 / 2^(d + 1) active threads.
TEST(ScanTraceInvariants, BlellochUpSweepDepthDHasNOverTwoToTheDPlusOneThreads) {
  for (const char* variant : {"blelloch", "blelloch-padded"}) {
    const auto writers = threads_with(record(variant, 512, 256), OpKind::SharedStore, 1);
    for (unsigned d = 0; d < 9; ++d)
      EXPECT_EQ(writers.at(make_step(StepKind::UpSweep, d)).size(), 512u >> (d + 1)) << variant << " depth " << d;
    for (unsigned d = 0; d < 9; ++d)
      EXPECT_EQ(writers.at(make_step(StepKind::DownSweep, d)).size(), 1u << d) << variant << " down-sweep " << d;
  }
}

// One warp, a tile of 64. Up-sweep depth d reads elements 2^d (2t + 1) - 1 and 2^d (2t + 2) - 1
// for t < 32 / 2^d. For d = 0..4 each of the two load requests puts two addresses in a bank
// (d = 0: 2t and 2(t + 16) share bank 2t mod 32; d = 4: 15 and 47 share bank 15): two
// wavefronts, one conflict each, two a step. At d = 5 one thread reads 31 and 63: no conflict.
// Padded, element i sits at i + i / 32, which moves the second of each pair to the next bank:
// no conflict at any depth.
TEST(ScanTraceInvariants, PaddingRemovesTheUpSweepsBankConflicts) {
  auto conflicts_by_step = [](const Trace& t) {
    std::map<StepId, std::uint64_t> out;
    for (const StepMetrics& s : compute_metrics(t).steps) out[s.step] = s.shared_ld.conflicts;
    return out;
  };
  const auto plain = conflicts_by_step(record("blelloch", 64, 32));
  const auto padded = conflicts_by_step(record("blelloch-padded", 64, 32));
  for (unsigned d = 0; d < 6; ++d) {
    const StepId up = make_step(StepKind::UpSweep, d);
    EXPECT_EQ(plain.at(up), d < 5 ? 2u : 0u) << "blelloch depth " << d;
    EXPECT_EQ(padded.at(up), 0u) << "blelloch-padded depth " << d;
  }
}

// Work and span, measured from the dataflow of one tile, against what the algorithms do:
// - naive, n = 256: thread i combines i + 1 loads, i combines in a chain: work sum i = 32640,
//   span 255;
// - Hillis–Steele, n = 256: step k has 256 - 2^k adders, work 8 * 256 - 255 = 1793, span 8;
// - Blelloch, n = 512: n - 1 = 511 combines up and 511 down, work 1022; the root's left child
//   is 8 combines deep, the down-sweep adds one per depth: span 8 + 9 = 17.
// Inclusive and exclusive do the same combines (they differ in which prefix is copied out),
// except naive's exclusive, which never loads in[i]: 32640 - 255 combines, 254 deep.
TEST(ScanTraceInvariants, WorkAndSpanAreTheAlgorithmsOwn) {
  struct Expected {
    const char* variant;
    std::uint64_t n;
    bool exclusive;
    std::uint64_t work, span;
  };
  const Expected cases[] = {
      {"naive-quadratic", 256, false, 32640, 255}, {"naive-quadratic", 256, true, 32385, 254},
      {"hillis-steele", 256, false, 1793, 8},      {"hillis-steele", 256, true, 1793, 8},
      {"blelloch", 512, false, 1022, 17},          {"blelloch", 512, true, 1022, 17},
      {"blelloch-padded", 512, false, 1022, 17},   {"blelloch-padded", 512, true, 1022, 17}};
  for (const Expected& x : cases) {
    const RunResult r = run(x.variant, x.n, 256, Pattern::Random, "sum", x.exclusive);
    const WorkSpan ws = measure_work_span(build_dataflow(r.trace));
    EXPECT_EQ(ws.work, x.work) << x.variant << (x.exclusive ? " exclusive" : "");
    EXPECT_EQ(ws.span, x.span) << x.variant << (x.exclusive ? " exclusive" : "");
  }
}

// The GPU Gems macro as printed pads nothing: the same conflicts as plain Blelloch, the same result.
TEST(ScanTraceInvariants, TheGemsMacroKeepsEveryConflict) {
  auto conflicts_by_step = [](const Trace& t) {
    std::map<StepId, std::uint64_t> out;
    for (const StepMetrics& s : compute_metrics(t).steps) out[s.step] = s.shared_ld.conflicts + s.shared_st.conflicts;
    return out;
  };
  const RunResult gems = run("blelloch-gems-macro", 512, 256);
  EXPECT_TRUE(gems.check.ok) << gems.check.expected;
  EXPECT_EQ(conflicts_by_step(gems.trace), conflicts_by_step(record("blelloch", 512, 256)));
  EXPECT_GT(compute_metrics(gems.trace).total.shared_ld.conflicts, 0u);
}

// One tile at block 64 in each size, so no look-back: 2 warps of items / 4 chunks, half parked.
// At 128 items, a tile of 8192: each global instruction moves 32 whole 16-byte vectors, 16
// sectors: 32 a warp each way, 64 for the 2 warps, 1024 sectors = 32 KiB read once and
// written once. Shared memory sees 3 passes of 16 requests a warp over the parked chunks: the
// fill, the read for the lane's total, and the read that finishes them. A lane's vector lies
// where the lane wrote it, so none of them has a bank conflict. At 32 and 8 items the same
// with 8 and 2 chunks a warp: the counts show the kernel ran the size the plan tiled for.
TEST(ScanTraceInvariants, TheChunksCoalesceWithoutBankConflicts) {
  for (const std::uint64_t items : {8u, 32u, 128u}) {
    const std::uint64_t n = 64 * items, chunks = items / 4;
    const RunResult r = run("decoupled-lookback", n, 64, Pattern::Random, "sum", false, unsigned(items));
    ASSERT_TRUE(r.check.ok) << r.check.expected;
    ASSERT_EQ(r.trace.meta.launches.at(0).grid_dim, 1u) << "items " << items;
    const StepMetrics total = compute_metrics(r.trace).total;
    EXPECT_EQ(total.global_ld.requests, 2 * chunks) << "items " << items;
    EXPECT_EQ(total.global_ld.sectors, n * 4 / 32) << "items " << items;
    EXPECT_EQ(total.global_st.requests, 2 * chunks) << "items " << items;
    EXPECT_EQ(total.global_st.sectors, n * 4 / 32) << "items " << items;
    EXPECT_EQ(total.shared_ld.conflicts, 0u);
    EXPECT_EQ(total.shared_st.conflicts, 0u);
    std::uint64_t vector_requests = 0;
    for (const Event& e : r.trace.events)
      vector_requests += (e.op == OpKind::SharedLoad || e.op == OpKind::SharedStore) && e.size == 16;
    EXPECT_EQ(vector_requests, 3 * 2 * (chunks / 2) * 32) << "3 passes of 2 warps x chunks / 2 requests of 32 lanes";
  }
}

// Each tile size is a kernel of its own and asks for its own tile's shared memory. At block 64,
// each of 2 warps parks half its run (items / 8 chunks of 32 lanes x 16 bytes). Then come the block
// scan's 32 totals (128 bytes), the ticket's slot (16), and the look-back's 32 values and 32 flags
// (256). One kernel for every size would ask for the largest tile's, 16784 bytes, at each.
TEST(ScanTraceInvariants, EachTileSizeAsksForItsOwnSharedMemory) {
  for (const unsigned items : {8u, 32u, 128u}) {
    const RunResult r = run("decoupled-lookback", 2 * 64 * items, 64, Pattern::Random, "sum", false, items);
    ASSERT_TRUE(r.check.ok) << r.check.expected;
    ASSERT_EQ(r.trace.meta.launches.at(0).grid_dim, 2u) << "items " << items;
    const unsigned parked = 2 * (items / 8) * 32 * 16;
    EXPECT_EQ(r.trace.meta.launches.at(0).shared_bytes, parked + 128 + 16 + 256) << "items " << items;
  }
}

// Where each value goes, at block 64 (tiles of 8192; a warp's run is 4096 elements, its first
// 2048 parked, lane l's vector of chunk j at slot 2048 w + 4 (32 j + l)). The fill copies: each
// parked slot is one input element, or a pad with no source (n = 3000: warp 0 fills all of its
// slots, warp 1 none). No lane reads another lane's slots: values cross lanes only by shuffles.
// An output of a parked chunk names its own vector's 4 slots. The recorded block is tile 0, alone
// or in a grid of several tiles (n = 20000: 3), with nothing before it: no output depends on a
// look-back (a later tile's do: LaunchesAreNamedAndTheSinglePassLooksBack).
TEST(ScanTraceInvariants, TheChunksStayInTheirLanes) {
  constexpr unsigned kParked = DecoupledLookback::kMostParked;
  constexpr unsigned kParkedPerWarp = 32 * kParked * 4, kRun = 32 * DecoupledLookback::kItems;
  constexpr unsigned kParkedAll = 2 * kParkedPerWarp;
  struct Owner {
    unsigned warp, lane, chunk;
  };
  auto slot_owner = [](std::uint32_t slot) {
    const unsigned q = slot % kParkedPerWarp / 4;
    return Owner{slot / kParkedPerWarp, q % 32, q / 32};
  };
  auto output_owner = [](std::uint64_t e) {  // tile 0
    const unsigned r = unsigned(e % kRun);
    return Owner{unsigned(e / kRun), r % 128 / 4, r / 128};
  };
  auto slot_element = [&](std::uint32_t slot) {  // tile 0: the element a parked slot holds
    const Owner o = slot_owner(slot);
    return std::uint64_t(o.warp) * kRun + (o.chunk * 32 + o.lane) * 4 + slot % 4;
  };
  // 2001 and 2003 cut a vector after its first and its third element: the rest of its slots
  // are pads, from no load.
  for (const std::uint64_t n : {2001u, 2003u, 3000u, 20000u}) {
    const RunResult r = run("decoupled-lookback", n, 64, Pattern::Random, "sum", false, DecoupledLookback::kItems);
    ASSERT_TRUE(r.check.ok) << r.check.expected;
    const bool alone = n <= 2 * kRun;
    const StepId look_back = make_step(StepKind::LookBack);
    const DataflowGraph g = build_dataflow(r.trace);
    std::size_t slots = 0, pads = 0, outputs = 0;
    for (std::uint32_t i = 0; i < g.nodes.size(); ++i) {
      const DataflowNode& node = g.nodes[i];
      if (node.kind != DataflowNodeKind::Written) continue;
      const auto [first, last] = g.edges_into(i);
      if (node.space == DataflowSpace::Shared && node.step == kLoadStep && node.index < kParkedAll) {
        ++slots;
        const std::uint64_t element = slot_element(node.index);
        pads += element >= n;
        ASSERT_EQ(last - first, element < n ? 1 : 0) << "slot " << node.index << ", n = " << n;
        if (first == last) continue;
        EXPECT_EQ(g.nodes[first->from].kind, DataflowNodeKind::Input) << "slot " << node.index;
        EXPECT_EQ(g.nodes[first->from].index, element) << "slot " << node.index << ", n = " << n;
        continue;
      }
      if (node.space != DataflowSpace::Global || node.step != kFinishStep) continue;
      ++outputs;
      const Owner own = output_owner(node.index);
      std::size_t own_vector = 0;
      for (auto e = first; e != last; ++e) {
        const DataflowNode& from = g.nodes[e->from];
        if (from.space != DataflowSpace::Shared) continue;
        if (from.index < kParkedAll) {
          const Owner source = slot_owner(from.index);
          EXPECT_EQ(source.warp, own.warp) << "output " << node.index << " from slot " << from.index;
          EXPECT_EQ(source.lane, own.lane) << "output " << node.index << " from slot " << from.index;
          own_vector += source.chunk == own.chunk;
        }
      }
      EXPECT_EQ(own_vector, own.chunk < kParked ? 4u : 0u) << "output " << node.index;
      EXPECT_FALSE(depends_on_step(g, i, look_back)) << "output " << node.index << ", n = " << n;
    }
    EXPECT_EQ(slots, kParkedAll) << "n = " << n;
    EXPECT_EQ(outputs, alone ? n : 2 * kRun) << "every output of the recorded block's tile, n = " << n;
    // Warp w parks elements w * kRun + [0, kParkedPerWarp): those at n or past it are pads.
    std::uint64_t expected_pads = 0;
    for (std::uint64_t w = 0; w < 2; ++w) {
      const std::uint64_t begin = w * kRun, end = begin + kParkedPerWarp;
      expected_pads += end - std::clamp(n, begin, end);
    }
    EXPECT_EQ(pads, expected_pads) << "n = " << n;
  }
}

// In place, one tile of 8 ones: the simulator runs thread t - 2^k to its barrier before thread t
// reads, so thread t reads a new value wherever t - 2^k wrote one that differs from the old:
// t - 2^k >= 2^k, that is t >= 2^(k+1): 6 threads at step 0, 4 at step 1, none at step 2. Those
// 10 loads are racy edges. out[2] = 1 + 2 + 1 counts element 0 twice. Max does not care.
TEST(ScanTraceInvariants, TheSingleBufferRaceCountsPrefixesTwice) {
  const RunResult sum = run("hillis-steele-single-buffer", 8, 8, Pattern::Ones);
  EXPECT_FALSE(sum.check.ok);
  EXPECT_EQ(sum.check.expected, "out[2] = 3, got 4");
  std::size_t racy = 0;
  for (const DataflowEdge& e : build_dataflow(sum.trace).edges) racy += e.racy;
  EXPECT_EQ(racy, 10u);
  const DataflowGraph clean = build_dataflow(run("hillis-steele", 8, 8, Pattern::Ones).trace);
  EXPECT_EQ(std::count_if(clean.edges.begin(), clean.edges.end(), [](const DataflowEdge& e) { return e.racy; }), 0);
  EXPECT_TRUE(run("hillis-steele-single-buffer", 256, 256, Pattern::Random, "max").check.ok);
}

// The single pass runs again on the same buffers with no clearing launch: status words the
// first run left (inclusive prefixes of other values) belong to its epoch and are ignored, and
// tiles count from the run's first ticket. Three runs, three inputs, three right answers; in a
// grid the simulator holds at once (10 tiles: a cooperative launch, tiles by block, no tickets)
// and in one it does not (20 tiles, more than its 16: tickets).
TEST(ScanTraceInvariants, TheSinglePassRunsAgainWithoutClearing) {
  for (const unsigned tiles : {10u, 20u}) {
    RunRequest r;
    r.family = "scan";
    r.variant = "decoupled-lookback";
    r.type = "i32";
    r.n = tiles * 4096 - 96;
    r.block = 32;
    r.params["items"] = DecoupledLookback::kItems;  // tiles of 4096, some behind others' stale words
    Trace trace;
    SimBackend backend(record_options(r), trace);
    const std::vector<Level> levels = plan_levels(DecoupledLookback::info, r);
    ASSERT_EQ(levels.front().grid, tiles);
    ScanBuffers<std::int32_t> buffers = allocate_buffers<DecoupledLookback, std::int32_t>(backend, levels, r.n);
    for (std::uint64_t seed : {1, 2, 3}) {
      const std::vector<std::int32_t> input = make_input<std::int32_t>(Pattern::Random, r.n, seed, "sum");
      launch_levels<DecoupledLookback, SumOp>(backend, backend.upload(input), buffers, levels, r.block, false, false);
      EXPECT_EQ(backend.read_all(buffers.out), reference_scan<SumOp>(input, false)) << "run " << seed << ", " << tiles;
    }
    EXPECT_EQ(buffers.epoch, 3u);
    EXPECT_EQ(buffers.tickets, tiles > SimGrid::kMaxResidentBlocks ? 3u * tiles : 0u);
  }
}

// A single pass looks back, a multi-tile scan-then-propagate launches scan, scan, propagate.
TEST(ScanTraceInvariants, LaunchesAreNamedAndTheSinglePassLooksBack) {
  const Trace three = record("scan-then-propagate", 4096, 32);  // tiles of 128: 32 tiles, then 1
  ASSERT_EQ(three.meta.launches.size(), 3u);
  EXPECT_EQ(three.meta.launches[0].name, "scan-then-propagate");
  EXPECT_EQ(three.meta.launches[1].name, "scan-then-propagate, tile totals 1");
  EXPECT_EQ(three.meta.launches[2].name, "propagate");
  EXPECT_EQ(three.meta.launches[2].grid_dim, 31u) << "tile 0 has nothing to add";

  const Trace one = [] {
    RunRequest q;
    q.family = "scan";
    q.variant = "decoupled-lookback";
    q.type = "i32";
    q.n = 32768;
    q.block = 32;
    q.params["items"] = DecoupledLookback::kItems;  // tiles of 4096: 8 tiles
    q.record = true;
    q.record_blocks = {5};
    const std::vector<std::int32_t> input = make_input<std::int32_t>(Pattern::Ones, q.n, 1, "sum");
    return run_sim(q, input.data()).trace;
  }();
  ASSERT_EQ(one.meta.launches.size(), 1u);
  std::size_t status_reads = 0;
  for (const Event& e : one.events) status_reads += e.step == make_step(StepKind::LookBack) && e.op == OpKind::GlobalLoad;
  // Warp 0 of tile 5 reads tiles 4 .. 0 at once, one lane each; blocks run in order on the
  // simulator, so tile 4 has published its inclusive prefix and one window is enough.
  EXPECT_EQ(status_reads, 5u);
  // Tile 5 (block 5: 8 tiles fit the simulator at once, so the launch is cooperative) gets the
  // tiles' before it from the look-back, in registers: every output depends on it.
  const DataflowGraph g = build_dataflow(one);
  std::size_t outputs = 0;
  for (std::uint32_t i = 0; i < g.nodes.size(); ++i) {
    const DataflowNode& node = g.nodes[i];
    if (node.kind != DataflowNodeKind::Written || node.space != DataflowSpace::Global || node.step != kFinishStep) continue;
    ++outputs;
    EXPECT_TRUE(depends_on_step(g, i, make_step(StepKind::LookBack))) << "output " << node.index;
  }
  EXPECT_EQ(outputs, 4096u) << "every output of tile 5";
}

}  // namespace
}  // namespace wl::scan
