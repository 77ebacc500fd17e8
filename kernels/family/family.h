// A family of kernels as the app, the CLI and the runner see it: template-free. A family's
// folder, kernels/families/<id>/, holds its templates and a Traits struct;
// kernels/family/typed_family.h implements this interface from it once for all families.
// kernels/families/families.txt lists the families that are built.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"
#include "kernels/family/showcase.h"
#include "kernels/gpu/timing_plan.h"
#include "kernels/host/input.h"
#include "results/timing_sweep.h"

namespace wl {

struct VariantSummary {
  std::string id;       // "sequential"
  std::string lesson;   // one line: what it changes and why
  std::string origin;   // where it comes from in the classic material
  bool pitfall = false; // deliberately wrong; shown as a lesson
  bool races = false;   // a pitfall whose bug is a data race (compute-sanitizer's racecheck finds it)
  std::uint64_t max_n = 0;           // the largest n it takes; 0: no limit of its own
  std::vector<unsigned> tile_items;  // items a thread of the tile sizes it runs as kernels of their own
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
  std::uint64_t result_bits = 0;  // the last timed run's first result value (a reduction's only one)
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
  // build has none. A bug the simulator finds in a kernel is a result: trace.meta.fault says
  // what and where, and the trace holds the events up to it.
  virtual RunResult run(const RunRequest& request, Backend backend, const void* input) const = 0;
  // The CPU reference of `input`, and a result compared with it.
  virtual ResultValues reference(const RunRequest& request, const void* input) const = 0;
  virtual CheckResult check(const RunRequest& request, const void* input,
                            const RunResult& result) const = 0;

  // Times a valid request's uninstrumented GPU build as `timing` says (warm-up, then the median
  // of CUDA-event-timed samples), the result of the last run checked. Throws GpuError without a GPU.
  virtual GpuTime time_gpu(const RunRequest& request, const void* input, const TimingPlan& timing) const;
  // The same for the library call that does the family's job (CUB's DeviceReduce for reduce);
  // GpuTime::ms stays 0 where the family has none. library_name() names it in sweeps and plots.
  virtual std::string library_name() const { return kCubSeries; }
  virtual GpuTime time_library(const RunRequest& request, const void* input, const TimingPlan& timing) const;
  // The copy that bounds the family's speed where the device copy does not (empty: none), and
  // its time moving n elements once; a sweep draws it and gives every share against it. The
  // all-reduce's is the link between two GPUs.
  virtual std::string roofline_name() const { return {}; }
  virtual GpuTime time_roofline(const RunRequest& request, const TimingPlan& timing) const;
  // The request's variant as written without the dialect in plain CUDA, timed as time_gpu times
  // it: what shows the dialect's build costs nothing (`warplens bench` at one n). GpuTime::ms
  // stays 0 where the family has no such kernel for the request.
  virtual GpuTime time_handwritten(const RunRequest&, const void*, const TimingPlan&) const { return {}; }
  // Bytes a run of `request` must move at least: what the timing panel divides by.
  virtual double bytes_moved(const RunRequest& request) const;

  // The variant a side-by-side comparison with `variant` starts with: the family's classic
  // contrast. By default the first variant in teaching order that is not `variant`.
  virtual std::string compare_partner(const std::string& variant) const;
  // Whether its kernels are built for the GPU; false: the simulator only.
  virtual bool runs_on_gpu() const { return true; }
  // Its ladders, comparisons, historic table and own views (kernels/family/showcase.h).
  virtual const FamilyShowcase& showcase() const;

  const VariantSummary* find_variant(std::string_view id) const;
};

// The checks of validate(RunRequest) against a family already found: a family's own code
// (its run on the simulator, say) uses it without looking itself up.
std::string validate_for(const Family& family, const RunRequest& request);

// Every family built, in the order of kernels/families/families.txt. Defined by the family
// list a binary links (kernels/families/family_list.cmake): wl_kernels for the product.
const std::vector<const Family*>& families();
// The family a request names, running it (tests and tools): std::invalid_argument for an
// unknown family or an invalid request, then as Family::run and Family::time_gpu.
RunResult run_sim(const RunRequest& request, const void* input);
RunResult run_gpu(const RunRequest& request, const void* input);
GpuTime time_gpu(const RunRequest& request, const void* input, const TimingPlan& timing);
const Family* find_family(std::string_view id);  // nullptr for an unknown id
std::string family_ids_text();                   // "reduce, scan": for messages
// What a family shows (none for an unknown id): the views and presets the app offers for it.
const FamilyShowcase& showcase_of(std::string_view family);

}  // namespace wl
