// What a family declares so kernels/family/typed_family.h can build it.
//
// A family's Traits (kernels/families/<id>/traits.h) derives from FamilyTraitsBase and holds:
//   id, title                      names ("reduce", "Reduction")
//   Variants, Ops, Types           TypeLists: the generated variant list; operators (empty: the
//                                  family takes none); value types of the input
//   Info                           the variants' plain-data description (V::info): id, lesson,
//                                  origin, pitfall, deterministic_trace and the family's own
//   plan(info, request)            the launches a valid request turns into
//   Run<V, Op, T, Backend>         the driver of one run: built on a backend (allocates),
//                                  launch(input, record), result() (a vector)
//   reference<Op>(request, input)  the CPU reference, check<Op>(info, request, input, result)
//   result_text(result)            the result for people
// and may hide what FamilyTraitsBase gives with its own: params, describe, validate (the
// family's own checks, after the shared ones), make_input, bytes_factor, compare_partner,
// showcase, time_library and kLibrary, time_roofline and kRoofline, time_handwritten,
// input_elements, kRunsOnGpu.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/family/family.h"
#include "kernels/family/typed_run.h"

namespace wl {

// The defaults a family's Traits may hide with its own.
struct FamilyTraitsBase {
  static std::vector<FamilyParam> params() { return {}; }
  // None beyond the shared checks (kernels/family/family.cpp's validate).
  template <class Info>
  static std::string validate(const Info&, const RunRequest&) { return {}; }
  // What a variant's summary says beyond id, lesson, origin, pitfall and races (its limits).
  template <class Info>
  static void describe(const Info&, VariantSummary&) {}
  // None: Family's default input (kernels/host/input.h) for the request's operator.
  static std::vector<unsigned char> make_input(const RunRequest&, Pattern, std::uint64_t) { return {}; }
  // Input elements a run reads: n, or n on each GPU of a run over several.
  static std::uint64_t input_elements(const RunRequest& r) { return r.n; }
  // Whether the family's kernels are built for the GPU (false: the simulator only, said once).
  static constexpr bool kRunsOnGpu = true;
  // Bytes a run moves at least (what GB/s divide by), per byte of n elements: 2 for a scan, which
  // writes as much as it reads.
  static double bytes_factor(const RunRequest&) { return 1; }
  // Empty: the first variant in teaching order that is not `variant`.
  static std::string compare_partner(const std::string&) { return {}; }
  static FamilyShowcase showcase() { return {}; }
  // The library call that does the family's job, timed (ms = 0 where there is none), and its name.
  static constexpr const char* kLibrary = "CUB";
  static GpuTime time_library(const RunRequest&, const void*, const TimingPlan&) { return {}; }
  // None: the device copy bounds the family (Family::roofline_name says more).
  static constexpr const char* kRoofline = nullptr;
  static GpuTime time_roofline(const RunRequest&, const TimingPlan&) { return {}; }
  // None: the variant hand-written in plain CUDA (Family::time_handwritten).
  static GpuTime time_handwritten(const RunRequest&, const void*, const TimingPlan&) { return {}; }
};

}  // namespace wl
