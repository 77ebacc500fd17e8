// Turns a plan of passes into launches, the same way on every backend. A backend provides
// alloc<T>(n, name, role), fill(view, value), launch(record, bool, kernel) and read(view, i)
// (kernels/sim/sim_backend.h, kernels/gpu/gpu_backend.cuh); the driver owns the order of
// launches, which buffer feeds which, and the buffers' names in the trace.
#pragma once
#include <vector>

#include "kernels/dialect/dialect.h"
#include "kernels/families/reduce/variant.h"
#include "kernels/families/reduce/plan.h"
#include "kernels/family/run_result.h"

namespace wl::reduce {

// One launch's kernel: variant V with operator Op on T, as a function of the thread's context.
template <class V, class Op, class T>
struct ReduceKernel {
  ReduceArgs<T> args;
  template <class Ctx>
  WL_DEVICE void operator()(Ctx& ctx) const {
    V::template run<Op, T>(ctx, args);
  }
};

template <class V, class Op, class T, class Backend>
void launch_pass(Backend& backend, const Pass& pass, unsigned block, const ReduceArgs<T>& args, bool record) {
  backend.launch(launch_record({V::info.id, pass.n, pass.grid, block}, V::template shared_bytes<T>(block)), record,
                 ReduceKernel<V, Op, T>{args});
}

template <class T>
struct ReduceBuffers {
  Global<T> partials[2];     // Partials: ping-pong between passes; LastBlock: partials[0]
  Global<T> out;             // where the final value lands
  Global<unsigned> ticket;   // LastBlock
  Global<T> input_copy;      // in place: what the first pass combines (and overwrites)
};

template <class V, class T, class Backend>
ReduceBuffers<T> allocate_buffers(Backend& backend, const std::vector<Pass>& passes) {
  ReduceBuffers<T> b;
  const std::uint64_t first_grid = passes.empty() ? 1 : passes.front().grid;
  if (V::info.in_place && !passes.empty())
    b.input_copy = backend.template alloc<T>(passes.front().n, "input copy (consumed)", BufferRole::Input);
  switch (V::info.finish) {
    case Finish::Partials:
      b.partials[0] = backend.template alloc<T>(first_grid, "partials", BufferRole::Output);
      b.partials[1] = backend.template alloc<T>(passes.size() > 1 ? passes[1].grid : 1,
                                                "partials of partials", BufferRole::Output);
      b.out = b.partials[(passes.size() + 1) % 2];
      break;
    case Finish::Atomic:
      b.out = backend.template alloc<T>(1, "output", BufferRole::Output);
      break;
    case Finish::LastBlock:
      b.partials[0] = backend.template alloc<T>(first_grid, "partials", BufferRole::Output);
      b.out = backend.template alloc<T>(1, "output", BufferRole::Output);
      b.ticket = backend.template alloc<unsigned>(1, "ticket", BufferRole::Temp);
      backend.fill(b.ticket, 0u);  // once: the last block of each launch puts it back to 0
      break;
  }
  return b;
}

// Runs every pass; the result is then in b.out[0]. With `record`, every launch is recorded.
template <class V, class Op, class T, class Backend>
void launch_passes(Backend& backend, Global<const T> input, const ReduceBuffers<T>& b,
                   const std::vector<Pass>& passes, unsigned block, bool record) {
  if (passes.empty()) return;
  ReduceArgs<T> args;
  args.in = input;
  args.n = passes.front().n;
  switch (V::info.finish) {
    case Finish::Atomic:
      if (V::info.reset_each_run) backend.fill(b.out, identity<Op, T>());
      args.out = b.out;
      launch_pass<V, Op>(backend, passes.front(), block, args, record);
      break;
    case Finish::LastBlock:
      args.out = b.out;
      args.partials = b.partials[0];
      args.ticket = b.ticket;
      launch_pass<V, Op>(backend, passes.front(), block, args, record);
      break;
    case Finish::Partials:
      static_assert(!V::info.in_place || V::info.finish == Finish::Partials, "in place: partials only");
      // An in-place tree overwrites what it reads: the first pass runs on a copy of the input,
      // the later ones on the partials they read.
      if (V::info.in_place) {
        backend.copy(input, b.input_copy);
        args.work = b.input_copy;
      }
      for (std::size_t k = 0; k < passes.size(); ++k) {
        if (k > 0) {
          const Global<T> previous = b.partials[(k - 1) % 2];
          args.in = Global<const T>{previous.ptr, previous.size, previous.buffer};
          if (V::info.in_place) args.work = previous;
        }
        args.n = passes[k].n;
        args.out = b.partials[k % 2];
        launch_pass<V, Op>(backend, passes[k], block, args, record);
      }
      break;
  }
}

// One run of V with Op on T (kernels/family/typed_run.h): its passes and buffers, made once and
// launched as often as a timing asks.
template <class V, class Op, class T, class Backend>
struct ReduceRun {
  Backend& backend;
  unsigned block;
  std::vector<Pass> passes;
  ReduceBuffers<T> buffers;

  ReduceRun(Backend& b, const RunRequest& r)
      : backend(b), block(r.block), passes(plan_passes(V::info, r.n, r.block, r.sm_count)),
        buffers(allocate_buffers<V, T>(b, passes)) {
    // The no-reset pitfall clears its output once, here, as a benchmark's setup does.
    if (!V::info.reset_each_run) backend.fill(buffers.out, identity<Op, T>());
  }
  void launch(Global<const T> input, bool record) {
    const unsigned runs = V::info.reset_each_run ? 1 : 2;  // the pitfall: a second run, no reset
    for (unsigned k = 0; k < runs; ++k) launch_passes<V, Op>(backend, input, buffers, passes, block, record);
  }
  std::vector<T> result() { return {passes.empty() ? identity<Op, T>() : backend.read(buffers.out, 0)}; }
};

}  // namespace wl::reduce
