// Scan as kernels/family/typed_family.h builds it: sum, max and min on i32 and f32 (a single
// pass packs a 32-bit value beside its status, kernels/grid/tile_status.h), inclusive or
// exclusive, n values out; and what the app shows of it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/operator.h"
#include "kernels/families/scan/driver.h"
#include "kernels/families/scan/plan.h"
#include "kernels/families/scan/reference.h"
#include "kernels/families/scan/variant_list.h"  // generated from variants.txt: AllVariants
#include "kernels/family/family_traits.h"

namespace wl::scan {

// CUB's DeviceScan (InclusiveSum for sums, else InclusiveScan with our operator; the exclusive
// forms alike) on the same terms as the variants: bench/cub_scan.cu.
GpuTime time_cub_scan(const RunRequest& request, const void* input, const TimingPlan& timing);

struct Traits : FamilyTraitsBase {
  static constexpr const char* id = "scan";
  static constexpr const char* title = "Scan";
  using Variants = AllVariants;
  using Ops = TypeList<SumOp, MaxOp, MinOp>;
  using Types = TypeList<std::int32_t, float>;
  using Info = ScanVariantInfo;
  template <class V, class Op, class T, class Backend>
  using Run = ScanRun<V, Op, T, Backend>;

  static std::vector<FamilyParam> params() {
    return {{"exclusive", "1: out[i] combines the elements before i; 0: up to and including i", 0, 0, 1},
            {"items", "items a thread of a tile, for a variant that runs several sizes (decoupled-lookback: 8, 32 or "
                      "128; the others ignore it); 0: sized by n",
             0, 0, 128}};
  }
  static void describe(const Info& info, VariantSummary& s) {
    s.max_n = info.max_n;
    if (runs_several_tile_sizes(info)) s.tile_items = tile_sizes(info);
  }
  static std::string validate(const Info& info, const RunRequest& r) { return validate_scan(info, r); }
  static std::vector<PlannedLaunch> plan(const Info& info, const RunRequest& r) {
    return planned_launches(info, plan_levels(info, r), r.block);
  }
  static double bytes_factor(const RunRequest&) { return 2; }  // a scan reads n elements and writes n

  template <class Op, class T>
  static std::vector<T> reference(const RunRequest& r, const std::vector<T>& input) {
    return reference_scan<Op>(input, is_exclusive(r));
  }
  template <class Op, class T>
  static CheckResult check(const Info& info, const RunRequest& r, const std::vector<T>& input, const std::vector<T>& result) {
    return check_scan<Op>(input, result, is_exclusive(r), combine_depth(info, plan_levels(info, r), r.block));
  }
  // "n values: 3, -1, 7, ..., 12": the first few and the last.
  template <class T>
  static std::string result_text(const std::vector<T>& v) {
    std::string text = std::to_string(v.size()) + " values";
    for (std::size_t i = 0; i < v.size() && i < 4; ++i) text += (i ? ", " : ": ") + value_text(v[i]);
    if (v.size() > 5) text += ", ...";
    if (v.size() > 4) text += ", " + value_text(v.back());
    return text;
  }

  // Step-efficient against work-efficient; padded Blelloch against its conflicts.
  static std::string compare_partner(const std::string& variant) {
    if (variant == "blelloch-padded") return "blelloch";
    return variant == "hillis-steele" ? "blelloch" : "hillis-steele";
  }
  static FamilyShowcase showcase();
#if defined(WARPLENS_HAVE_CUDA)
  static GpuTime time_library(const RunRequest& r, const void* input, const TimingPlan& timing) {
    return time_cub_scan(r, input, timing);
  }
#endif
};

}  // namespace wl::scan
