// The look-back timeline from hand-built status accesses, and from the simulator.
#include "model/views/lookback_timeline.h"

#include <gtest/gtest.h>

#include "../trace/trace_builder.h"
#include "core/tile_word.h"
#include "kernels/families/scan/traits.h"
#include "kernels/host/input.h"

namespace wl {
namespace {

constexpr BufferId kStatus = 5;

// A status word of the run of epoch 1 (core/tile_word.h); 0 is no status.
std::uint64_t word(TileStatus s, std::uint32_t value) { return (std::uint64_t(1) << 2 | std::uint64_t(s)) << 32 | value; }

// Block 0 scans tile 1: it publishes its aggregate at 5, finds tile 0 empty at 6 and 8, and
// its inclusive prefix at 12; then publishes its own at 13. Block 1 scans tile 0 and publishes
// at 10. Times start at the first event (3). Each tile's word has a line to itself (core/
// tile_word.h), or, in a trace saved before that, the words lie side by side: a buffer of one
// word a tile. A buffer of unknown size (0) has today's layout.
void check_waits_and_publishes(std::uint64_t words_a_tile, std::uint64_t buffer_elements) {
  const std::uint64_t word_bytes = sizeof(TileWord) * words_a_tile;  // tile 1's word is here
  test::TraceBuilder b(32, 2);
  Trace t = [&] {
    b.global(0, 0, OpKind::GlobalLoad, 1, 0, 4, test::kInput, 7).time = 3;
    b.global(0, 0, OpKind::GlobalStore, 2, word_bytes, 8, kStatus, word(TileStatus::Aggregate, 7)).time = 5;
    b.global(0, 0, OpKind::GlobalLoad, 3, 0, 8, kStatus, 0).time = 6;
    b.global(0, 0, OpKind::GlobalLoad, 3, 0, 8, kStatus, (std::uint64_t(7) << 2 | 2) << 32).time = 8;  // another run's: no status
    b.global(0, 0, OpKind::GlobalLoad, 3, 0, 8, kStatus, word(TileStatus::InclusivePrefix, 4)).time = 12;
    b.global(0, 0, OpKind::GlobalStore, 4, word_bytes, 8, kStatus, word(TileStatus::InclusivePrefix, 11)).time = 13;
    b.global(1, 0, OpKind::GlobalStore, 2, 0, 8, kStatus, word(TileStatus::InclusivePrefix, 4)).time = 10;
    Trace built = b.build();
    built.meta.buffers.push_back({kStatus, kTileStatusBufferName, "u64", BufferRole::Temp, buffer_elements});
    return built;
  }();
  const LookbackTimeline tl = build_lookback_timeline(t, 0);
  ASSERT_EQ(tl.tiles.size(), 2u);
  EXPECT_FALSE(tl.nanoseconds);
  EXPECT_EQ(tl.end, 10u);
  const TileTimeline& zero = tl.tiles[0];
  EXPECT_EQ(zero.tile, 0u);
  EXPECT_EQ(zero.block, 1u);
  EXPECT_EQ(zero.inclusive, 7u);
  EXPECT_EQ(zero.aggregate, kNever);
  EXPECT_TRUE(zero.waits.empty());
  const TileTimeline& one = tl.tiles[1];
  EXPECT_EQ(one.tile, 1u);
  EXPECT_EQ(one.block, 0u);
  EXPECT_EQ(one.start, 0u);
  EXPECT_EQ(one.aggregate, 2u);
  EXPECT_EQ(one.inclusive, 10u);
  EXPECT_EQ(one.reads, 3u);
  ASSERT_EQ(one.waits.size(), 1u);
  EXPECT_EQ(one.waits[0].predecessor, 0u);
  EXPECT_EQ(one.waits[0].from, 3u);
  EXPECT_EQ(one.waits[0].until, 9u);
  EXPECT_EQ(one.waits[0].spins, 2u);
  EXPECT_EQ(describe_wait(tl, one, one.waits[0]), "tile 1 (block 0) waited 6 ticks on tile 0, 2 reads with no status");
}

TEST(LookbackTimeline, WaitsAndPublishesByHand) { check_waits_and_publishes(kTileWordSpacing, tile_status_words(2)); }
TEST(LookbackTimeline, ATraceWithWordsSideBySideStillReads) { check_waits_and_publishes(1, 2); }
TEST(LookbackTimeline, AStatusBufferOfUnknownSizeHasALineATile) { check_waits_and_publishes(kTileWordSpacing, 0); }

// CUB's ScanTileState in a recording: {status, value} descriptors of 8 bytes after 32 of
// padding, in an allocation the program named nothing (a caching allocator's block: its
// descriptors start 4096 bytes in). Block 0 publishes tile 0 inclusive (101) at 2; block 1
// publishes its partial (100) at 3, finds tile 0 invalid (99) at 4, reads the padding (0) below
// it, finds tile 0 inclusive at 6 and publishes its own at 7. Other 8-byte accesses of the
// allocation's block (its value alone, 4 bytes) are not status words.
TEST(LookbackTimeline, CubsTileDescriptorsInARecording) {
  constexpr BufferId kTemp = 3;
  constexpr std::uint64_t kBase = 4096 + 32 * 8;
  auto descriptor = [](std::uint64_t status, std::uint32_t value) { return std::uint64_t(value) << 32 | status; };
  test::TraceBuilder b(32, 2);
  b.global(0, 0, OpKind::GlobalStore, 10, kBase, 8, kTemp, descriptor(101, 5)).time = 2;
  b.global(1, 0, OpKind::GlobalStore, 11, kBase + 8, 8, kTemp, descriptor(100, 3)).time = 3;
  b.global(1, 0, OpKind::GlobalLoad, 12, kBase, 8, kTemp, descriptor(99, 0)).time = 4;
  b.global(1, 1, OpKind::GlobalLoad, 12, kBase - 8, 8, kTemp, descriptor(0, 0)).time = 4;
  b.global(1, 0, OpKind::GlobalLoad, 12, kBase, 8, kTemp, descriptor(101, 5)).time = 6;
  b.global(1, 0, OpKind::GlobalLoad, 13, kBase + 4, 4, kTemp, 5).time = 6;
  b.global(1, 0, OpKind::GlobalStore, 14, kBase + 8, 8, kTemp, descriptor(101, 8)).time = 7;
  Trace t = b.build();
  t.meta.backend = "gpu";
  const std::optional<TileStatusWords> words = find_tile_status_words(t, 0);
  ASSERT_TRUE(words);
  EXPECT_EQ(words->format, TileStatusWords::Cub);
  EXPECT_EQ(words->buffer, kTemp);
  EXPECT_EQ(words->base, kBase);
  EXPECT_EQ(words->stride, 8u);
  const LookbackTimeline tl = build_lookback_timeline(t, 0);
  ASSERT_EQ(tl.tiles.size(), 2u);
  EXPECT_EQ(tl.tiles[0].block, 0u);
  EXPECT_EQ(tl.tiles[0].inclusive, 0u);
  const TileTimeline& one = tl.tiles[1];
  EXPECT_EQ(one.tile, 1u);
  EXPECT_EQ(one.aggregate, 1u);
  EXPECT_EQ(one.inclusive, 5u);
  EXPECT_EQ(one.reads, 2u);  // the padding is no tile's
  ASSERT_EQ(one.waits.size(), 1u);
  EXPECT_EQ(one.waits[0].predecessor, 0u);
  EXPECT_EQ(one.waits[0].spins, 1u);
  EXPECT_EQ(one.waits[0].until, 4u);

  // The same stores with no block reading below its own: not a look-back (a reduction's 8-byte
  // partials that happen to be 100 and 101).
  test::TraceBuilder partials(32, 2);
  partials.global(0, 0, OpKind::GlobalStore, 10, 0, 8, kTemp, 101);
  partials.global(1, 0, OpKind::GlobalStore, 10, 8, 8, kTemp, 100);
  partials.global(1, 0, OpKind::GlobalLoad, 11, 8, 8, kTemp, 100);
  EXPECT_FALSE(find_tile_status_words(partials.build(), 0));
}

// A GPU timer that wraps during the launch still gives increasing times.
TEST(LookbackTimeline, AWrappedTimerIsUnwrapped) {
  test::TraceBuilder b(32, 1);
  b.global(0, 0, OpKind::GlobalLoad, 1, 0, 4, test::kInput, 7).time = 0xFFFFFF00u;
  b.global(0, 0, OpKind::GlobalStore, 2, 0, 8, kStatus, word(TileStatus::InclusivePrefix, 7)).time = 0x100u;
  Trace t = b.build();
  t.meta.backend = "gpu";
  t.meta.buffers.push_back({kStatus, kTileStatusBufferName, "u64", BufferRole::Temp, tile_status_words(1)});
  const LookbackTimeline tl = build_lookback_timeline(t, 0);
  ASSERT_EQ(tl.tiles.size(), 1u);
  EXPECT_TRUE(tl.nanoseconds);
  EXPECT_EQ(tl.tiles[0].inclusive, 0x200u);
}

// The simulator's single pass, every tile recorded: each tile publishes once or twice (tile 0
// only its inclusive prefix), in the order tiles were taken, and no kernel without the status
// buffer has a timeline.
TEST(LookbackTimeline, EveryTileOfASimulatedSinglePassPublishes) {
  RunRequest r;
  r.family = "scan";
  r.variant = "decoupled-lookback";
  r.type = "i32";
  r.n = 4096;
  r.block = 32;  // tiles of 256 (8 items a thread, the plan's size for so short an input): 16 tiles
  r.record = true;
  for (std::uint32_t k = 0; k < 16; ++k) r.record_blocks.push_back(k);
  const std::vector<std::int32_t> input = make_input<std::int32_t>(Pattern::Ones, r.n, 1, "sum");
  const Trace t = run_sim(r, input.data()).trace;
  const LookbackTimeline tl = build_lookback_timeline(t, 0);
  ASSERT_EQ(tl.tiles.size(), 16u);
  for (std::uint32_t k = 0; k < 16; ++k) {
    const TileTimeline& tile = tl.tiles[k];
    EXPECT_EQ(tile.tile, k);
    EXPECT_NE(tile.inclusive, kNever) << "tile " << k;
    EXPECT_EQ(tile.aggregate == kNever, k == 0) << "tile " << k;
    if (k == 0) continue;
    EXPECT_LT(tile.aggregate, tile.inclusive);
    EXPECT_GT(tile.inclusive, tl.tiles[k - 1].inclusive) << "the simulator runs tiles in order";
  }
  r.variant = "hillis-steele";
  EXPECT_FALSE(build_lookback_timeline(run_sim(r, input.data()).trace, 0).found());
}

}  // namespace
}  // namespace wl
