// The rows contract: `kernel(const float* in, float* out, N rows, N cols)` computes --op
// (softmax, layer norm, RMS norm) of every row of n / cols values (--param cols=C). Grid: one
// block a row, or --param grid=G (a kernel that gives each thread or warp a row of its own).
#include "kernels/families/rows/traits.h"
#include "kernels/plain/plain_contract_traits.h"

namespace wl::plain {
namespace {

// A thread-per-row layout: its bound is the loosest (a whole row summed in any order), as the
// order a learner's kernel combines in is its own.
struct PlainRowsVariant {
  static constexpr rows::RowsVariantInfo info{kPlainVariant, "your plain-CUDA row kernel", "your file",
                                              rows::Layout::ThreadPerRow};
};

unsigned grid_of(const RunRequest& r) {
  const std::uint64_t rows = r.n / std::max(1u, rows::cols_of(r));
  return unsigned(plain_param(r, "grid", rows));
}

template <class V, class Op, class T, class Backend>
struct PlainRowsRun {
  Backend& backend;
  RunRequest request;
  Global<float> out;

  PlainRowsRun(Backend& b, const RunRequest& r) : backend(b), request(r) {
    out = b.template alloc<float>(r.n, "output", BufferRole::Output);
  }
  void launch(Global<const float> input, bool record) {
    const unsigned cols = rows::cols_of(request);
    PlainCall call = plain_call(request, input, "input", out, "output", request.n / cols, cols);
    if (request.n) launch_plain(backend, call, request.n, grid_of(request), request.block, record);
  }
  std::vector<float> result() { return backend.read_all(out); }
};

struct PlainRowsTraits : PlainContractTraits<rows::Traits, PlainRowsVariant> {
  template <class V, class Op, class T, class Backend>
  using Run = PlainRowsRun<V, Op, T, Backend>;

  // A block a row: no items, and grid's default is the rows.
  static std::vector<FamilyParam> params() {
    std::vector<FamilyParam> own = rows::Traits::params();
    own.insert(own.end(), {{"grid", "blocks (0: one a row)", 0, 0, 1u << 31}, plain_shared_param(), plain_block_x_param()});
    return own;
  }
  static std::string validate(const Info&, const RunRequest& r) {
    const unsigned cols = rows::cols_of(r);
    if (r.n % cols != 0) return "n = " + std::to_string(r.n) + " is not a whole number of rows of " + std::to_string(cols);
    return plain_block_shape_problem(r);
  }
  static std::vector<PlannedLaunch> plan(const Info&, const RunRequest& r) {
    if (r.n == 0) return {};
    return {plain_planned_launch(r.n, grid_of(r), r.block)};
  }
  template <class Op>
  static CheckResult check(const Info& info, const RunRequest& r, const std::vector<float>& input,
                           const std::vector<float>& result) {
    return rows::check_rows(info, input.data(), input.size(), rows::cols_of(r), r.block, Op::bit, result);
  }
};

}  // namespace
}  // namespace wl::plain

namespace wl::rows {
const PlainContract& plain_contract() {
  using K = PlainParam::Kind;
  return plain_contract_of<plain::PlainRowsTraits>(
      {{K::Values, "in", 0}, {K::Values, "out", 1}, {K::Integer, "rows", 0}, {K::Integer, "cols", 1}},
      "(const float* in, float* out, N rows, N cols)");
}
}  // namespace wl::rows
