// Turns an all-reduce request into buffers on every rank and one launch on all ranks at once,
// the same way on every backend. A backend provides alloc<T>(n, name, role, rank), fill(view,
// value), copy(from, to), launch_on_ranks(record, ranks, bool, kernel) and read_all(view)
// (kernels/sim/sim_backend.h, kernels/gpu/rank_backend.cuh); the driver owns the buffers'
// names in the trace.
#pragma once
#include <string>
#include <vector>

#include "kernels/dialect/dialect.h"
#include "kernels/families/allreduce/plan.h"
#include "kernels/families/allreduce/variant.h"
#include "trace/trace.h"

namespace wl::allreduce {

template <class V, class Op, class T>
struct AllReduceKernel {
  AllReduceArgs<T> args;
  template <class Ctx>
  WL_DEVICE void operator()(Ctx& ctx) const {
    V::template run<Op, T>(ctx, args);
  }
  // The kernel as one rank launches it: `view` gives each buffer as that rank reaches it (on
  // GPUs, a pointer into the peer's memory mapped for that rank; on the simulator, itself).
  template <class View>
  AllReduceKernel seen_from(View&& view) const {
    AllReduceKernel k = *this;
    for (unsigned q = 0; q < kMaxRanks; ++q) {
      k.args.in[q] = view(args.in[q]);
      k.args.out[q] = view(args.out[q]);
      k.args.second[q] = view(args.second[q]);
      k.args.flags[q] = view(args.flags[q]);
    }
    return k;
  }
};

// One run of V with Op on T (kernels/family/typed_run.h): every rank's buffers, made once, and
// the launch on all ranks, as often as a timing asks.
template <class V, class Op, class T, class Backend>
struct AllReduceRun {
  Backend& backend;
  RunRequest request;
  unsigned ranks;
  AllReduceArgs<T> args;

  AllReduceRun(Backend& b, const RunRequest& r) : backend(b), request(r), ranks(ranks_of(r)) {
    args.n = r.n;
    args.pieces = V::info.channels ? pieces_of(r) : 1;
    for (unsigned q = 0; q < ranks; ++q) {
      const std::string on = " (rank " + std::to_string(q) + ")";
      const Global<T> in = backend.template alloc<T>(r.n, "input" + on, BufferRole::Input, q);
      args.in[q] = Global<const T>{in.ptr, in.size, in.buffer};
      args.out[q] = backend.template alloc<T>(r.n, "output" + on, BufferRole::Output, q);
      if (V::info.second_buffer) args.second[q] = backend.template alloc<T>(r.n, "second buffer" + on, BufferRole::Temp, q);
      if (V::info.channels) {
        args.flags[q] = backend.template alloc<std::uint32_t>(grid_of(V::info, r), "flags" + on, BufferRole::Temp, q);
        backend.fill(args.flags[q], std::uint32_t(0));
      }
    }
  }
  // `input` holds rank 0's n elements, then rank 1's, ...: each goes to its rank's memory first.
  void launch(Global<const T> input, bool record) {
    if (request.n == 0) return;
    for (unsigned q = 0; q < ranks; ++q) {
      const Global<T> in{const_cast<T*>(args.in[q].ptr), request.n, args.in[q].buffer};
      backend.copy(Global<const T>{input.ptr + q * request.n, request.n, input.buffer}, in);
    }
    launch_again(record);
  }
  // The launch alone, on the inputs in place (an all-reduce leaves them as they are): what a
  // timing repeats.
  void launch_again(bool record) {
    if (request.n == 0) return;
    LaunchRecord what;
    what.name = V::info.id;
    what.grid_dim = grid_of(V::info, request);
    what.block_dim = request.block;
    what.shared_bytes = V::template shared_bytes<T>(request.block);
    what.n = request.n;
    backend.launch_on_ranks(what, ranks, record, AllReduceKernel<V, Op, T>{args});
  }
  // Every rank's output, rank 0's first.
  std::vector<T> result() {
    std::vector<T> all;
    for (unsigned q = 0; q < ranks && request.n; ++q) {
      const std::vector<T> mine = backend.read_all(args.out[q]);
      all.insert(all.end(), mine.begin(), mine.end());
    }
    return all;
  }
};

}  // namespace wl::allreduce
