// decoupled-lookback: a single pass. Each tile scans its elements, publishes its aggregate, then
// looks back over its predecessors' status words, combining aggregates until it meets a tile
// that has published its inclusive prefix (kernels/grid/tile_status.h).
//
// Scan-then-propagate moves 4n bytes in three launches; this moves 2n in one. A tile never
// waits for a chain of full prefixes, only for predecessors that have not published at all, so
// the wait stays short; a whole warp looks back, 32 predecessors a round trip. Tiles are
// numbered in the order blocks start (an atomic counter), not by blockIdx: a tile then only
// ever waits on a block that is already running, which is what guarantees forward progress.
// Each thread scans 32 elements, so the fixed costs of a tile (its ticket, four barriers, the
// look-back) are paid once per 32 KiB at block 256; the elements come in and go out through a
// warp transpose in shared memory (kernels/warp/warp_exchange.h), so that every load and store
// instruction moves 512 whole bytes. While its block looks back, a tile waits in that shared
// memory, not in registers: a thread keeps only its run's total and reads the run again to
// finish it. At 40 registers instead of 64, six blocks of 256 fit a multiprocessor instead of
// four, and more tiles are loading while others wait (1.08x faster at 2^28 on an H100).
// Neither the status words nor the counter are reset between runs on the same buffers (they
// carry the run's epoch and first ticket), so a timed run is this one launch; a grid of one
// tile is a plain block scan, with no ticket and no status buffer at all.
// Origin: Merrill and Garland 2016, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back"; CUB DeviceScan.
#pragma once
#include "kernels/block/block_scan.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant.h"
#include "kernels/grid/tile_status.h"
#include "kernels/warp/warp_exchange.h"

namespace wl::scan {

struct DecoupledLookback {
  static constexpr unsigned kItems = 32;  // 8 vectors a thread: a tile of 8192 at block 256
  static constexpr VariantInfo info{
      "decoupled-lookback", "one pass: publish the tile's aggregate, look back for its prefix: 2n bytes moved",
      "Merrill & Garland 2016; CUB DeviceScan", Shape::SinglePass, kItems, 32,
      /*pitfall=*/false, /*deterministic_trace=*/false, /*max_n=*/0, /*ping_pong=*/false,
      /*max_block=*/512, /*min_resident_blocks=*/3};
  // Held to 40 registers a thread (three blocks of 512 a multiprocessor, six of 256), which
  // ptxas meets with no spills for every operator and type, now that a thread holds only its
  // run's total across the look-back. Blocks of 1024 are refused: the recorded build takes 72
  // registers a thread, over the 64 they leave.

  template <class T>
  static constexpr unsigned shared_bytes(unsigned block) {
    return shared_array_bytes<T>(block * kItems) + block_scan_shared_bytes<T>() + shared_array_bytes<unsigned>(1) +
           shared_array_bytes<T>(1);
  }

  template <class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ScanArgs<T>& a) {
    Shared<T> exchange = shared_array<T>(ctx, ctx.block_dim() * kItems);
    Shared<T> warp_totals = shared_array<T>(ctx, 32);
    Shared<unsigned> tile_slot = shared_array<unsigned>(ctx, 1);
    Shared<T> prefix_slot = shared_array<T>(ctx, 1);
    const unsigned tid = ctx.thread_idx();
    // A grid of one tile has no one to publish to and nothing to look back on: it is a block scan.
    const bool alone = ctx.grid_dim() == 1;

    unsigned tile = 0;
    if (ctx.branch(!alone)) {
      if (ctx.branch(tid == 0)) {
        unsigned taken = ctx.atomic_add(a.next_tile, 0, 1u);
        ctx.st(tile_slot, 0, taken - a.first_ticket);
      }
      ctx.sync();
      tile = ctx.ld(tile_slot, 0);
    }
    const std::uint64_t warp_first = (std::uint64_t(tile) * ctx.block_dim() + ctx.warp() * 32) * kItems;
    const unsigned region = ctx.warp() * kWarpExchangeElements<kItems>;

    T total_of_run = identity<Op, T>();
    {  // only the run's total stays in registers; the run itself waits in `exchange`
      T items[kItems];
      // Loads before in this step (st_from masks count from there): the tile's number, unless alone.
      warp_load_blocked<kItems>(ctx, exchange, region, a.in, a.n, warp_first, identity<Op, T>(), alone ? 0u : 1u,
                                items);
      total_of_run = scan_items<kItems, Op>(items);
    }
    const T before = block_scan<Op>(ctx, warp_totals, total_of_run, level_step(0), /*exclusive=*/true);

    if (ctx.branch(!alone)) {
      if (ctx.branch(ctx.warp() == 0)) {  // warp 0 publishes, looks back and publishes again
        T total = identity<Op, T>();
        if (ctx.branch(tid == 0)) {
          total = block_scan_total(ctx, warp_totals);
          publish_tile(ctx, a.status, tile, tile == 0 ? TileStatus::InclusivePrefix : TileStatus::Aggregate, total,
                       a.epoch);
        }
        T tiles_before = identity<Op, T>();
        if (ctx.branch(tile > 0)) {
          tiles_before = warp_look_back<Op, Ctx, T>(ctx, a.status, tile, a.epoch);
          if (ctx.branch(tid == 0))
            publish_tile(ctx, a.status, tile, TileStatus::InclusivePrefix, Op::apply(tiles_before, total), a.epoch);
        }
        if (ctx.branch(tid == 0)) ctx.st(prefix_slot, 0, tiles_before);
      }
      ctx.sync();
    }

    ctx.step(kFinishStep);
    T prefix = before;          // everything before the thread's run
    unsigned loads_before = 0;  // loads of this step so far: the masks of the stores below count from there
    if (ctx.branch(!alone)) {
      const T tiles_before = ctx.ld(prefix_slot, 0);
      prefix = Op::apply(tiles_before, before);
      loads_before = 1;
    }
    loads_before += scan_run_in_place<kItems, Op>(ctx, exchange, region, prefix, a.exclusive, loads_before);
    warp_store_striped<kItems>(ctx, exchange, region, a.out, a.n, warp_first, loads_before);
  }
};

}  // namespace wl::scan
