// Histogram as kernels/family/typed_family.h builds it: i32 samples, u32 counts, no operator;
// its parameters are the number of bins and the skew of the skewed input; and what the app
// shows of it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/families/histogram/driver.h"
#include "kernels/families/histogram/plan.h"
#include "kernels/families/histogram/reference.h"
#include "kernels/families/histogram/samples.h"
#include "kernels/families/histogram/variant_list.h"  // generated from variants.txt: AllVariants
#include "kernels/family/family_traits.h"

namespace wl::histogram {

// CUB's DeviceHistogram::HistogramEven with levels 0, 1, ..., bins on the same terms as the
// variants: bench/cub_histogram.cu.
GpuTime time_cub_histogram(const RunRequest& request, const void* input, const TimingPlan& timing);

struct Traits : FamilyTraitsBase {
  static constexpr const char* id = "histogram";
  static constexpr const char* title = "Histogram";
  using Variants = AllVariants;
  using Ops = TypeList<>;
  using Types = TypeList<std::int32_t>;
  using Info = HistogramVariantInfo;
  template <class V, class Op, class T, class Backend>
  using Run = HistogramRun<V, Op, T, Backend>;

  static std::vector<FamilyParam> params() {
    return {{"bins", "bins counted: sample x lands in bin x when 0 <= x < bins", kDefaultBins, kMinBins, kMaxBins},
            {"skew", "the skewed input: percent of the items in one bin, the rest uniform", kDefaultSkew, 0, 100}};
  }
  static std::vector<unsigned char> make_input(const RunRequest& r, Pattern pattern, std::uint64_t seed) {
    std::vector<unsigned char> bytes(r.n * sizeof(std::int32_t));
    fill_samples(reinterpret_cast<std::int32_t*>(bytes.data()), r.n, pattern, seed, bins_of(r), skew_of(r));
    return bytes;
  }
  static std::string validate(const Info& info, const RunRequest& r) { return validate_histogram(info, r); }
  static std::vector<PlannedLaunch> plan(const Info& info, const RunRequest& r) {
    return plan_histogram(info, r.n, r.block, bins_of(r), r.sm_count).launches;
  }

  template <class Op>
  static std::vector<std::uint32_t> reference(const RunRequest& r, const std::vector<std::int32_t>& input) {
    return reference_histogram(input.data(), input.size(), bins_of(r));
  }
  template <class Op>
  static CheckResult check(const Info&, const RunRequest& r, const std::vector<std::int32_t>& input,
                           const std::vector<std::uint32_t>& counts) {
    return check_histogram(reference<Op>(r, input), counts);
  }
  static std::string result_text(const std::vector<std::uint32_t>& counts) { return counts_text(counts); }

  // Global against privatised atomics is the classic contrast; each other variant against
  // the one it improves on.
  static std::string compare_partner(const std::string& variant) {
    if (variant == "global-atomics") return "shared-atomics";
    if (variant == "warp-aggregated" || variant == "per-thread-local") return "shared-atomics";
    return "global-atomics";
  }
  static FamilyShowcase showcase();
#if defined(WARPLENS_HAVE_CUDA)
  static GpuTime time_library(const RunRequest& r, const void* input, const TimingPlan& timing) {
    return time_cub_histogram(r, input, timing);
  }
#endif
};

}  // namespace wl::histogram
