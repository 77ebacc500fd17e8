// The all-reduce's GPU entry points (kernels/family/gpu_entry.cuh): every variant on one GPU a
// rank at once, through NCCL's device API (kernels/gpu/rank_backend.cuh): run, recorded rank by
// rank as on the simulator, checked, and timed as the slowest rank's time.
#pragma once
#include "kernels/families/allreduce/traits.h"
#include "kernels/family/gpu_entry.cuh"
#include "kernels/gpu/rank_backend.cuh"

namespace wl {

template <class V, class Op, class T>
struct GpuEntry<allreduce::Traits, V, Op, T> {
  using Traits = allreduce::Traits;

  static RunResult run(const RunRequest& r, const T* data) {
    RunResult out;
    out.backend = "gpu";
    GpuRanksBackend backend(record_options(r), allreduce::ranks_of(r), &out.trace);
    run_on_backend<Traits, V, Op>(backend, r, typed_input<Traits, T>(r, data), out);
    return out;
  }

  static GpuTime time(const RunRequest& r, const T* data, const TimingPlan& plan) {
    GpuRanksBackend backend(record_options(r), allreduce::ranks_of(r));
    const std::vector<T> input = typed_input<Traits, T>(r, data);
    allreduce::AllReduceRun<V, Op, T, GpuRanksBackend> run(backend, r);
    run.launch(backend.upload(input), false);
    GpuTime timing;
    timing.ms = backend.median_ms([&] { run.launch_again(false); }, plan);
    const std::vector<T> result = run.result();
    timing.ok = Traits::template check<Op>(V::info, r, input, result).ok;
    timing.result_bits = result.empty() ? 0 : to_bits(result.front());
    return timing;
  }
};

}  // namespace wl
