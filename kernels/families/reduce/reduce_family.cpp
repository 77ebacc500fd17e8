// Reduction behind the template-free Family interface: the registry's compile-time lists
// become names, and run/reference/check dispatch to the typed code.
#include <stdexcept>

#include "kernels/families/reduce/catalog.h"
#include "kernels/families/reduce/plan.h"
#include "kernels/families/reduce/reduce_family.h"
#include "kernels/families/reduce/reference.h"
#include "kernels/families/reduce/registry.h"
#include "kernels/families/reduce/run_sim.h"
#include "kernels/family/family.h"
#include "kernels/gpu/gpu_error.h"
#if defined(WARPLENS_HAVE_CUDA)
#include "kernels/families/reduce/bench/bench_reference.h"
#include "kernels/families/reduce/run_gpu.h"
#endif

namespace wl {
namespace reduce {
namespace {

template <class... Ts>
std::vector<std::string> type_names(TypeList<Ts...>) {
  return {type_name<Ts>()...};
}
template <class... Os>
std::vector<std::string> op_names(TypeList<Os...>) {
  return {Os::name...};
}

// Calls f(TypeTag<Op>, TypeTag<T>) for the request's operator and type.
template <class F>
void visit_op_and_type(const RunRequest& r, F&& f) {
  visit_op(r.op, [&](auto op) { visit_type(r.type, [&](auto t) { f(op, t); }); });
}

class ReduceFamily final : public Family {
 public:
  std::string_view id() const override { return "reduce"; }
  std::string_view title() const override { return "Reduction"; }

  const std::vector<VariantSummary>& variants() const override {
    static const std::vector<VariantSummary> summaries = summaries_of(variant_infos());
    return summaries;
  }
  std::vector<std::string> ops() const override { return op_names(AllOps{}); }
  std::vector<std::string> types() const override { return type_names(AllTypes{}); }

  std::string validate(const RunRequest& r) const override { return validate_reduce(r); }

  // Harris's first lesson: divergent interleaved addressing against sequential addressing.
  std::string compare_partner(const std::string& variant) const override {
    return variant == "sequential" ? "interleaved-divergent" : "sequential";
  }

  std::vector<PlannedLaunch> plan(const RunRequest& r) const override {
    const VariantInfo* info = reduce::find_variant(r.variant);
    std::vector<PlannedLaunch> launches;
    if (!info) return launches;
    for (const Pass& p : plan_passes(*info, r.n, r.block, r.sm_count))
      launches.push_back({info->id, p.n, p.grid, r.block});
    return launches;
  }


  RunResult run(const RunRequest& r, Backend backend, const void* input) const override {
    if (backend == Backend::Simulator) return run_sim(r, input);
#if defined(WARPLENS_HAVE_CUDA)
    return run_gpu(r, input);
#else
    throw GpuError("this build has no CUDA backend");
#endif
  }

#if defined(WARPLENS_HAVE_CUDA)
  GpuTime time_gpu(const RunRequest& r, const void* input, const TimingPlan& timing) const override {
    const GpuTiming t = reduce::time_gpu(r, input, timing);
    return {t.median_ms, t.result_ok};
  }

  // CUB's combining order is its own: its result is checked with the bound that holds for any
  // order (depth unknown).
  GpuTime time_library(const RunRequest& r, const void* input, const TimingPlan& timing) const override {
    const ReferenceTiming t = time_cub_reduce(r, input, timing);
    bool ok = false;
    visit_op_and_type(r, [&](auto op, auto type) {
      using T = typename decltype(type)::type;
      ok = check_reduction<typename decltype(op)::type>(typed(r, input, type), from_bits<T>(t.result_bits)).ok;
    });
    return {t.median_ms, ok};
  }
#endif

  ResultValues reference(const RunRequest& r, const void* input) const override {
    ResultValues out;
    visit_op_and_type(r, [&](auto op, auto t) {
      using T = typename decltype(t)::type;
      out = ResultValues::of(std::vector<T>{reference_fold<typename decltype(op)::type>(typed(r, input, t))});
    });
    return out;
  }

  CheckResult check(const RunRequest& r, const void* input, const RunResult& result) const override {
    CheckResult c;
    const VariantInfo* info = reduce::find_variant(r.variant);
    if (!info || result.result.count() != 1) {
      c.expected = "one value";
      return c;
    }
    visit_op_and_type(r, [&](auto op, auto t) {
      using T = typename decltype(t)::type;
      const T value = from_bits<T>(result.result.bits(0));
      const auto depth = combine_depth(*info, plan_passes(*info, r.n, r.block, r.sm_count), r.block);
      c = check_reduction<typename decltype(op)::type>(typed(r, input, t), value, depth);
    });
    return c;
  }

 private:
  template <class T>
  static std::vector<T> typed(const RunRequest& r, const void* input, TypeTag<T>) {
    const T* data = static_cast<const T*>(input);
    return r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  }
};

}  // namespace
}  // namespace reduce

const Family& reduce_family() {
  static const reduce::ReduceFamily family;
  return family;
}

}  // namespace wl
