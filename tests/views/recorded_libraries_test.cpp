// What the views show of libraries' kernels recorded on an H200 (assets/recorded, recorded by
// `tools/gpu-check.sh run record`): CUB's DeviceReduce and DeviceScan, torch's cumsum (CUB's
// scan), histc and softmax. Each view shows only what the recording holds and never contradicts
// another: a float atomicAdd's compare-and-swap loop is no race, CUB's look-back is offered and
// drawn, a warp-step counted diverged shows which lanes sat out, the dataflow of a block that
// loads 4096 values before its tree draws the tree, and a recording with no input buffer says
// so instead of "0 inputs".
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "model/races.h"
#include "model/views/dataflow_layout.h"
#include "model/views/divergence_map.h"
#include "model/views/lookback_timeline.h"
#include "model/views/trace_views.h"
#include "model/views/view_registry.h"
#include "model/work_span.h"
#include "trace/trace_file.h"

namespace wl {
namespace {

TraceViews recorded(const std::string& name) {
  return build_trace_views(read_trace(std::string(WL_SOURCE_DIR) + "/assets/recorded/" + name + ".wltrace"));
}

std::size_t count_ops(const Trace& t, OpKind op, unsigned aux) {
  return std::size_t(std::count_if(t.events.begin(), t.events.end(),
                                   [&](const Event& e) { return e.op == op && e.aux == aux; }));
}

// torch.histc on sm_90: a float atomicAdd on shared memory is LDS, then ATOMS.CAST.SPIN again
// while it loses. Read as a load racing with the others' atomics, it was 258,129 pairs of a
// "missing barrier"; the compare-and-swap loop's read is part of its atomic.
TEST(RecordedLibraries, TorchHistcsCompareAndSwapLoopIsNoRace) {
  const TraceViews v = recorded("torch-histc");
  EXPECT_EQ(v.trace.meta.family, kRecordedFamily);
  EXPECT_GT(count_ops(v.whole(), OpKind::SharedAtomic, unsigned(AtomicKind::Cas)), 1000u);
  const std::vector<Race> races = find_races(v.whole());
  EXPECT_TRUE(races.empty()) << races.size() << " races, the first at line " << races.front().first.site;
}

// CUB's look-back scan, alone and inside torch.cumsum: the Look-back view is offered (its
// descriptors found by their stores, 100 and 101) and draws the four recorded tiles, each
// publishing its inclusive prefix, none left waiting at the end of the trace. Recorded values
// are what the strong loads saw (the tracer reads them past L1).
TEST(RecordedLibraries, CubsLookBackIsOfferedAndDrawn) {
  for (const char* name : {"cub-device-scan", "torch-cumsum"}) {
    SCOPED_TRACE(name);
    const TraceViews v = recorded(name);
    EXPECT_TRUE(v.gives & kGivesTileStatus);
    const ViewDecl* lookback = find_view("lookback");
    ASSERT_TRUE(lookback);
    EXPECT_TRUE(can_draw(*lookback, v));
    const std::optional<TileStatusWords> words = find_tile_status_words(v.whole(), 0);
    ASSERT_TRUE(words);
    EXPECT_EQ(words->format, TileStatusWords::Cub);
    EXPECT_EQ(words->stride, 8u);  // {u32 status, 4-byte value}
    const LookbackTimeline t = build_lookback_timeline(v.whole(), 0);
    ASSERT_EQ(t.tiles.size(), 4u);
    EXPECT_TRUE(t.nanoseconds);
    for (std::uint32_t k = 0; k < 4; ++k) {
      EXPECT_EQ(t.tiles[k].tile, k);
      EXPECT_EQ(t.tiles[k].block, k);
      EXPECT_NE(t.tiles[k].inclusive, kNever);
      EXPECT_EQ(t.tiles[k].aggregate == kNever, k == 0);  // tile 0 publishes its inclusive prefix at once
      for (const TileWait& w : t.tiles[k].waits) EXPECT_NE(w.until, kNever);
    }
  }
}

// A warp-step counted diverged shows the lanes that sat out: every diverged lane is drawn as
// diverged (idle) or as worked-and-diverged, never as a plain "worked" lane.
TEST(RecordedLibraries, EveryDivergedWarpStepShowsItsLanes) {
  for (const char* name : {"cub-device-scan", "torch-cumsum", "cub-device-reduce", "torch-histc", "torch-softmax"}) {
    SCOPED_TRACE(name);
    const TraceViews v = recorded(name);
    const BlockViews b = build_block_views(v, v.blocks.front());
    const DivergenceMap& m = b.divergence;
    const std::vector<LaneUse> lanes = m.lane_grid();
    std::uint32_t diverged = 0;
    for (std::uint32_t w = 0; w < m.warps; ++w)
      for (std::size_t c = 0; c < m.steps.size(); ++c) {
        const DivergenceCell& cell = m.cell(w, c);
        diverged += cell.divergent();
        for (unsigned lane = 0; lane < kWarpSize; ++lane) {
          const LaneUse use = lanes[(std::size_t(w) * m.steps.size() + c) * kWarpSize + lane];
          if ((cell.diverged_mask >> lane) & 1u)
            EXPECT_TRUE(use == LaneUse::Diverged || use == LaneUse::WorkedAndDiverged) << "warp " << w << " lane " << lane;
        }
      }
    EXPECT_EQ(diverged, m.divergent_warp_steps);
  }
}

// CUB's DeviceReduceKernel loads 4096 values in block 0 before its tree: the dataflow of 6929
// values, drawn at most 4000, keeps what was written and draws its edges (it drew 4000 loads
// and no edge); the work-span line says the recording names no input instead of "0 inputs".
TEST(RecordedLibraries, CubReducesDataflowDrawsItsTree) {
  const TraceViews v = recorded("cub-device-reduce");
  ASSERT_TRUE(v.dataflow);
  const DataflowLayout l = layout_dataflow(*v.dataflow, v.whole(), 0);
  EXPECT_TRUE(l.truncated);
  EXPECT_EQ(l.nodes.size(), kDataflowMaxNodes);
  EXPECT_GT(l.edges.size(), 1000u);
  const std::string text = work_span_text(measure_work_span(*v.dataflow));
  EXPECT_EQ(text.find("0 inputs"), std::string::npos) << text;
  EXPECT_NE(text.find("no buffer is named the run's input"), std::string::npos) << text;
}

}  // namespace
}  // namespace wl
