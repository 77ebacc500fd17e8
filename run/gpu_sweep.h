// Sweeps sizes on the GPU for one family: each chosen variant (and, asked for, its hand-written
// plain-CUDA twin where the family has one), the family's library call (CUB) and a
// device-to-device copy, timed in the same run with CUDA events (instrumentation compiled
// out); optionally at each value of one family parameter too (rows' cols). Sizes past free GPU
// memory, a value a variant refuses, and CUDA errors at one point become that point's error;
// the sweep goes on. Plain C++: callers (the CLI, the app's worker thread) compile without nvcc.
#pragma once
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kernels/family/run_request.h"
#include "kernels/gpu/timing_plan.h"
#include "kernels/host/input.h"
#include "results/timing_sweep.h"

namespace wl {

struct SweepRequest {
  std::string family = kDefaultFamily;
  std::vector<std::string> variants;  // empty: every variant but the pitfalls
  std::string op = "sum", type = "f32";
  Pattern pattern = Pattern::Random;
  std::map<std::string, std::uint64_t> params;  // the family's parameters (histogram: bins, skew)
  unsigned block = 256;
  std::vector<std::uint64_t> sizes;   // ascending
  TimingPlan timing;
  // A family parameter timed at each of its values at each size ("cols"), set in each run's
  // params over `params`; empty: a sweep against n alone.
  std::string swept_param;
  std::vector<std::uint64_t> param_values;  // ascending
  // Also time each variant as the family has it hand-written in plain CUDA
  // (Family::time_handwritten), a reference series handwritten_series(variant) where it has one.
  bool handwritten = false;
};

// The series of `variant` hand-written in plain CUDA: "sequential (plain CUDA)".
std::string handwritten_series(const std::string& variant);

// One point of a sweep: the swept parameter's value (0 when none) and a size.
struct SweepStep {
  std::uint64_t param = 0, n = 0;
};
// The points a request asks for, in the order they are measured: each value, then each size.
std::vector<SweepStep> sweep_steps(const SweepRequest& request);
// What `variant` runs at a step: the request's family, operator, type, block and params, the
// step's n, and the swept parameter set to the step's value.
RunRequest step_request(const SweepRequest& request, const SweepStep& step, const std::string& variant);

// Called after each point: points done, points in all, and what was just measured.
using SweepProgress = std::function<void(std::size_t done, std::size_t total, const std::string& what)>;

// Throws std::invalid_argument for an unknown family, and GpuError when there is no usable GPU
// (or this build has no CUDA backend). A variant the request does not suit (a block too small
// for it, say) gets that reason as the error of each of its points. Setting `cancel` stops it
// after the current point; it then returns the points measured so far.
TimingSweep sweep_gpu(const SweepRequest& request, const SweepProgress& progress, const std::atomic<bool>& cancel);

}  // namespace wl
