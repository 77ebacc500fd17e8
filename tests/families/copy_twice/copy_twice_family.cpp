// A toy family that only tests use: it copies its input through `passes` launches (input →
// staging → ... → output), one element per thread. It exists to show that a family is one
// folder and one line in a family list (tests/families/families.txt), and to give the
// dataflow graph a run whose edges cross launches.
#include <cstring>
#include <stdexcept>
#include <string>

#include "core/step.h"
#include "kernels/dialect/dialect.h"
#include "kernels/family/family.h"
#include "kernels/family/trace_meta.h"
#include "kernels/gpu/gpu_error.h"
#include "kernels/sim/sim_backend.h"

namespace wl {
namespace copy_twice {
namespace {

template <class T>
struct CopyKernel {
  Global<const T> in;
  Global<T> out;

  template <class Ctx>
  WL_DEVICE void operator()(Ctx& ctx) const {
    const std::uint64_t i = std::uint64_t(ctx.block_idx()) * ctx.block_dim() + ctx.thread_idx();
    ctx.step(kLoadStep);
    if (ctx.branch(i < in.size)) {
      const T v = ctx.ld(in, i);
      ctx.step(kFinishStep);
      ctx.st(out, i, v);
    }
  }
};

std::uint64_t passes_of(const RunRequest& r) {
  auto it = r.params.find("passes");
  return it == r.params.end() ? 2 : it->second;
}

std::string launch_name(std::uint64_t k, std::uint64_t passes) {
  return "copy " + std::to_string(k + 1) + " of " + std::to_string(passes);
}

template <class T>
RunResult run_typed(const RunRequest& r, const T* data) {
  RunResult out;
  out.backend = "sim";
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  SimBackend backend(r, out.trace);
  Global<const T> from = backend.upload(input);
  const std::uint64_t passes = passes_of(r);
  const unsigned grid = unsigned((r.n + r.block - 1) / r.block);
  for (std::uint64_t k = 0; k < passes && r.n > 0; ++k) {
    const bool last = k + 1 == passes;
    const Global<T> to = backend.template alloc<T>(r.n, last ? "output" : "staging " + std::to_string(k + 1),
                                                   last ? BufferRole::Output : BufferRole::Temp);
    LaunchRecord launch;
    launch.name = launch_name(k, passes);
    launch.grid_dim = grid;
    launch.block_dim = r.block;
    launch.n = r.n;
    backend.launch(launch, r.record, CopyKernel<T>{from, to});
    out.launches.push_back({launch.name, r.n, grid, r.block});
    from = Global<const T>{to.ptr, to.size, to.buffer};
  }
  backend.finish_trace();
  out.result = ResultValues::of(r.n ? std::vector<T>(from.ptr, from.ptr + from.size) : std::vector<T>());
  out.result_text = std::to_string(out.result.count()) + " values";
  describe_run(out.trace.meta, r, out.backend, r.n ? grid : 0);
  return out;
}

class CopyTwiceFamily final : public Family {
 public:
  std::string_view id() const override { return "copy_twice"; }
  std::string_view title() const override { return "Copy through staging buffers (a test family)"; }
  const std::vector<VariantSummary>& variants() const override {
    static const std::vector<VariantSummary> v{
        {"one-per-thread", "each thread copies one element, launch after launch", "tests", false}};
    return v;
  }
  std::vector<std::string> ops() const override { return {}; }
  std::vector<std::string> types() const override { return {"i32", "f32"}; }
  std::vector<FamilyParam> params() const override {
    return {{"passes", "launches the copy goes through", 2, 1, 4}};
  }
  std::string validate(const RunRequest&) const override { return {}; }
  std::vector<PlannedLaunch> plan(const RunRequest& r) const override {
    std::vector<PlannedLaunch> launches;
    for (std::uint64_t k = 0; k < passes_of(r) && r.n > 0; ++k)
      launches.push_back({launch_name(k, passes_of(r)), r.n, unsigned((r.n + r.block - 1) / r.block), r.block});
    return launches;
  }
  std::vector<unsigned char> make_input(const RunRequest& r, Pattern pattern, std::uint64_t seed) const override {
    if (r.type == "i32") return ResultValues::of(wl::make_input<std::int32_t>(pattern, r.n, seed, "sum")).bytes;
    return ResultValues::of(wl::make_input<float>(pattern, r.n, seed, "sum")).bytes;
  }
  RunResult run(const RunRequest& r, Backend backend, const void* input) const override {
    if (std::string problem = validate_for(*this, r); !problem.empty()) throw std::invalid_argument(problem);
    if (backend == Backend::Gpu) throw GpuError("copy_twice runs on the simulator only");
    RunResult out = r.type == "i32" ? run_typed(r, static_cast<const std::int32_t*>(input))
                                    : run_typed(r, static_cast<const float*>(input));
    out.check = check(r, input, out);
    return out;
  }
  ResultValues reference(const RunRequest& r, const void* input) const override {
    ResultValues v;
    v.type = *parse_value_type(r.type);
    v.bytes.resize(r.n * value_type_bytes(v.type));
    if (r.n) std::memcpy(v.bytes.data(), input, v.bytes.size());
    return v;
  }
  // Exact: error counts the elements that differ.
  CheckResult check(const RunRequest& r, const void* input, const RunResult& result) const override {
    const ResultValues expected = reference(r, input);
    CheckResult c;
    c.expected = "the input, unchanged";
    if (result.result.count() != expected.count()) {
      c.error = double(expected.count());
      return c;
    }
    for (std::uint64_t i = 0; i < expected.count(); ++i) c.error += expected.bits(i) != result.result.bits(i);
    c.ok = c.error == 0;
    return c;
  }
};

}  // namespace
}  // namespace copy_twice

const Family& copy_twice_family() {
  static const copy_twice::CopyTwiceFamily family;
  return family;
}

}  // namespace wl
