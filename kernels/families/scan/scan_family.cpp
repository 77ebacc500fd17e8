// Scan behind the template-free Family interface: the registry's compile-time lists become
// names, and run/reference/check dispatch to the typed code.
#include "kernels/families/scan/scan_family.h"

#include <stdexcept>

#include "kernels/families/scan/catalog.h"
#include "kernels/families/scan/plan.h"
#include "kernels/families/scan/reference.h"
#include "kernels/families/scan/registry.h"
#include "kernels/families/scan/run_sim.h"
#include "kernels/gpu/gpu_error.h"
#if defined(WARPLENS_HAVE_CUDA)
#include "kernels/families/scan/run_gpu.h"
#endif

namespace wl {
namespace scan {
namespace {

template <class F>
void visit_op_and_type(const RunRequest& r, F&& f) {
  visit_op(r.op, [&](auto op) { visit_type(r.type, [&](auto t) { f(op, t); }); });
}

template <class T>
std::vector<T> typed(const RunRequest& r, const void* input) {
  const T* data = static_cast<const T*>(input);
  return r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
}

class ScanFamily final : public Family {
 public:
  std::string_view id() const override { return "scan"; }
  std::string_view title() const override { return "Scan"; }

  const std::vector<VariantSummary>& variants() const override {
    static const std::vector<VariantSummary> summaries = summaries_of(variant_infos());
    return summaries;
  }
  std::vector<std::string> ops() const override { return {SumOp::name, MaxOp::name, MinOp::name}; }
  std::vector<std::string> types() const override { return {"i32", "f32"}; }
  std::vector<FamilyParam> params() const override {
    return {{"exclusive", "1: out[i] combines the elements before i; 0: up to and including i", 0, 0, 1},
            {"items", "items a thread of a tile, for a variant that runs several sizes (decoupled-lookback: 8, 32 or "
                      "128; the others ignore it); 0: sized by n",
             0, 0, 128}};
  }

  std::string validate(const RunRequest& r) const override { return validate_scan(r); }

  // Step-efficient against work-efficient; padded Blelloch against its conflicts.
  std::string compare_partner(const std::string& variant) const override {
    if (variant == "blelloch-padded") return "blelloch";
    return variant == "hillis-steele" ? "blelloch" : "hillis-steele";
  }

  std::vector<PlannedLaunch> plan(const RunRequest& r) const override {
    const VariantInfo* info = scan::find_variant(r.variant);
    if (!info) return {};
    return planned_launches(*info, plan_levels(*info, r), r.block);
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
    return scan::time_gpu(r, input, timing);
  }
  GpuTime time_library(const RunRequest& r, const void* input, const TimingPlan& timing) const override {
    return time_cub_scan(r, input, timing);
  }
#endif

  // A scan reads n elements and writes n.
  double bytes_moved(const RunRequest& r) const override { return 2 * Family::bytes_moved(r); }

  ResultValues reference(const RunRequest& r, const void* input) const override {
    ResultValues out;
    visit_op_and_type(r, [&](auto op, auto t) {
      using T = typename decltype(t)::type;
      out = ResultValues::of(reference_scan<typename decltype(op)::type>(typed<T>(r, input), is_exclusive(r)));
    });
    return out;
  }

  CheckResult check(const RunRequest& r, const void* input, const RunResult& result) const override {
    CheckResult c;
    const VariantInfo* info = scan::find_variant(r.variant);
    if (!info) return c;
    visit_op_and_type(r, [&](auto op, auto t) {
      using T = typename decltype(t)::type;
      std::vector<T> values(result.result.count());
      for (std::size_t i = 0; i < values.size(); ++i) values[i] = from_bits<T>(result.result.bits(i));
      const auto depth = combine_depth(*info, plan_levels(*info, r), r.block);
      c = check_scan<typename decltype(op)::type>(typed<T>(r, input), values, is_exclusive(r), depth);
    });
    return c;
  }
};

}  // namespace
}  // namespace scan

const Family& scan_family() {
  static const scan::ScanFamily family;
  return family;
}

}  // namespace wl
