// Turns a rows plan (plan.h) into launches, the same way on every backend (the backend
// interface: kernels/sim/sim_backend.h, kernels/gpu/gpu_backend.cuh). The driver owns the order
// of launches, the buffers and their names in the trace.
#pragma once
#include <type_traits>
#include <vector>

#include "kernels/dialect/dialect.h"
#include "kernels/dialect/launch_bounds.h"
#include "kernels/families/rows/plan.h"
#include "kernels/families/rows/three_pass.h"
#include "kernels/families/rows/variant.h"
#include "trace/trace.h"

namespace wl::rows {

// A variant's launch bounds (kernels/dialect/launch_bounds.h), where it declares them.
template <class V, class = void>
constexpr LaunchBounds kVariantBounds{};
template <class V>
constexpr LaunchBounds kVariantBounds<V, std::void_t<decltype(V::kBounds)>> = V::kBounds;

// A launch of variant V's own kernel for operator Op.
template <class V, class Op>
struct RowKernel {
  static constexpr LaunchBounds kBounds = kVariantBounds<V>;
  RowsArgs a;
  template <class Ctx>
  WL_DEVICE void operator()(Ctx& ctx) const {
    V::template run<Op>(ctx, a);
  }
};

// One run of V (kernels/family/typed_run.h): f32 in, f32 out, for operator Op. The buffers
// are made once and launched as often as a timing asks.
template <class V, class Op, class T, class Backend>
struct RowsRun {
  Backend& backend;
  RowsArgs args;
  std::vector<PlannedLaunch> plan;

  RowsRun(Backend& b, const RunRequest& r) : backend(b), plan(plan_rows(V::info, r)) {
    args.cols = cols_of(r);
    args.rows = args.cols ? r.n / args.cols : 0;
    args.out = backend.template alloc<float>(r.n, "output", BufferRole::Output);
    if (V::info.layout == Layout::ThreePass && args.rows) {
      const bool softmax = Op::bit == kSoftmaxBit, rms = Op::bit == kRmsNormBit;
      args.first = backend.template alloc<float>(args.rows, softmax ? "row max" : rms ? "row mean square" : "row mean",
                                                 BufferRole::Temp);
      if (!rms) args.second = backend.template alloc<float>(args.rows, softmax ? "row sum" : "row variance", BufferRole::Temp);
    }
  }

  void launch(Global<const float> in, bool record) {
    if (plan.empty()) return;
    args.in = in;
    const unsigned block = plan.front().block;
    if constexpr (V::info.layout == Layout::ThreePass) {
      std::size_t k = 0;
      backend.launch(launch_record(plan[k++], V::shared_bytes(block, args.cols)), record,
                     typename V::template First<Op>{args});
      if constexpr (Op::bit != kRmsNormBit)
        backend.launch(launch_record(plan[k++], V::shared_bytes(block, args.cols)), record,
                       typename V::template Second<Op>{args});
      backend.launch(launch_record(plan[k], 0), record, typename V::template Write<Op>{args});
    } else {
      backend.launch(launch_record(plan.front(), V::shared_bytes(block, args.cols)), record, RowKernel<V, Op>{args});
    }
  }
  std::vector<float> result() { return backend.read_all(args.out); }
};

}  // namespace wl::rows
