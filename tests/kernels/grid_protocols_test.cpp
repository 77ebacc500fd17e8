// The grid layer's cross-block protocols on the simulator: the last-block ticket, and decoupled
// look-back over tile status words, checked against sums worked out on the host.
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <vector>

#include "kernels/block/block_reduce.h"
#include "kernels/grid/last_block.h"
#include "kernels/grid/tile_status.h"
#include "kernels/sim/sim_context.h"
#include "kernels/sim/sim_grid.h"

namespace wl {
namespace {

constexpr unsigned kBlock = 64;

// Block b's elements are b * 64 .. b * 64 + 63, each equal to its index + 1.
std::vector<std::int32_t> ascending(unsigned blocks) {
  std::vector<std::int32_t> v(blocks * kBlock);
  std::iota(v.begin(), v.end(), 1);
  return v;
}

template <class T>
Global<T> view(std::vector<T>& v, BufferId id) {
  return Global<T>{v.data(), v.size(), id};
}

// Every thread of the block looks back (kernels/grid/tile_status.h), with its shared slots.
std::int32_t look_back(SimCtx& ctx, Global<TileWord> status, unsigned tile) {
  Shared<std::int32_t> values = shared_array<std::int32_t>(ctx, 32);
  Shared<unsigned> found = shared_array<unsigned>(ctx, 32);
  return block_look_back<SumOp, SimCtx, std::int32_t>(ctx, status, tile, 1, values, found);
}
constexpr unsigned kLookBackBytes = block_look_back_shared_bytes<std::int32_t>();

void run(unsigned blocks, unsigned shared_bytes, KernelBody body, bool reverse_start = false) {
  SimLaunch launch;
  launch.grid_dim = blocks;
  launch.block_dim = kBlock;
  launch.shared_bytes = shared_bytes;
  launch.reverse_start = reverse_start;
  SimGrid grid(launch, std::move(body));
  grid.run();
}

// One block of two warps looks back from `tile` over `status`; every thread must get the same
// value, which is returned.
std::int32_t look_back_in_every_thread(std::vector<TileWord> status, unsigned tile) {
  std::vector<std::int32_t> got(kBlock, -1);
  run(1, kLookBackBytes, [&](SimCtx& ctx) { got[ctx.thread_idx()] = look_back(ctx, view(status, 1), tile); });
  for (std::int32_t v : got) EXPECT_EQ(v, got[0]) << "tile " << tile;
  return got[0];
}

TEST(GridProtocols, ExactlyOneBlockDrawsTheLastTicket) {
  constexpr unsigned kBlocks = 9;
  std::vector<std::int32_t> partials(kBlocks, -1);
  std::vector<unsigned> ticket(1, 0), last(kBlocks, 0);
  run(kBlocks, 16, [&](SimCtx& ctx) {
    Shared<unsigned> am_last = shared_array<unsigned>(ctx, 1);
    const bool is_last = publish_and_take_ticket(ctx, view(partials, 1), view(ticket, 2), am_last,
                                                 std::int32_t(ctx.block_idx() * 10));
    if (ctx.thread_idx() == 0) last[ctx.block_idx()] = is_last;
  });
  EXPECT_EQ(ticket[0], kBlocks);
  EXPECT_EQ(std::accumulate(last.begin(), last.end(), 0u), 1u);
  for (unsigned b = 0; b < kBlocks; ++b) EXPECT_EQ(partials[b], std::int32_t(b * 10));
}

// The last block returns the ticket, so one counter serves launch after launch with no memset
// between them: each launch again has exactly one last block, and the counter ends at 0.
TEST(GridProtocols, TheLastBlockReturnsTheTicketForTheNextLaunch) {
  constexpr unsigned kBlocks = 7;
  std::vector<std::int32_t> partials(kBlocks, -1);
  std::vector<unsigned> ticket(1, 0);
  for (int launch = 0; launch < 3; ++launch) {
    std::vector<unsigned> last(kBlocks, 0);
    run(kBlocks, 16, [&](SimCtx& ctx) {
      Shared<unsigned> am_last = shared_array<unsigned>(ctx, 1);
      const bool is_last = publish_and_take_ticket(ctx, view(partials, 1), view(ticket, 2), am_last,
                                                   std::int32_t(ctx.block_idx()));
      if (ctx.thread_idx() == 0) {
        last[ctx.block_idx()] = is_last;
        if (is_last) return_ticket(ctx, view(ticket, 2));
      }
    });
    EXPECT_EQ(ticket[0], 0u) << "launch " << launch;
    EXPECT_EQ(std::accumulate(last.begin(), last.end(), 0u), 1u) << "launch " << launch;
  }
}

// Each tile sums its elements, publishes the aggregate, looks back for its exclusive prefix,
// then publishes its inclusive prefix: the single-pass scan of tile sums.
TEST(GridProtocols, LookBackGivesEveryTileItsExclusivePrefix) {
  constexpr unsigned kBlocks = 12;
  std::vector<std::int32_t> input = ascending(kBlocks);
  std::vector<TileWord> status(tile_status_words(kBlocks), 0);
  std::vector<std::int32_t> prefix(kBlocks, -1);
  run(kBlocks, block_reduce_shared_bytes<std::int32_t>() + kLookBackBytes, [&](SimCtx& ctx) {
    Shared<std::int32_t> warp_totals = shared_array<std::int32_t>(ctx, 32);
    const unsigned tile = ctx.block_idx();
    std::int32_t x = ctx.ld(view(input, 1), std::uint64_t(tile) * kBlock + ctx.thread_idx());
    const std::int32_t sum = block_reduce<SumOp>(ctx, warp_totals, x, level_step(0));
    if (ctx.thread_idx() == 0) publish_tile(ctx, view(status, 2), tile, TileStatus::Aggregate, sum);
    const std::int32_t exclusive = look_back(ctx, view(status, 2), tile);
    if (ctx.thread_idx() == 0) {
      publish_tile(ctx, view(status, 2), tile, TileStatus::InclusivePrefix, exclusive + sum);
      ctx.st(view(prefix, 3), tile, exclusive);
    }
  });
  // Tile t holds 64t + 1 .. 64t + 64, so the tiles before it hold 1 .. 64t: 64t (64t + 1) / 2.
  for (unsigned t = 0; t < kBlocks; ++t) {
    const std::int64_t elements = std::int64_t(kBlock) * t;
    EXPECT_EQ(prefix[t], elements * (elements + 1) / 2) << "tile " << t;
    EXPECT_EQ(tile_status_of(status[tile_word_index(t)]), TileStatus::InclusivePrefix);
  }
}

// Tile 70 looks back over predecessors that published only aggregates (tile t: t + 1). Its two
// warps read 64 tiles a round trip, warp 0 the nearest 32: tiles 69..38 and 37..6, then 5..0,
// which ends at tile 0's inclusive prefix, 1: the sum 1 + 2 + ... + 70 = 2485. With tile 20's
// inclusive prefix set to 1000, warp 1 finds it in the first round: 1000 + 22 + ... + 70 = 3254.
// With tile 50's set to 1000 as well, warp 0's is the nearest: 1000 + 52 + ... + 70 = 2159. Every
// thread gets the value. Each word has a line of its own (core/tile_word.h).
TEST(GridProtocols, TheBlockLooksBackWindowByWindowToTheNearestInclusivePrefix) {
  constexpr unsigned kTile = 70;
  std::vector<TileWord> status(tile_status_words(kTile));
  status[tile_word_index(0)] = pack_tile(TileStatus::InclusivePrefix, std::int32_t(1));
  for (unsigned t = 1; t < kTile; ++t) status[tile_word_index(t)] = pack_tile(TileStatus::Aggregate, std::int32_t(t + 1));
  EXPECT_EQ(look_back_in_every_thread(status, kTile), 2485);
  status[tile_word_index(20)] = pack_tile(TileStatus::InclusivePrefix, std::int32_t(1000));
  EXPECT_EQ(look_back_in_every_thread(status, kTile), 3254);
  status[tile_word_index(50)] = pack_tile(TileStatus::InclusivePrefix, std::int32_t(1000));
  EXPECT_EQ(look_back_in_every_thread(status, kTile), 2159);
}

// Where warp 0's window ends. Predecessors as above (tile t: t + 1, tile 0's inclusive prefix 1):
// tile t gets 1 + 2 + ... + t = t (t + 1) / 2 in both warps' threads. Tile 20 gets 210. Tile 32
// gets 528: warp 0's 32 lanes read tiles 31..0 and warp 1 reads none. Tile 33 gets 561: warp 1
// reads tile 0. With tile 10's inclusive prefix set to 1000, tile 20 gets 1000 + 12 + ... + 20 =
// 1144.
TEST(GridProtocols, WarpZerosWindowEndsAtTheThirtySecondPredecessor) {
  std::vector<TileWord> status(tile_status_words(40));
  status[tile_word_index(0)] = pack_tile(TileStatus::InclusivePrefix, std::int32_t(1));
  for (unsigned t = 1; t < 40; ++t) status[tile_word_index(t)] = pack_tile(TileStatus::Aggregate, std::int32_t(t + 1));
  EXPECT_EQ(look_back_in_every_thread(status, 20), 210);
  EXPECT_EQ(look_back_in_every_thread(status, 32), 528);
  EXPECT_EQ(look_back_in_every_thread(status, 33), 561);
  status[tile_word_index(10)] = pack_tile(TileStatus::InclusivePrefix, std::int32_t(1000));
  EXPECT_EQ(look_back_in_every_thread(status, 20), 1144);
}

// Forward progress. Blocks started last to first: a tile numbered by blockIdx waits on tiles
// whose blocks have not started, and once every resident block spins the simulator says so
// instead of hanging. Tiles numbered in the order blocks start (an atomic counter, as
// decoupled-lookback does) only ever wait on running blocks, and finish in any order.
TEST(GridProtocols, LookBackNeedsTilesNumberedInStartOrder) {
  constexpr unsigned kBlocks = 40;  // more than the simulator's 16 resident blocks
  auto scan_tiles = [](bool tile_from_counter) {
    std::vector<TileWord> status(tile_status_words(kBlocks), 0);
    std::vector<unsigned> counter(1, 0);
    std::vector<std::int32_t> prefix(kBlocks, -1);
    run(kBlocks, 16 + kLookBackBytes, [&](SimCtx& ctx) {
      Shared<unsigned> slot = shared_array<unsigned>(ctx, 1);
      if (ctx.thread_idx() == 0) {
        const unsigned taken = tile_from_counter ? ctx.atomic_add(view(counter, 1), 0, 1u) : ctx.block_idx();
        ctx.st(slot, 0, taken);
      }
      ctx.sync();
      const unsigned tile = ctx.ld(slot, 0);
      if (ctx.thread_idx() == 0) publish_tile(ctx, view(status, 2), tile, TileStatus::Aggregate, std::int32_t(1));
      const std::int32_t before = look_back(ctx, view(status, 2), tile);
      if (ctx.thread_idx() == 0) {
        publish_tile(ctx, view(status, 2), tile, TileStatus::InclusivePrefix, before + 1);
        ctx.st(view(prefix, 3), tile, before);
      }
    }, /*reverse_start=*/true);
    return prefix;
  };
  const std::vector<std::int32_t> prefix = scan_tiles(true);
  for (unsigned t = 0; t < kBlocks; ++t) EXPECT_EQ(prefix[t], std::int32_t(t)) << "tile " << t;
  try {
    scan_tiles(false);
    FAIL() << "tiles numbered by blockIdx cannot finish when the last blocks start first";
  } catch (const KernelError& e) {
    EXPECT_EQ(e.kind(), KernelErrorKind::SpinHang);
    EXPECT_NE(std::string(e.what()).find("spin-waits"), std::string::npos) << e.what();
  }
}

TEST(GridProtocols, TileWordsKeepStatusAndValueTogether) {
  const TileWord w = pack_tile(TileStatus::Aggregate, -2.5f);
  EXPECT_EQ(tile_status_of(w), TileStatus::Aggregate);
  EXPECT_EQ(tile_value_of<float>(w), -2.5f);
  EXPECT_EQ(tile_status_of(TileWord(0)), TileStatus::Invalid);
}

// A word of another run (epoch) is no status to this one, whatever it says; a zeroed word is
// no status to any run.
TEST(GridProtocols, AnotherRunsTileWordsAreNoStatus) {
  const TileWord old = pack_tile(TileStatus::InclusivePrefix, std::int32_t(99), 6);
  EXPECT_EQ(tile_epoch_of(old), 6u);
  EXPECT_EQ(tile_status_of(old, 6), TileStatus::InclusivePrefix);
  EXPECT_EQ(tile_status_of(old, 7), TileStatus::Invalid);
  EXPECT_EQ(tile_status_of(TileWord(0), 7), TileStatus::Invalid);
  EXPECT_EQ(tile_value_of<std::int32_t>(old), 99);
}

}  // namespace
}  // namespace wl
