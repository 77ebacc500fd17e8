// A family from its Traits: everything behind the template-free Family interface that is the
// same for every family, written once. kernels/families/family.cmake generates, for each family,
// the one file that instantiates it (`const Family& <id>_family()`), and for each variant the
// file that instantiates its GPU entry points.
//
// What a family's Traits holds: kernels/family/family_traits.h.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/family/family.h"
#include "kernels/family/family_traits.h"
#include "kernels/family/gpu_entry.h"
#include "kernels/family/typed_run.h"
#include "kernels/gpu/gpu_error.h"
#include "kernels/sim/sim_backend.h"

namespace wl {

template <class Traits>
class TypedFamily final : public Family {
 public:
  std::string_view id() const override { return Traits::id; }
  std::string_view title() const override { return Traits::title; }
  const std::vector<VariantSummary>& variants() const override {
    static const std::vector<VariantSummary> summaries = [] {
      std::vector<VariantSummary> out;
      for (const typename Traits::Info& v : variant_infos<Traits>()) {
        VariantSummary summary;
        summary.id = v.id;
        summary.lesson = v.lesson;
        summary.origin = v.origin;
        summary.pitfall = v.pitfall;
        summary.races = v.pitfall && !v.deterministic_trace;  // its events depend on timing: a race
        Traits::describe(v, summary);
        out.push_back(std::move(summary));
      }
      return out;
    }();
    return summaries;
  }
  std::vector<std::string> ops() const override { return names(typename Traits::Ops{}); }
  std::vector<std::string> types() const override { return type_names(typename Traits::Types{}); }
  std::vector<FamilyParam> params() const override { return Traits::params(); }
  bool runs_on_gpu() const override { return Traits::kRunsOnGpu; }
  std::string library_name() const override { return Traits::kLibrary; }
  std::string roofline_name() const override { return Traits::kRoofline ? Traits::kRoofline : ""; }
  const FamilyShowcase& showcase() const override {
    static const FamilyShowcase showcase = Traits::showcase();
    return showcase;
  }

  std::string validate(const RunRequest& r) const override {
    const typename Traits::Info* info = find_variant_info<Traits>(r.variant);
    return info ? Traits::validate(*info, r) : std::string();
  }
  std::vector<PlannedLaunch> plan(const RunRequest& r) const override {
    const typename Traits::Info* info = find_variant_info<Traits>(r.variant);
    return info ? Traits::plan(*info, r) : std::vector<PlannedLaunch>();
  }
  std::vector<unsigned char> make_input(const RunRequest& r, Pattern pattern, std::uint64_t seed) const override {
    std::vector<unsigned char> own = Traits::make_input(r, pattern, seed);
    return own.empty() ? Family::make_input(r, pattern, seed) : own;
  }
  double bytes_moved(const RunRequest& r) const override { return Traits::bytes_factor(r) * Family::bytes_moved(r); }
  std::string compare_partner(const std::string& variant) const override {
    const std::string partner = Traits::compare_partner(variant);
    return partner.empty() ? Family::compare_partner(variant) : partner;
  }

  // The request is valid: settle() (run/settled_run.h) or validate_for checked it, once.
  RunResult run(const RunRequest& r, Backend backend, const void* input) const override {
    RunResult out;
    visit_typed_request<Traits>(r, [&](auto v, auto op, auto t) {
      using V = typename decltype(v)::type;
      using Op = typename decltype(op)::type;
      using T = typename decltype(t)::type;
      const T* data = static_cast<const T*>(input);
      if (backend == Backend::Simulator) {
        out.backend = "sim";
        SimBackend sim(record_options(r), out.trace);
        run_on_backend<Traits, V, Op>(sim, r, typed_input<Traits, T>(r, data), out);
      } else if constexpr (!Traits::kRunsOnGpu) {
        throw GpuError(std::string(Traits::title) + " runs on the simulator only in this build");
      } else {
#if defined(WARPLENS_HAVE_CUDA)
        out = run_gpu_typed<Traits, V, Op, T>(r, data);
#else
        throw GpuError("this build has no CUDA backend");
#endif
      }
    });
    return out;
  }

#if defined(WARPLENS_HAVE_CUDA)
  GpuTime time_gpu(const RunRequest& r, const void* input, const TimingPlan& timing) const override {
    if constexpr (!Traits::kRunsOnGpu) throw GpuError(std::string(Traits::title) + " runs on the simulator only in this build");
    GpuTime out;
    visit_typed_request<Traits>(r, [&](auto v, auto op, auto t) {
      using T = typename decltype(t)::type;
      if constexpr (Traits::kRunsOnGpu) out = time_gpu_typed<Traits, typename decltype(v)::type, typename decltype(op)::type, T>(
          r, static_cast<const T*>(input), timing);
    });
    return out;
  }
  GpuTime time_library(const RunRequest& r, const void* input, const TimingPlan& timing) const override {
    return Traits::time_library(r, input, timing);
  }
  GpuTime time_roofline(const RunRequest& r, const TimingPlan& timing) const override {
    return Traits::time_roofline(r, timing);
  }
  GpuTime time_handwritten(const RunRequest& r, const void* input, const TimingPlan& timing) const override {
    return Traits::time_handwritten(r, input, timing);
  }
#endif

  ResultValues reference(const RunRequest& r, const void* input) const override {
    ResultValues out;
    visit_op_and_type<Traits>(r, [&](auto op, auto t) {
      using T = typename decltype(t)::type;
      out = ResultValues::of(Traits::template reference<typename decltype(op)::type>(r, typed_input<Traits, T>(r, input)));
    });
    return out;
  }
  CheckResult check(const RunRequest& r, const void* input, const RunResult& result) const override {
    CheckResult c;
    const typename Traits::Info* info = find_variant_info<Traits>(r.variant);
    if (!info) return c;
    visit_op_and_type<Traits>(r, [&](auto op, auto t) {
      using T = typename decltype(t)::type;
      using R = typename decltype(Traits::template reference<typename decltype(op)::type>(r, std::vector<T>()))::value_type;
      std::vector<R> values(result.result.count());
      for (std::size_t i = 0; i < values.size(); ++i) values[i] = from_bits<R>(result.result.bits(i));
      c = Traits::template check<typename decltype(op)::type>(*info, r, typed_input<Traits, T>(r, input), values);
    });
    return c;
  }

 private:
  template <class... Os>
  static std::vector<std::string> names(TypeList<Os...>) {
    return {Os::name...};
  }
  template <class... Ts>
  static std::vector<std::string> type_names(TypeList<Ts...>) {
    return {value_type_name(value_type_of<Ts>())...};
  }
};

}  // namespace wl
