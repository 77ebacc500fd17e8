// Turns a scan's levels (plan.h) into launches, the same way on every backend (the backend
// interface: kernels/sim/sim_backend.h, kernels/gpu/gpu_backend.cuh). The driver owns the order
// of launches, which buffer feeds which, and the buffers' names in the trace.
#pragma once
#include <string>
#include <vector>

#include "kernels/dialect/dialect.h"
#include "kernels/dialect/launch_bounds.h"
#include "kernels/families/scan/plan.h"
#include "kernels/families/scan/variant.h"
#include "trace/trace.h"

namespace wl::scan {

// One launch's kernel: variant V with operator Op on T. A variant that runs tiles of several
// sizes (ScanVariantInfo::smaller_items) gets a kernel for each, of kItems items a thread, and takes
// the size as a template argument, so that a short tile's warps fetch only their own code (in
// one kernel for every size, instruction fetch stalled them).
template <class V, class Op, class T, unsigned kItems = V::info.items_per_thread>
struct ScanKernel {
  static constexpr LaunchBounds kBounds{V::info.max_block, V::info.min_resident_blocks};
  ScanArgs<T> args;
  static constexpr unsigned shared_bytes(unsigned block) {
    if constexpr (runs_several_tile_sizes(V::info))
      return V::template shared_bytes<T, kItems>(block);
    else
      return V::template shared_bytes<T>(block);
  }
  template <class Ctx>
  WL_DEVICE void operator()(Ctx& ctx) const {
    if constexpr (runs_several_tile_sizes(V::info))
      V::template run<kItems, Op, T>(ctx, args);
    else
      V::template run<Op, T>(ctx, args);
  }
};

// Calls f with V's kernel for tiles of `items` a thread (one of the sizes V runs).
template <class V, class Op, class T, class F>
void with_scan_kernel(unsigned items, const ScanArgs<T>& a, F&& f) {
  constexpr ScanVariantInfo info = V::info;
  if constexpr (info.smaller_items[0] != 0)
    if (items == info.smaller_items[0]) return f(ScanKernel<V, Op, T, info.smaller_items[0]>{a});
  if constexpr (info.smaller_items[1] != 0)
    if (items == info.smaller_items[1]) return f(ScanKernel<V, Op, T, info.smaller_items[1]>{a});
  f(ScanKernel<V, Op, T>{a});
}

// Level k > 0 scans the totals of level k - 1's tiles into their prefixes (exclusive).
template <class T>
struct ScanBuffers {
  Global<T> out;
  std::vector<Global<T>> totals;    // totals[k]: one per tile of level k (levels but the last)
  std::vector<Global<T>> prefixes;  // prefixes[k]: the exclusive scan of totals[k]
  Global<TileWord> status;          // SinglePass of more than one tile
  Global<unsigned> next_tile;       // SinglePass of more than one tile
  // What a single pass carries from one run to the next on these buffers: the status words and
  // the tile counter are cleared once, then each run takes a new epoch and the next tickets.
  std::uint32_t epoch = 0;          // of the last run; 0: none yet, the buffers need clearing
  unsigned tickets = 0;             // handed out so far (wraps; tiles are ticket differences)
};

template <class V, class T, class Backend>
ScanBuffers<T> allocate_buffers(Backend& backend, const std::vector<Level>& levels, std::uint64_t n) {
  ScanBuffers<T> b;
  b.out = backend.template alloc<T>(n, "output", BufferRole::Output);
  if (V::info.shape == Shape::SinglePass && !levels.empty() && levels.front().grid > 1) {  // one tile reads none
    b.status = backend.template alloc<TileWord>(tile_status_words(levels.front().grid), kTileStatusBufferName,
                                                BufferRole::Temp);
    b.next_tile = backend.template alloc<unsigned>(1, "next tile", BufferRole::Temp);
  }
  for (std::size_t k = 0; k + 1 < levels.size(); ++k) {
    const std::string level = std::to_string(k + 1);
    b.totals.push_back(backend.template alloc<T>(levels[k].grid, "tile totals " + level, BufferRole::Temp));
    b.prefixes.push_back(backend.template alloc<T>(levels[k].grid, "tile prefixes " + level, BufferRole::Temp));
  }
  return b;
}

template <class T>
Global<const T> as_input(Global<T> g) {
  return Global<const T>{g.ptr, g.size, g.buffer};
}

// Runs every launch; the result is then in b.out. With `record`, every launch is recorded. A
// single pass run again on the same buffers needs no clearing: b keeps its epoch and tickets.
template <class V, class Op, class T, class Backend>
void launch_levels(Backend& backend, Global<const T> input, ScanBuffers<T>& b, const std::vector<Level>& levels,
                   unsigned block, bool exclusive, bool record) {
  if (levels.empty()) return;
  const bool single_pass = V::info.shape == Shape::SinglePass && levels.front().grid > 1;
  if (single_pass && b.epoch == 0) {  // once per allocation: CUB clears before every run
    backend.fill(b.status, TileWord(0));
    backend.fill(b.next_tile, 0u);
  }
  ++b.epoch;
  for (std::size_t k = 0; k < levels.size(); ++k) {
    ScanArgs<T> a;
    a.in = k == 0 ? input : as_input(b.totals[k - 1]);
    a.out = k == 0 ? b.out : b.prefixes[k - 1];
    if (k < b.totals.size()) a.tile_totals = b.totals[k];
    a.status = b.status;
    a.next_tile = b.next_tile;
    a.n = levels[k].n;
    a.exclusive = k == 0 ? exclusive : true;
    a.epoch = b.epoch;
    a.first_ticket = b.tickets;
    with_scan_kernel<V, Op>(levels[k].items_per_thread, a, [&](auto kernel) {
      LaunchRecord what =
          launch_record({scan_launch_name(V::info, k), a.n, levels[k].grid, block}, kernel.shared_bytes(block));
      if (V::info.ping_pong) what.shared_columns = block;
      // A single pass whose grid the GPU holds at once starts every block together (cooperative)
      // and numbers tiles by block; a larger one hands out tickets (one launch: one level).
      const bool cooperative = single_pass && backend.template can_launch_cooperatively<decltype(kernel)>(what, record);
      kernel.args.tiles_by_block = cooperative;
      if (single_pass && !cooperative) b.tickets += levels[k].grid;
      backend.launch(what, record, kernel, cooperative);
    });
  }
  for (std::size_t k = levels.size(); k-- > 1;) {
    PropagateKernel<Op, T> p;
    p.out = k == 1 ? b.out : b.prefixes[k - 2];
    p.prefixes = as_input(b.prefixes[k - 1]);
    p.n = levels[k - 1].n;
    p.tile = block * levels[k - 1].items_per_thread;
    backend.launch(launch_record({kPropagateName, p.n, levels[k - 1].grid - 1, block}, 0), record, p);
  }
}

// One run of V with Op on T (kernels/family/typed_run.h): its levels and buffers, made once
// and launched as often as a timing asks (a single pass clears its status once, in the first).
template <class V, class Op, class T, class Backend>
struct ScanRun {
  Backend& backend;
  unsigned block;
  bool exclusive;
  std::vector<Level> levels;
  ScanBuffers<T> buffers;

  ScanRun(Backend& b, const RunRequest& r)
      : backend(b), block(r.block), exclusive(is_exclusive(r)), levels(plan_levels(V::info, r)),
        buffers(allocate_buffers<V, T>(b, levels, r.n)) {}
  void launch(Global<const T> input, bool record) {
    launch_levels<V, Op>(backend, input, buffers, levels, block, exclusive, record);
  }
  std::vector<T> result() { return backend.read_all(buffers.out); }
};

}  // namespace wl::scan
