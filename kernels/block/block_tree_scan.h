// Block layer: the work-efficient exclusive scan of a shared array (Blelloch 1990). The
// up-sweep builds a reduction tree in place; the root is cleared; the down-sweep walks back
// down, and at each node the left child gets the node's value (a copy) while the right child
// gets the node's value combined with the left child's old value. 2(count - 1) combines in
// 2 log2(count) steps, against Hillis–Steele's count log2(count).
//
// Where the tree's nodes sit in shared memory is a policy: NoPadding, or BankPadding, one slot
// skipped every 32, so that the strided nodes of the deep levels fall in different banks.
#pragma once
#include <cstdint>

#include "kernels/dialect/dialect.h"

namespace wl {

// Sites recorded from this file are kBlockTreeScanSites + line (see kernels/dialect/README.md).
constexpr unsigned kBlockTreeScanSites = 2700;

// st_from masks (kernels/dialect/README.md) for stores the one-register rule of the dataflow
// would misread; a constant's store names kFromConstant (kernels/dialect/dialect.h), which
// selects no load.

struct NoPadding {
  static constexpr unsigned slot(unsigned i) { return i; }
  static constexpr unsigned slots(unsigned count) { return count; }
};
// 32 banks of 4 bytes: element i moves to i + i / 32.
struct BankPadding {
  static constexpr unsigned slot(unsigned i) { return i + (i >> 5); }
  static constexpr unsigned slots(unsigned count) { return count + (count >> 5); }
};

// Scans s[Pad::slot(0 .. count)) in place, exclusive; count = 2 * block_dim, a power of two.
// The total of all count elements goes to s[Pad::slot(count)] (so s holds count + 1 slots), where
// an inclusive scan finds its last element: inclusive[i] = exclusive[i + 1].
// Steps: UpSweep 0 .. log2(count) - 1, the root as UpSweep log2(count), then DownSweep 0 ..
// log2(count) - 1. Returns the total in thread 0 (the identity elsewhere). Ends with a barrier.
template <class Op, class Pad, class Ctx, class T>
WL_DEVICE T tree_exclusive_scan(Ctx& ctx, Shared<T> s, unsigned count) {
  constexpr unsigned S = kBlockTreeScanSites;
  const unsigned tid = ctx.thread_idx();
  unsigned offset = 1;
  unsigned depth = 0;
  for (unsigned active = count / 2; active > 0; active /= 2, offset *= 2, ++depth) {
    ctx.step(make_step(StepKind::UpSweep, depth));
    if (ctx.branch(tid < active, S + __LINE__)) {
      const unsigned left = Pad::slot(offset * (2 * tid + 1) - 1);
      const unsigned right = Pad::slot(offset * (2 * tid + 2) - 1);
      T l = ctx.ld(s, left, S + __LINE__);
      T r = ctx.ld(s, right, S + __LINE__);
      ctx.st(s, right, Op::apply(l, r), S + __LINE__);
    }
    ctx.sync(S + __LINE__);
  }

  // The root is a barrier interval of its own, so a step of its own: "up-sweep d=<levels>".
  ctx.step(make_step(StepKind::UpSweep, depth));
  T total = identity<Op, T>();
  if (ctx.branch(tid == 0, S + __LINE__)) {
    total = ctx.ld(s, Pad::slot(count - 1), S + __LINE__);
    ctx.st_from(s, Pad::slot(count), total, 0b1, S + __LINE__);
    ctx.st_from(s, Pad::slot(count - 1), identity<Op, T>(), kFromConstant, S + __LINE__);
  }
  ctx.sync(S + __LINE__);

  depth = 0;
  for (unsigned active = 1; active < count; active *= 2, ++depth) {
    offset /= 2;
    ctx.step(make_step(StepKind::DownSweep, depth));
    if (ctx.branch(tid < active, S + __LINE__)) {
      const unsigned left = Pad::slot(offset * (2 * tid + 1) - 1);
      const unsigned right = Pad::slot(offset * (2 * tid + 2) - 1);
      T l = ctx.ld(s, left, S + __LINE__);   // load 0
      T r = ctx.ld(s, right, S + __LINE__);  // load 1
      ctx.st_from(s, left, r, 0b10, S + __LINE__);                 // a copy of the node
      ctx.st_from(s, right, Op::apply(r, l), 0b11, S + __LINE__);  // node op old left
    }
    ctx.sync(S + __LINE__);
  }
  return total;
}

// One tile of count = 2 * block_dim elements, in[base ..], scanned into out[base ..]: thread t
// owns elements t and t + block_dim, so every load and store instruction is coalesced; the
// identity stands in past n. Inclusive reads each prefix one slot on, so it combines nothing
// more than exclusive. Returns the tile's total in thread 0; tree holds 2 * block_dim + 1 slots.
template <class Op, class Pad, class Ctx, class T>
WL_DEVICE T tree_scan_tile(Ctx& ctx, Shared<T> tree, Global<const T> in, Global<T> out, std::uint64_t base,
                           std::uint64_t n, bool exclusive) {
  constexpr unsigned S = kBlockTreeScanSites;
  const unsigned block = ctx.block_dim();
  const unsigned tid = ctx.thread_idx();
  for (unsigned k = 0; k < 2; ++k) {
    T x = identity<Op, T>();
    if (ctx.branch(base + tid + k * block < n, S + __LINE__)) x = ctx.ld(in, base + tid + k * block, S + __LINE__);
    ctx.st_from(tree, Pad::slot(tid + k * block), x, 1u << k, S + __LINE__);  // load k, when made
  }
  ctx.sync(S + __LINE__);

  T total = tree_exclusive_scan<Op, Pad>(ctx, tree, 2 * block);

  ctx.step(kFinishStep);
  for (unsigned k = 0; k < 2; ++k)
    if (ctx.branch(base + tid + k * block < n, S + __LINE__)) {  // past n the compiler drops the load too
      T prefix = ctx.ld(tree, Pad::slot(tid + k * block + (exclusive ? 0 : 1)), S + __LINE__);
      ctx.st_from(out, base + tid + k * block, prefix, 1u << k, S + __LINE__);  // load k (k = 1 needs k = 0)
    }
  return total;
}

}  // namespace wl
