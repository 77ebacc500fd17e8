// The histogram contract: `kernel(const T* in, unsigned* bins, N n, unsigned nbins)`, bins set
// to 0 before the launch (as a course's cudaMemset does), --param bins=B; grid ceil(n / (block x
// items)) (--param items=K, default 1) or --param grid=G.
#include "kernels/families/histogram/traits.h"
#include "kernels/plain/plain_contract_traits.h"

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
    PlainCall call = plain_call(request, input, "input", bins, "bins", request.n, bins.size);
    if (request.n) launch_plain(backend, call, request.n, plain_grid(request), request.block, record);
  }
  std::vector<std::uint32_t> result() { return backend.read_all(bins); }
};

struct PlainHistogramTraits : PlainContractTraits<histogram::Traits, PlainHistogramVariant> {
  template <class V, class Op, class T, class Backend>
  using Run = PlainHistogramRun<V, Op, T, Backend>;
};

}  // namespace
}  // namespace wl::plain

namespace wl::histogram {
const PlainContract& plain_contract() {
  using K = PlainParam::Kind;
  return plain_contract_of<plain::PlainHistogramTraits>(
      {{K::Values, "in", 0}, {K::Fixed, "bins", 1, "unsigned"}, {K::Integer, "n", 0}, {K::Integer, "nbins", 1}},
      "(const T* in, unsigned* bins, N n, unsigned nbins)");
}
}  // namespace wl::histogram
