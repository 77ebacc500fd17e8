// The histogram contract: `kernel(const T* in, unsigned* bins, N n, unsigned nbins)`, bins set
// to 0 before the launch (as a course's cudaMemset does), --param bins=B; grid ceil(n / (block x
// items)) (--param items=K, default 1) or --param grid=G.
#include "kernels/families/histogram/traits.h"
#include "kernels/family/typed_family.h"
#include "kernels/plain/plain_contract.h"

namespace wl::plain {
namespace {

struct PlainHistogramVariant {
  static constexpr histogram::HistogramVariantInfo info{kPlainVariant, "your plain-CUDA histogram", "your file",
                                                        histogram::Shape::Atomics};
};

template <class V, class Op, class T, class Backend>
struct PlainHistogramRun {
  Backend& backend;
  RunRequest request;
  Global<std::uint32_t> bins;

  PlainHistogramRun(Backend& b, const RunRequest& r) : backend(b), request(r) {
    bins = b.template alloc<std::uint32_t>(histogram::bins_of(r), "bins", BufferRole::Output);
  }
  void launch(Global<const T> input, bool record) {
    backend.fill(bins, 0u);
    PlainCall call;
    call.pointers[0] = const_cast<T*>(input.ptr);
    call.pointers[1] = bins.ptr;
    call.integers[0] = request.n;
    call.integers[1] = bins.size;
    call.buffers = {plain_buffer(input, "input"), plain_buffer(bins, "bins")};
    call.dynamic_shared_bytes = plain_dynamic_bytes(request, request.block * unsigned(sizeof(T)));
    call.block_x = plain_block_x(request);
    if (request.n) launch_plain(backend, call, request.n, plain_grid(request), request.block, record);
  }
  std::vector<std::uint32_t> result() { return backend.read_all(bins); }
};

struct PlainHistogramTraits : histogram::Traits {
  static constexpr bool kRunsOnGpu = kPlainRunsOnGpu;
  using Variants = TypeList<PlainHistogramVariant>;
  template <class V, class Op, class T, class Backend>
  using Run = PlainHistogramRun<V, Op, T, Backend>;

  static std::vector<FamilyParam> params() {
    std::vector<FamilyParam> own = histogram::Traits::params();
    own.insert(own.end(), {plain_items_param(), plain_grid_param(), plain_shared_param(), plain_block_x_param()});
    return own;
  }
  static std::string validate(const Info&, const RunRequest& r) { return plain_block_shape_problem(r); }
  static std::vector<PlannedLaunch> plan(const Info&, const RunRequest& r) {
    if (r.n == 0) return {};
    return {{plain_kernel() ? plain_kernel()->name() : kPlainVariant, r.n, plain_grid(r), r.block}};
  }
  static std::string compare_partner(const std::string&) { return {}; }
  static FamilyShowcase showcase() { return {}; }
};

}  // namespace

const Family& plain_histogram_contract() {
  static const TypedFamily<PlainHistogramTraits> family;
  return family;
}

}  // namespace wl::plain
