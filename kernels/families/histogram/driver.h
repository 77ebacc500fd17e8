// Turns a histogram's plan (plan.h) into launches, the same way on every backend (the backend
// interface: kernels/sim/sim_backend.h, kernels/gpu/gpu_backend.cuh). The driver owns the order
// of launches, the buffers and their names in the trace.
#pragma once
#include <string>

#include "kernels/dialect/dialect.h"
#include "kernels/families/histogram/per_thread_local.h"
#include "kernels/families/histogram/plan.h"
#include "kernels/families/histogram/sort_reduce_by_key.h"
#include "kernels/families/histogram/variant.h"
#include "trace/trace.h"

namespace wl::histogram {

// A launch of variant V's own kernel on arguments A.
template <class V, class A>
struct VariantKernel {
  A args;
  template <class Ctx>
  WL_DEVICE void operator()(Ctx& ctx) const {
    V::run(ctx, args);
  }
};

struct Buffers {
  Global<std::uint32_t> counts;     // the histogram
  Global<std::uint32_t> local;      // LocalThenReduce: every thread's histogram
  Global<std::int32_t> keys;        // SortThenReduce
  Global<std::uint64_t> run_start;  // SortThenReduce
};

template <class V, class Backend>
Buffers allocate_buffers(Backend& backend, const Plan& p, unsigned block, unsigned bins) {
  Buffers b;
  b.counts = backend.template alloc<std::uint32_t>(bins, "bins", BufferRole::Output);
  if (V::info.shape == Shape::LocalThenReduce && p.grid)
    b.local = backend.template alloc<std::uint32_t>(std::uint64_t(p.grid) * block * bins, "local histograms", BufferRole::Temp);
  if (V::info.shape == Shape::SortThenReduce && p.padded) {
    b.keys = backend.template alloc<std::int32_t>(p.padded, "sorted bins", BufferRole::Temp);
    b.run_start = backend.template alloc<std::uint64_t>(bins, "run starts", BufferRole::Temp);
  }
  return b;
}

// Every launch of the plan; the histogram is then in b.counts. With `record`, every launch is
// recorded.
template <class V, class Backend>
void launch_histogram(Backend& backend, Global<const std::int32_t> input, Buffers& b, const Plan& p, unsigned bins,
                      bool record) {
  backend.fill(b.counts, 0u);
  if (p.launches.empty()) return;
  HistogramArgs h{input, b.counts, input.size, bins};
  const std::vector<PlannedLaunch>& l = p.launches;
  if constexpr (V::info.shape == Shape::Atomics) {
    backend.launch(launch_record(l[0], V::shared_bytes(bins)), record, VariantKernel<V, HistogramArgs>{h});
  } else if constexpr (V::info.shape == Shape::LocalThenReduce) {
    backend.fill(b.local, 0u);
    const LocalArgs a{h, b.local};
    backend.launch(launch_record(l[0], 0), record, VariantKernel<V, LocalArgs>{a});
    backend.launch(launch_record(l[1], V::Reduce::shared_bytes()), record,
                   typename V::Reduce{a, std::uint64_t(p.grid) * l[0].block});
  } else {
    SortArgs a{h, b.keys, b.run_start, p.padded};
    backend.launch(launch_record(l[0], 0), record, typename V::Keys{a});
    const std::vector<SortPassShape> passes = sort_passes(p.padded);
    for (std::size_t k = 0; k < passes.size(); ++k) {
      a.span = passes[k].span;
      a.stride = passes[k].stride;
      a.pass = unsigned(k);
      backend.launch(launch_record(l[1 + k], 0), record, typename V::SortPass{a});
    }
    backend.launch(launch_record(l[l.size() - 2], 0), record, typename V::RunStarts{a});
    backend.launch(launch_record(l.back(), 0), record, typename V::RunLengths{a});
  }
}

// One run of V (kernels/family/typed_run.h): samples are i32 and counts u32 for every variant,
// so Op and T are fixed. Its plan and buffers are made once and launched as often as a timing
// asks; every launch clears the bins first, as CUB's does.
template <class V, class Op, class T, class Backend>
struct HistogramRun {
  Backend& backend;
  unsigned bins;
  Plan plan;
  Buffers buffers;

  HistogramRun(Backend& b, const RunRequest& r)
      : backend(b), bins(bins_of(r)), plan(plan_histogram(V::info, r.n, r.block, bins, r.sm_count)),
        buffers(allocate_buffers<V>(b, plan, r.block, bins)) {}
  void launch(Global<const std::int32_t> input, bool record) { launch_histogram<V>(backend, input, buffers, plan, bins, record); }
  std::vector<std::uint32_t> result() { return backend.read_all(buffers.counts); }
};

}  // namespace wl::histogram
