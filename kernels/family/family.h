// A family of kernels (reduction, scan, histogram) as the app, the CLI and the runner see it:
// template-free. Each family implements it in its own folder, kernels/families/<id>/, where its
// templates stay; kernels/families/families.txt lists the families that are built.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"
#include "kernels/gpu/timing_plan.h"
#include "kernels/host/input.h"

namespace wl {

struct VariantSummary {
  std::string id;       // "sequential"
  std::string lesson;   // one line: what it changes and why
  std::string origin;   // where it comes from in the classic material
  bool pitfall = false; // deliberately wrong; shown as a lesson
};

// A parameter of the family beyond n, block, op and type (a histogram's bins).
struct FamilyParam {
  std::string name;
  std::string help;
  std::uint64_t default_value = 0, min_value = 0, max_value = 0;
};

enum class Backend { Simulator, Gpu };

struct GpuTime {
  double ms = 0;     // median; 0: not timed
  bool ok = false;   // the timed result matched the CPU reference
};

class Family {
 public:
  virtual ~Family() = default;

  virtual std::string_view id() const = 0;     // "reduce"
  virtual std::string_view title() const = 0;  // "Reduction"
  virtual const std::vector<VariantSummary>& variants() const = 0;  // in teaching order
  virtual std::vector<std::string> ops() const = 0;    // empty: the family takes no operator
  virtual std::vector<std::string> types() const = 0;  // value types, as core names them
  virtual std::vector<FamilyParam> params() const { return {}; }

  // The family's own checks; validate(RunRequest) has made the shared ones.
  virtual std::string validate(const RunRequest& request) const = 0;
  // The launches a valid request turns into (none when n = 0).
  virtual std::vector<PlannedLaunch> plan(const RunRequest& request) const = 0;
  // request.n elements of request.type, the bytes a run reads; by default make_input's values
  // for the request's operator (kernels/host/input.h), for i32, f32 and f64.
  virtual std::vector<unsigned char> make_input(const RunRequest& request, Pattern pattern,
                                                std::uint64_t seed) const;
  // Runs a valid request and checks its result. Throws GpuError when the GPU fails or this
  // build has none, KernelError when the simulator finds a bug in a kernel.
  virtual RunResult run(const RunRequest& request, Backend backend, const void* input) const = 0;
  // The CPU reference of `input`, and a result compared with it.
  virtual ResultValues reference(const RunRequest& request, const void* input) const = 0;
  virtual CheckResult check(const RunRequest& request, const void* input,
                            const RunResult& result) const = 0;

  // Times a valid request's uninstrumented GPU build as `timing` says (warm-up, then the median
  // of CUDA-event-timed samples), the result of the last run checked. Throws GpuError without a GPU.
  virtual GpuTime time_gpu(const RunRequest& request, const void* input, const TimingPlan& timing) const;
  // The same for the library call that does the family's job (CUB's DeviceReduce for reduce);
  // GpuTime::ms stays 0 where the family has none.
  virtual GpuTime time_library(const RunRequest& request, const void* input, const TimingPlan& timing) const;
  // Bytes a run of `request` must move at least: what the timing panel divides by.
  virtual double bytes_moved(const RunRequest& request) const;

  // The variant a side-by-side comparison with `variant` starts with: the family's classic
  // contrast. By default the first variant in teaching order that is not `variant`.
  virtual std::string compare_partner(const std::string& variant) const;

  const VariantSummary* find_variant(std::string_view id) const;
};

// The checks of validate(RunRequest) against a family already found: a family's own code
// (its run on the simulator, say) uses it without looking itself up.
std::string validate_for(const Family& family, const RunRequest& request);

// Every family built, in the order of kernels/families/families.txt. Defined by the family
// list a binary links (kernels/families/family_list.cmake): wl_kernels for the product.
const std::vector<const Family*>& families();
const Family* find_family(std::string_view id);  // nullptr for an unknown id
std::string family_ids_text();                   // "reduce, scan": for messages

// The summaries of a family's variant descriptions (anything with id, lesson, origin, pitfall).
template <class Info>
std::vector<VariantSummary> summaries_of(const std::vector<Info>& infos) {
  std::vector<VariantSummary> out;
  for (const Info& v : infos) out.push_back({v.id, v.lesson, v.origin, v.pitfall});
  return out;
}

}  // namespace wl
