// The toy family's launches: input → staging 1 → ... → output, `passes` launches of the same
// kernel, each reading what the one before wrote.
#pragma once
#include <string>
#include <vector>

#include "kernels/family/run_result.h"
#include "tests/families/copy_twice/variant.h"
#include "trace/trace.h"

namespace wl::copy_twice {

inline std::uint64_t passes_of(const RunRequest& r) {
  auto it = r.params.find("passes");
  return it == r.params.end() ? 2 : it->second;
}

inline std::vector<PlannedLaunch> plan_copies(const RunRequest& r) {
  std::vector<PlannedLaunch> launches;
  const std::uint64_t passes = passes_of(r);
  for (std::uint64_t k = 0; k < passes && r.n > 0; ++k)
    launches.push_back({"copy " + std::to_string(k + 1) + " of " + std::to_string(passes), r.n,
                        unsigned((r.n + r.block - 1) / r.block), r.block});
  return launches;
}

template <class V, class T>
struct CopyKernel {
  CopyArgs<T> args;
  template <class Ctx>
  WL_DEVICE void operator()(Ctx& ctx) const {
    V::run(ctx, args);
  }
};

template <class V, class Op, class T, class Backend>
struct CopyRun {
  Backend& backend;
  std::vector<PlannedLaunch> launches;
  std::vector<Global<T>> stages;  // each launch's destination; the last is the output

  CopyRun(Backend& b, const RunRequest& r) : backend(b), launches(plan_copies(r)) {
    for (std::size_t k = 0; k < launches.size(); ++k) {
      const bool last = k + 1 == launches.size();
      stages.push_back(backend.template alloc<T>(r.n, last ? "output" : "staging " + std::to_string(k + 1),
                                                 last ? BufferRole::Output : BufferRole::Temp));
    }
  }
  void launch(Global<const T> from, bool record) {
    for (std::size_t k = 0; k < launches.size(); ++k) {
      LaunchRecord what;
      what.name = launches[k].kernel;
      what.grid_dim = launches[k].grid;
      what.block_dim = launches[k].block;
      what.n = launches[k].n;
      backend.launch(what, record, CopyKernel<V, T>{{from, stages[k]}});
      from = Global<const T>{stages[k].ptr, stages[k].size, stages[k].buffer};
    }
  }
  std::vector<T> result() { return stages.empty() ? std::vector<T>() : backend.read_all(stages.back()); }
};

}  // namespace wl::copy_twice
