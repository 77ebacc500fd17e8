// decoupled-lookback: a single pass. Each tile scans its elements, publishes its aggregate, then
// looks back over its predecessors' status words, combining aggregates until it meets a tile
// that has published its inclusive prefix (kernels/grid/tile_status.h).
//
// What it changes, and why:
// - One launch moving 2n bytes, where scan-then-propagate moves 4n in three. A tile waits only
//   for predecessors that have published nothing, never for a chain of full prefixes, and every
//   warp of the block looks back, 32 predecessors each a round trip.
// - Each status word has a 128-byte line to itself: tiles that publish and poll words sharing a
//   line queue behind one another in L2.
// - Forward progress: a tile waits only on blocks that are running. Where the whole grid fits on
//   the GPU at once the launch is cooperative and tile b is block b (a ticket would cost 0.1-0.35
//   us of a short input's 3.7-7 us); otherwise an atomic counter numbers tiles as blocks start.
// - Large tiles: 128 items a thread, so the ticket, barriers and look-back are paid once per
//   128 KiB at block 256. A tile waits out its look-back half in shared memory, half in
//   registers (kernels/warp/warp_chunks.h), so a multiprocessor keeps more tiles loading.
// - Short inputs: the plan (plan.h) takes tiles of 32 or 8 items a thread when n is short of one
//   large tile for every fourth multiprocessor; each size is a kernel of its own, so a short
//   tile's warps fetch only its own few instructions.
// - Every load and store instruction moves 512 whole bytes, and each 128-element chunk is
//   scanned where it lies, by a warp scan of its lanes' totals, with no transpose.
// - Status words and the counter carry the run's epoch and first ticket, so nothing is reset
//   between runs and a timed run is this one launch; a grid of one tile is a plain block scan,
//   with no ticket and no status buffer.
//
// On an H100, f32 sum, block 256: 0.83 of CUB DeviceScan's time at 2^28, at 98% of a device
// copy's bandwidth; at 2^12-2^20, 0.65-0.70 of CUB's time each run alone and 0.60-0.64 back to
// back (docs/gpu-results.md).
//
// Origin: Merrill and Garland 2016, "Single-pass Parallel Prefix Scan with Decoupled
// Look-back"; CUB DeviceScan.
#pragma once
#include "kernels/block/block_scan.h"
#include "kernels/dialect/dialect.h"
#include "kernels/families/scan/variant.h"
#include "kernels/grid/tile_status.h"
#include "kernels/warp/warp_chunks.h"

namespace wl::scan {

struct DecoupledLookback {
  // A warp's run: 32 chunks of 32 16-byte vectors, a tile of 32768 at block 256; or 8 or 2 chunks
  // for a short input. Half of them wait in registers, half are parked in shared memory.
  static constexpr unsigned kChunks = 32, kShortChunks = 8, kShortestChunks = 2;
  static constexpr unsigned kItems = kChunks * 4;
  static constexpr unsigned kMostParked = kChunks / 2;
  static constexpr ScanVariantInfo info{
      "decoupled-lookback", "one pass: publish the tile's aggregate, look back for its prefix: 2n bytes moved",
      "Merrill & Garland 2016; CUB DeviceScan", Shape::SinglePass, kItems, 32,
      /*pitfall=*/false, /*deterministic_trace=*/false, /*max_n=*/0, /*ping_pong=*/false,
      /*max_block=*/512, /*min_resident_blocks=*/1, /*smaller_items=*/{kShortestChunks * 4, kShortChunks * 4}};
  // A thread holds 64 elements in registers: blocks of 1024 would leave it 64 registers in all.
  // Blocks of 512 park 128 KiB, more than sm_86 and sm_89 give a block (the launch says so).

  // A tile's shared memory: half of each warp's run parked, and the block scan's and look-back's.
  template <class T, unsigned kTileItems>
  static constexpr unsigned shared_bytes(unsigned block) {
    return shared_array_bytes<T>(block / 32 * kParkedElements<T, kTileItems / 8>) + block_scan_shared_bytes<T>() +
           shared_array_bytes<unsigned>(1) + block_look_back_shared_bytes<T>();
  }

  // A tile of kTileItems a thread, in warps that each scan kTileItems / 4 chunks. Each of info's
  // tile sizes is a kernel of its own (ScanKernel).
  template <unsigned kTileItems, class Op, class T, class Ctx>
  WL_DEVICE static void run(Ctx& ctx, const ScanArgs<T>& a) {
    static_assert(kTileItems == kItems || kTileItems == kShortChunks * 4 || kTileItems == kShortestChunks * 4,
                  "one of info's tile sizes");
    constexpr unsigned kRun = kTileItems / 4;
    constexpr unsigned W = kVecWidth<T>;
    constexpr unsigned kParked = kRun / 2, kHeld = kRun - kParked;
    Shared<T> parked = shared_array<T>(ctx, ctx.block_dim() / 32 * kParkedElements<T, kParked>);
    Shared<T> warp_totals = shared_array<T>(ctx, 32);
    Shared<unsigned> tile_slot = shared_array<unsigned>(ctx, 1);
    Shared<T> look_back_values = shared_array<T>(ctx, 32);
    Shared<unsigned> look_back_found = shared_array<unsigned>(ctx, 32);
    const unsigned tid = ctx.thread_idx(), lane = ctx.lane();
    // A grid of one tile has no one to publish to and nothing to look back on: it is a block scan.
    const bool alone = ctx.grid_dim() == 1;

    // The tile's number: block b's where every block is resident at once, else a ticket.
    const bool ticket = !alone && !a.tiles_by_block;
    unsigned tile = a.tiles_by_block ? ctx.block_idx() : 0;
    if (ctx.branch(ticket)) {
      if (ctx.branch(tid == 0)) {
        unsigned taken = ctx.atomic_add(a.next_tile, 0, 1u);
        ctx.st(tile_slot, 0, taken - a.first_ticket);
      }
      ctx.sync();
      tile = ctx.ld(tile_slot, 0);
    }
    const std::uint64_t warp_first = (std::uint64_t(tile) * ctx.block_dim() + ctx.warp() * 32) * kTileItems;
    const unsigned region = ctx.warp() * kParkedElements<T, kParked>;
    auto at = [&](unsigned j) { return warp_first + std::uint64_t(j * 32 + lane) * W; };

    Vec<T, W> held[kHeld];
    // Loads before in this step (the masks count from there): the ticket, if any.
    warp_load_chunks<kParked, kHeld>(ctx, parked, region, a.in, a.n, warp_first, identity<Op, T>(), ticket ? 1u : 0u,
                                     held);
    T lane_total = identity<Op, T>();  // the lane's elements of every chunk: only the total matters here
WL_UNROLL
    for (unsigned j = 0; j < kParked; ++j) {
      const Vec<T, W> x = ctx.ld_vec(parked, parked_slot<T>(region, j, lane), __LINE__);
      for (unsigned k = 0; k < W; ++k) lane_total = Op::apply(lane_total, x.v[k]);
    }
WL_UNROLL
    for (unsigned j = 0; j < kHeld; ++j)
      for (unsigned k = 0; k < W; ++k) lane_total = Op::apply(lane_total, held[j].v[k]);
    // Lane 0 of each warp gets what the warps before it hold: every lane of theirs. The thread
    // that first holds the tile's total publishes it as soon as it does, from inside the block
    // scan (the tiles after this one wait for it), then, after the whole block has looked back,
    // the inclusive prefix; every thread then holds the tiles' before it.
    T total = identity<Op, T>();
    const unsigned publisher = ctx.block_dim() / 32 - 1;
    auto publish_aggregate = [&](T t) {
      total = t;
      if (ctx.branch(!alone))
        publish_tile(ctx, a.status, tile, tile == 0 ? TileStatus::InclusivePrefix : TileStatus::Aggregate, total, a.epoch);
    };
    const T lanes_before =
        block_scan<Op>(ctx, warp_totals, lane_total, level_step(0), /*exclusive=*/true, publish_aggregate);

    T tiles_before = identity<Op, T>();
    if (ctx.branch(!alone && tile > 0)) {
      tiles_before = block_look_back<Op, Ctx, T>(ctx, a.status, tile, a.epoch, look_back_values, look_back_found);
      if (ctx.branch(tid == publisher))
        publish_tile(ctx, a.status, tile, TileStatus::InclusivePrefix, Op::apply(tiles_before, total), a.epoch);
    }

    ctx.step(kFinishStep);
    // Everything before the warp's first chunk. The tiles' prefix is in registers: the stores
    // below name it with kFromRegisters, and their mask bits count the parked loads from 0.
    T running = ctx.shfl(0xffffffffu, lanes_before, 0);
    if (ctx.branch(!alone)) running = Op::apply(tiles_before, running);
    // Chunks go kBatch at a time, so their warp scans overlap: a short run all at once, a long
    // one 4 at a time, which the registers its held chunks leave allow. Batches wholly past n
    // have nothing to store: the warp skips them together (a shuffle needs every lane), at small
    // n most of a tile.
    constexpr unsigned kBatch = kRun <= 8 ? kRun : 4;
WL_UNROLL
    for (unsigned b = 0; b < kRun; b += kBatch) {
      if (!ctx.branch(warp_first + b * 32 * W < a.n, __LINE__)) break;
      Vec<T, W> x[kBatch];
WL_UNROLL
      for (unsigned g = 0; g < kBatch; ++g)
        x[g] = b + g < kParked ? ctx.ld_vec(parked, parked_slot<T>(region, b + g, lane), __LINE__) : held[b + g - kParked];
      warp_scan_chunks<Op>(ctx, x, running, a.exclusive);
WL_UNROLL
      for (unsigned g = 0; g < kBatch; ++g) {
        const unsigned from_parked = b + g < kParked ? 1u << (b + g) : 0u;
        store_chunk_vector(ctx, a.out, a.n, at(b + g), x[g], from_parked | kFromRegisters);
      }
    }
  }
};

}  // namespace wl::scan
