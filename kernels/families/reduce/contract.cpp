// The reduce contract: `kernel(const T* in, T* out, N n)`. Each block writes its partial to
// out[blockIdx.x]; the kernel is launched again on the partials until one value is left, as a
// course's host code does. Grid ceil(n / (block × items)) (--param items=K, default 1), or
// --param grid=G for the first launch. With --param atomic=1 the blocks combine into out[0]
// instead (atomicAdd), which is set to the operator's identity first: one launch.
#include "kernels/families/reduce/traits.h"
#include "kernels/plain/plain_contract_traits.h"

namespace wl::plain {
namespace {

struct PlainReduceVariant {
  static constexpr reduce::ReduceVariantInfo info{kPlainVariant, "your plain-CUDA reduction", "your file",
                                                  reduce::Finish::Partials, reduce::GridShape::OnePerElement, 2};
};

bool atomic_finish(const RunRequest& r) { return plain_param(r, "atomic", 0) != 0; }
// --param passes=1: one launch, whose out[0] is the result: a single-pass kernel, whose last
// block to finish (a retirement counter, __threadfence) combines the blocks' partials itself.
bool single_pass(const RunRequest& r) { return plain_param(r, "passes", 0) == 1; }

std::vector<reduce::Pass> passes_of(const RunRequest& r) {
  std::vector<reduce::Pass> passes;
  const std::uint64_t items = std::max<std::uint64_t>(1, plain_param(r, "items", 1));
  const std::uint64_t per_block = items * r.block;
  for (std::uint64_t n = r.n; n > 0;) {
    std::uint64_t grid = (n + per_block - 1) / per_block;
    if (passes.empty() && plain_param(r, "grid", 0)) grid = plain_param(r, "grid", 0);
    passes.push_back({n, unsigned(grid)});
    if (grid <= 1 || atomic_finish(r) || single_pass(r)) break;
    n = grid;
  }
  return passes;
}

template <class V, class Op, class T, class Backend>
struct PlainReduceRun {
  Backend& backend;
  RunRequest request;
  std::vector<reduce::Pass> passes;
  Global<T> partials[2];

  PlainReduceRun(Backend& b, const RunRequest& r) : backend(b), request(r), passes(passes_of(r)) {
    if (atomic_finish(r)) {
      partials[0] = b.template alloc<T>(1, "output", BufferRole::Output);
      return;
    }
    partials[0] = b.template alloc<T>(passes.empty() ? 1 : passes.front().grid, "partials", BufferRole::Output);
    partials[1] = b.template alloc<T>(passes.size() > 1 ? passes[1].grid : 1, "partials of partials", BufferRole::Output);
  }
  void launch(Global<const T> input, bool record) {
    if (atomic_finish(request)) backend.fill(partials[0], identity<Op, T>());
    for (std::size_t k = 0; k < passes.size(); ++k) {
      const Global<T>& before = partials[(k + 1) % 2];  // the launch before's output
      const Global<const T> in = k == 0 ? input : Global<const T>{before.ptr, before.size, before.buffer};
      const char* out_name = atomic_finish(request) ? "output" : k % 2 ? "partials of partials" : "partials";
      PlainCall call = plain_call(request, in, k == 0 ? "input" : "partials", partials[k % 2], out_name, passes[k].n);
      if (k > 0)
        call.why_launched = "The reduce contract launched your kernel again, on the " + std::to_string(passes[k].n) +
                            " partials the launch before wrote (n = " + std::to_string(passes[k].n) + ", grid " +
                            std::to_string(passes[k].grid) + " of " + std::to_string(request.block) +
                            " threads): guard its reads with i < n, or combine into out[0] with --param atomic=1";
      launch_plain(backend, call, passes[k].n, passes[k].grid, request.block, record);
    }
  }
  std::vector<T> result() {
    return {passes.empty() ? identity<Op, T>() : backend.read(partials[(passes.size() - 1) % 2], 0)};
  }
};

struct PlainReduceTraits : PlainContractTraits<reduce::Traits, PlainReduceVariant> {
  using Ops = TypeList<SumOp, MinOp, MaxOp, ProductOp>;
  template <class V, class Op, class T, class Backend>
  using Run = PlainReduceRun<V, Op, T, Backend>;

  static std::vector<FamilyParam> params() {
    std::vector<FamilyParam> all = PlainContractTraits::params();
    all.insert(all.end(),
               {{"atomic", "1: the blocks combine into out[0] (atomicAdd), set to the identity first; one launch", 0, 0, 1},
                {"passes", "1: one launch, whose out[0] is the result (a single-pass kernel's last block combines the "
                           "partials); 0: launched again on the partials until one value is left", 0, 0, 1}});
    return all;
  }
  static std::string validate(const Info&, const RunRequest& r) {
    if (r.block < 2) return "a plain reduction needs a block of at least 2 threads (with one, each launch would leave as many partials as it read)";
    return plain_block_shape_problem(r);
  }
  static std::vector<PlannedLaunch> plan(const Info&, const RunRequest& r) {
    std::vector<PlannedLaunch> launches;
    for (const reduce::Pass& p : passes_of(r)) launches.push_back(plain_planned_launch(p.n, p.grid, r.block));
    return launches;
  }
  template <class Op, class T>
  static CheckResult check(const Info&, const RunRequest&, const std::vector<T>& input, const std::vector<T>& result) {
    if (result.size() != 1) return {};
    // Its order is its own (a tree, a serial loop, atomics in any order): kernels/family/own_order.h.
    return reduce::check_reduction<Op>(input, result[0], reduce::kOwnOrder);
  }
};

}  // namespace
}  // namespace wl::plain

namespace wl::reduce {
const PlainContract& plain_contract() {
  using K = PlainParam::Kind;
  return plain_contract_of<plain::PlainReduceTraits>({{K::Values, "in", 0}, {K::Values, "out", 1}, {K::Integer, "n", 0}},
                                                     "(const T* in, T* out, N n)");
}
}  // namespace wl::reduce
