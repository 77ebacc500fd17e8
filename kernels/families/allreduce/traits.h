// All-reduce as kernels/family/typed_family.h builds it: sum, min and max on i32 and f32 over K
// GPUs ("gpus", 2 .. 8), n elements on each; every rank's output checked against the CPU's
// element-wise combination; and what the app shows of it. The simulator runs K GPUs at once;
// on GPUs (gpu.cuh) the kernels reach each other through NCCL's device API, unrecorded so far.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/operator.h"
#include "kernels/families/allreduce/driver.h"
#include "kernels/families/allreduce/plan.h"
#include "kernels/families/allreduce/reference.h"
#include "kernels/families/allreduce/variant_list.h"  // generated from variants.txt: AllVariants
#include "kernels/family/family_traits.h"
#include "kernels/host/input.h"

namespace wl::allreduce {

struct Traits : FamilyTraitsBase {
  static constexpr const char* id = "allreduce";
  static constexpr const char* title = "All-reduce";
  using Variants = AllVariants;
  using Ops = TypeList<SumOp, MinOp, MaxOp>;
  using Types = TypeList<std::int32_t, float>;
  using Info = AllReduceVariantInfo;
  template <class V, class Op, class T, class Backend>
  using Run = AllReduceRun<V, Op, T, Backend>;
#if defined(WARPLENS_HAVE_NCCL)
  static constexpr bool kRunsOnGpu = true;  // gpu.cuh: NCCL's device API, loaded at run time
#else
  static constexpr bool kRunsOnGpu = false;  // built without NCCL's headers: the simulator only
#endif

  static std::vector<FamilyParam> params() {
    return {{"gpus", "GPUs (ranks) the all-reduce runs over, each holding n elements; not 1: over one GPU it is a copy",
             kDefaultRanks, 2, kMaxRanks},
            {"channels", "blocks a rank for pipelined, each a channel of its own (the others ignore it); 0: sized by n",
             0, 0, kMaxChannels}};
  }
  static std::uint64_t input_elements(const RunRequest& r) { return r.n * ranks_of(r); }
  // Each rank's n elements as the family's default input makes them, from seeds 1, 2, ... apart,
  // so the ranks hold different values.
  static std::vector<unsigned char> make_input(const RunRequest& r, Pattern pattern, std::uint64_t seed) {
    std::vector<unsigned char> bytes;
    visit_type_in(Types{}, r.type, [&](auto t) {
      using T = typename decltype(t)::type;
      bytes.resize(input_elements(r) * sizeof(T));
      T* all = reinterpret_cast<T*>(bytes.data());
      for (unsigned q = 0; q < ranks_of(r); ++q) fill_input(all + q * r.n, pattern, r.n, seed + q, r.op);
    });
    return bytes;
  }
  // What nccl-tests calls bus bytes: n elements x 2 (K - 1) / K, so GB/s is busbw (each rank
  // must send and receive that much over its links, whatever the algorithm).
  static double bytes_factor(const RunRequest& r) { return 2.0 * (ranks_of(r) - 1) / ranks_of(r); }

  static std::string validate(const Info& info, const RunRequest& r) { return validate_allreduce(info, r); }
  static std::vector<PlannedLaunch> plan(const Info& info, const RunRequest& r) {
    std::vector<PlannedLaunch> launches;
    if (r.n == 0) return launches;
    for (unsigned q = 0; q < ranks_of(r); ++q) launches.push_back({info.id, r.n, grid_of(info, r), r.block});
    return launches;
  }

  template <class Op, class T>
  static std::vector<T> reference(const RunRequest& r, const std::vector<T>& input) {
    return reference_allreduce<Op>(input, ranks_of(r));
  }
  template <class Op, class T>
  static CheckResult check(const Info&, const RunRequest& r, const std::vector<T>& input, const std::vector<T>& result) {
    return check_allreduce<Op>(input, result, ranks_of(r));
  }
  template <class T>
  static std::string result_text(const std::vector<T>& result) {
    if (result.empty()) return "nothing (n = 0)";
    std::string text = "rank 0: " + value_text(result[0]);
    if (result.size() > 1) text += ", " + value_text(result[1]);
    return text + (result.size() > 2 ? ", ..." : "");
  }

  // The lesson's contrast: every link at once against neighbours only.
  static std::string compare_partner(const std::string& variant) { return variant == "ring" ? "one-shot" : "ring"; }
  static FamilyShowcase showcase();
  static constexpr const char* kLibrary = "NCCL";
#if defined(WARPLENS_HAVE_NCCL)
  // ncclAllReduce on the same GPUs, buffers and input (bench/nccl_allreduce.cu).
  static GpuTime time_library(const RunRequest& r, const void* input, const TimingPlan& timing);
  // The link's own bandwidth: n elements copied from GPU 0 to GPU 1 (cudaMemcpyPeer). A rank's
  // busbw cannot pass what its link moves one way, as nccl-tests' busbw is read.
  static constexpr const char* kRoofline = "peer copy";
  static GpuTime time_roofline(const RunRequest& r, const TimingPlan& timing);
#endif
};

}  // namespace wl::allreduce
