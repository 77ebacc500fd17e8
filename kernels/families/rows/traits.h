// Rows as kernels/family/typed_family.h builds it: f32 matrices normalised row by row
// (softmax, layer norm, RMS norm); its parameters are the row length and the input's extremes;
// and what the app shows of it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/families/rows/driver.h"
#include "kernels/families/rows/input.h"
#include "kernels/families/rows/plan.h"
#include "kernels/families/rows/reference.h"
#include "kernels/families/rows/variant_list.h"  // generated from variants.txt: AllVariants
#include "kernels/family/family_traits.h"

namespace wl::rows {

// CUB's segmented reductions and a normalising pass, as a library user writes it (bench/cub_rows.cu).
GpuTime time_cub_rows(const RunRequest& r, const void* input, const TimingPlan& timing);

struct Traits : FamilyTraitsBase {
  static constexpr const char* id = "rows";
  static constexpr const char* title = "Row-wise softmax and norms";
  using Variants = AllVariants;
  using Ops = TypeList<Softmax, LayerNorm, RmsNorm>;
  using Types = TypeList<float>;
  using Info = RowsVariantInfo;
  template <class V, class Op, class T, class Backend>
  using Run = RowsRun<V, Op, T, Backend>;

  static std::vector<FamilyParam> params() {
    return {{"cols", "values in a row; n must be a multiple of it", kDefaultCols, 1, kMaxCols},
            {"peak", "--pattern skewed: the one large value of each row (100 overflows exp in f32)", kDefaultPeak, 1, kMaxPeak},
            {"offset", "added to every value: 10000 gives rows with a large mean (the variance pitfall)", 0, 0, kMaxOffset},
            {"mask", "1: -inf past column r mod cols in row r, a causal mask (softmax only)", 0, 0, 1}};
  }
  static std::vector<unsigned char> make_input(const RunRequest& r, Pattern pattern, std::uint64_t seed) {
    std::vector<unsigned char> bytes(r.n * sizeof(float));
    fill_rows(reinterpret_cast<float*>(bytes.data()), r.n, pattern, seed, row_content(r));
    return bytes;
  }
  // Reads n values and writes n.
  static double bytes_factor(const RunRequest&) { return 2; }
  static std::string validate(const Info& info, const RunRequest& r) { return validate_rows(info, r); }
  static std::vector<PlannedLaunch> plan(const Info& info, const RunRequest& r) { return plan_rows(info, r); }

  template <class Op>
  static std::vector<float> reference(const RunRequest& r, const std::vector<float>& input) {
    const std::vector<double> y = reference_rows(input.data(), input.size(), cols_of(r), Op::bit);
    return std::vector<float>(y.begin(), y.end());
  }
  template <class Op>
  static CheckResult check(const Info& info, const RunRequest& r, const std::vector<float>& input,
                           const std::vector<float>& result) {
    const std::vector<PlannedLaunch> launches = plan_rows(info, r);  // the block launched, not asked for
    return check_rows(info, input.data(), input.size(), cols_of(r), launches.empty() ? r.block : launches.front().block,
                      Op::bit, result);
  }
  static std::string result_text(const std::vector<float>& values) { return values_text(values); }

  // Each variant against the one it improves on.
  static std::string compare_partner(const std::string& variant) {
    if (variant == "three-pass" || variant == "thread-per-row" || variant == "warp-per-row") return "block-per-row";
    if (variant == "online" || variant == "register-resident" || variant == "softmax-no-max") return "block-per-row";
    if (variant == "welford" || variant == "variance-naive") return "two-pass";
    return "three-pass";
  }
  static FamilyShowcase showcase();
#if defined(WARPLENS_HAVE_CUDA)
  static GpuTime time_library(const RunRequest& r, const void* input, const TimingPlan& timing) {
    return time_cub_rows(r, input, timing);
  }
#endif
};

}  // namespace wl::rows
