// Histogram behind the template-free Family interface: samples are i32, counts u32, and the
// family's parameters are the number of bins and the skew of the skewed input.
#include "kernels/families/histogram/histogram_family.h"

#include "kernels/families/histogram/catalog.h"
#include "kernels/families/histogram/plan.h"
#include "kernels/families/histogram/reference.h"
#include "kernels/families/histogram/run_sim.h"
#include "kernels/families/histogram/samples.h"
#include "kernels/gpu/gpu_error.h"
#if defined(WARPLENS_HAVE_CUDA)
#include "kernels/families/histogram/run_gpu.h"
#endif

namespace wl {
namespace histogram {
namespace {

class HistogramFamily final : public Family {
 public:
  std::string_view id() const override { return "histogram"; }
  std::string_view title() const override { return "Histogram"; }

  const std::vector<VariantSummary>& variants() const override {
    static const std::vector<VariantSummary> summaries = summaries_of(variant_infos());
    return summaries;
  }
  std::vector<std::string> ops() const override { return {}; }
  std::vector<std::string> types() const override { return {"i32"}; }
  std::vector<FamilyParam> params() const override {
    return {{"bins", "bins counted: sample x lands in bin x when 0 <= x < bins", kDefaultBins, kMinBins, kMaxBins},
            {"skew", "the skewed input: percent of the items in one bin, the rest uniform", kDefaultSkew, 0, 100}};
  }

  std::string validate(const RunRequest& r) const override { return validate_histogram(r); }

  // Global against privatised atomics is the classic contrast; each other variant against
  // the one it improves on.
  std::string compare_partner(const std::string& variant) const override {
    if (variant == "global-atomics") return "shared-atomics";
    if (variant == "warp-aggregated" || variant == "per-thread-local") return "shared-atomics";
    return "global-atomics";
  }

  std::vector<PlannedLaunch> plan(const RunRequest& r) const override {
    const VariantInfo* info = histogram::find_variant(r.variant);
    return info ? plan_histogram(*info, r.n, r.block, bins_of(r), r.sm_count).launches : std::vector<PlannedLaunch>();
  }

  std::vector<unsigned char> make_input(const RunRequest& r, Pattern pattern, std::uint64_t seed) const override {
    std::vector<unsigned char> bytes(r.n * sizeof(std::int32_t));
    fill_samples(reinterpret_cast<std::int32_t*>(bytes.data()), r.n, pattern, seed, bins_of(r), skew_of(r));
    return bytes;
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
    return histogram::time_gpu(r, input, timing);
  }
  GpuTime time_library(const RunRequest& r, const void* input, const TimingPlan& timing) const override {
    return time_cub_histogram(r, input, timing);
  }
#endif

  ResultValues reference(const RunRequest& r, const void* input) const override {
    return ResultValues::of(reference_histogram(static_cast<const std::int32_t*>(input), r.n, bins_of(r)));
  }

  CheckResult check(const RunRequest& r, const void* input, const RunResult& result) const override {
    std::vector<std::uint32_t> counts(result.result.count());
    for (std::size_t b = 0; b < counts.size(); ++b) counts[b] = std::uint32_t(result.result.bits(b));
    return check_histogram(reference_histogram(static_cast<const std::int32_t*>(input), r.n, bins_of(r)), counts);
  }
};

}  // namespace
}  // namespace histogram

const Family& histogram_family() {
  static const histogram::HistogramFamily family;
  return family;
}

}  // namespace wl
