// Reduction as kernels/family/typed_family.h builds it: every operator on i32, f32 and f64, one
// value out, checked against the CPU fold with the bound of the tree the passes build; and what
// the app shows of it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/operator.h"
#include "kernels/families/reduce/driver.h"
#include "kernels/families/reduce/plan.h"
#include "kernels/families/reduce/reference.h"
#include "kernels/families/reduce/variant_list.h"  // generated from variants.txt: AllVariants
#include "kernels/family/family_traits.h"
#if defined(WARPLENS_HAVE_CUDA)
#include "kernels/families/reduce/bench/bench_reference.h"
#endif

namespace wl::reduce {

struct Traits : FamilyTraitsBase {
  static constexpr const char* id = "reduce";
  static constexpr const char* title = "Reduction";
  using Variants = AllVariants;
  using Ops = Operators;
  using Types = TypeList<std::int32_t, float, double>;
  using Info = ReduceVariantInfo;
  template <class V, class Op, class T, class Backend>
  using Run = ReduceRun<V, Op, T, Backend>;

  static std::string validate(const Info& info, const RunRequest& r) { return validate_reduce(info, r); }
  static std::vector<PlannedLaunch> plan(const Info& info, const RunRequest& r) {
    std::vector<PlannedLaunch> launches;
    for (unsigned run = 0; run < (info.reset_each_run ? 1u : 2u); ++run)
      for (const Pass& p : plan_passes(info, r.n, r.block, r.sm_count)) launches.push_back({info.id, p.n, p.grid, r.block});
    return launches;
  }

  template <class Op, class T>
  static std::vector<T> reference(const RunRequest&, const std::vector<T>& input) {
    return {reference_fold<Op>(input)};
  }
  template <class Op, class T>
  static CheckResult check(const Info& info, const RunRequest& r, const std::vector<T>& input, const std::vector<T>& result) {
    if (result.size() != 1) {
      CheckResult wrong;
      wrong.expected = "one value";
      return wrong;
    }
    const std::uint64_t depth = combine_depth(info, plan_passes(info, r.n, r.block, r.sm_count), r.block);
    CheckResult c = check_reduction<Op>(input, result[0], depth);
    if (!info.reset_each_run) c.diagnosis = no_reset_diagnosis<Op>(input, result[0], depth, c);
    return c;
  }
  template <class T>
  static std::string result_text(const std::vector<T>& result) {
    return value_text(result.at(0));
  }

  // Harris's first lesson: divergent interleaved addressing against sequential addressing.
  static std::string compare_partner(const std::string& variant) {
    return variant == "sequential" ? "interleaved-divergent" : "sequential";
  }
  static FamilyShowcase showcase();

#if defined(WARPLENS_HAVE_CUDA)
  // CUB's combining order is its own: its result is checked with the bound that holds for any
  // order (depth unknown).
  static GpuTime time_library(const RunRequest& r, const void* input, const TimingPlan& timing) {
    return checked_any_order(r, input, time_cub_reduce(r, input, timing));
  }
  // The Harris ladder hand-written in plain CUDA, f32 sums only (bench/handwritten_reduce.cu);
  // checked as CUB is.
  static GpuTime time_handwritten(const RunRequest& r, const void* input, const TimingPlan& timing) {
    if (r.op != "sum" || r.type != "f32" || !has_handwritten(r.variant, r.block)) return {};
    return checked_any_order(r, input, time_handwritten_ladder(r, static_cast<const float*>(input), timing));
  }

 private:
  static GpuTime checked_any_order(const RunRequest& r, const void* input, const ReferenceTiming& t) {
    GpuTime out{t.median_ms, false, t.result_bits};
    visit_op_and_type<Traits>(r, [&](auto op, auto type) {
      using T = typename decltype(type)::type;
      out.ok = check_reduction<typename decltype(op)::type>(typed_input<Traits, T>(r, input), from_bits<T>(t.result_bits)).ok;
    });
    return out;
  }
#endif
};

}  // namespace wl::reduce
