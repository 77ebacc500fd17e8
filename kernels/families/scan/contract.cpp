// The scan contract: `kernel(const T* in, T* out, N n)`, one block over the whole input
// (n <= block x items, --param items=K, default 1), inclusive unless --param exclusive=1 (which
// decides only the check: the kernel computes what it computes).
#include "kernels/families/scan/traits.h"
#include "kernels/plain/plain_contract_traits.h"

namespace wl::plain {
namespace {

struct PlainScanVariant {
  static constexpr scan::ScanVariantInfo info{kPlainVariant, "your plain-CUDA scan", "your file",
                                              scan::Shape::Independent, 1, 1};
};

template <class V, class Op, class T, class Backend>
struct PlainScanRun {
  Backend& backend;
  RunRequest request;
  Global<T> out;

  PlainScanRun(Backend& b, const RunRequest& r) : backend(b), request(r) {
    out = b.template alloc<T>(r.n, "output", BufferRole::Output);
  }
  void launch(Global<const T> input, bool record) {
    PlainCall call = plain_call(request, input, "input", out, "output", request.n);
    if (request.n) launch_plain(backend, call, request.n, 1, request.block, record);
  }
  std::vector<T> result() { return backend.read_all(out); }
};

struct PlainScanTraits : PlainContractTraits<scan::Traits, PlainScanVariant> {
  template <class V, class Op, class T, class Backend>
  using Run = PlainScanRun<V, Op, T, Backend>;

  // Not the family's: its items are a variant's tile, and one block has no grid.
  static std::vector<FamilyParam> params() {
    return {{"exclusive", "1: out[i] should combine the elements before i; 0: up to and including i", 0, 0, 1},
            plain_items_param(), plain_shared_param(), plain_block_x_param()};
  }
  static std::string validate(const Info&, const RunRequest& r) {
    const std::uint64_t items = std::max<std::uint64_t>(1, plain_param(r, "items", 1));
    if (r.n > items * r.block)
      return "a plain scan runs one block: n = " + std::to_string(r.n) + " is more than block x items = " +
             std::to_string(items * r.block) + " (raise --block or --param items)";
    return plain_block_shape_problem(r);
  }
  static std::vector<PlannedLaunch> plan(const Info&, const RunRequest& r) {
    if (r.n == 0) return {};
    return {plain_planned_launch(r.n, 1, r.block)};
  }
  template <class Op, class T>
  static CheckResult check(const Info&, const RunRequest& r, const std::vector<T>& input, const std::vector<T>& result) {
    return scan::check_scan<Op>(input, result, scan::is_exclusive(r), scan::kOwnOrder);  // its order is its own
  }
};

}  // namespace
}  // namespace wl::plain

namespace wl::scan {
const PlainContract& plain_contract() {
  using K = PlainParam::Kind;
  return plain_contract_of<plain::PlainScanTraits>({{K::Values, "in", 0}, {K::Values, "out", 1}, {K::Integer, "n", 0}},
                                                   "(const T* in, T* out, N n)");
}
}  // namespace wl::scan
