// The scan contract: `kernel(const T* in, T* out, N n)`, one block over the whole input
// (n <= block x items, --param items=K, default 1), inclusive unless --param exclusive=1 (which
// decides only the check: the kernel computes what it computes).
#include "kernels/families/scan/traits.h"
#include "kernels/family/typed_family.h"
#include "kernels/plain/plain_contract.h"

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
    PlainCall call;
    call.pointers[0] = const_cast<T*>(input.ptr);
    call.pointers[1] = out.ptr;
    call.integers[0] = request.n;
    call.buffers = {plain_buffer(input, "input"), plain_buffer(out, "output")};
    call.dynamic_shared_bytes = plain_dynamic_bytes(request, request.block * unsigned(sizeof(T)));
    call.block_x = plain_block_x(request);
    if (request.n) launch_plain(backend, call, request.n, 1, request.block, record);
  }
  std::vector<T> result() { return backend.read_all(out); }
};

struct PlainScanTraits : scan::Traits {
  static constexpr bool kRunsOnGpu = kPlainRunsOnGpu;
  using Variants = TypeList<PlainScanVariant>;
  template <class V, class Op, class T, class Backend>
  using Run = PlainScanRun<V, Op, T, Backend>;

  static std::vector<FamilyParam> params() {
    return {{"exclusive", "1: out[i] should combine the elements before i; 0: up to and including i", 0, 0, 1},
            plain_items_param(), plain_shared_param(), plain_block_x_param()};
  }
  static void describe(const Info&, VariantSummary&) {}
  static std::string validate(const Info&, const RunRequest& r) {
    const std::uint64_t items = std::max<std::uint64_t>(1, plain_param(r, "items", 1));
    if (r.n > items * r.block)
      return "a plain scan runs one block: n = " + std::to_string(r.n) + " is more than block x items = " +
             std::to_string(items * r.block) + " (raise --block or --param items)";
    return plain_block_shape_problem(r);
  }
  static std::vector<PlannedLaunch> plan(const Info&, const RunRequest& r) {
    if (r.n == 0) return {};
    return {{plain_kernel() ? plain_kernel()->name() : kPlainVariant, r.n, 1, r.block}};
  }
  template <class Op, class T>
  static CheckResult check(const Info&, const RunRequest& r, const std::vector<T>& input, const std::vector<T>& result) {
    return scan::check_scan<Op>(input, result, scan::is_exclusive(r), scan::kOwnOrder);  // its order is its own
  }
  static std::string compare_partner(const std::string&) { return {}; }
  static FamilyShowcase showcase() { return {}; }
};

}  // namespace

const Family& plain_scan_contract() {
  static const TypedFamily<PlainScanTraits> family;
  return family;
}

}  // namespace wl::plain
