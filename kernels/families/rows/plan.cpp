#include "kernels/families/rows/plan.h"

#include "kernels/families/rows/register_resident.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {
namespace {

unsigned blocks_for(std::uint64_t threads, unsigned block) { return unsigned((threads + block - 1) / block); }

// Grids of a block a row hold at most 2^31 - 1 blocks.
constexpr std::uint64_t kMaxGrid = (std::uint64_t(1) << 31) - 1;

}  // namespace

unsigned cols_of(const RunRequest& r) { return unsigned(param_or(r, "cols", kDefaultCols)); }

std::vector<PlannedLaunch> plan_rows(const RowsVariantInfo& info, const RunRequest& r) {
  std::vector<PlannedLaunch> launches;
  const unsigned cols = cols_of(r);
  if (r.n == 0 || cols == 0) return launches;
  const std::uint64_t rows = r.n / cols;
  switch (info.layout) {
    case Layout::ThreePass: {
      const bool softmax = r.op == Softmax::name, rms = r.op == RmsNorm::name;
      launches.push_back({softmax ? "row max" : rms ? "row mean square" : "row mean", r.n, unsigned(rows), r.block});
      if (!rms) launches.push_back({softmax ? "row sum of exp" : "row variance", r.n, unsigned(rows), r.block});
      launches.push_back({softmax ? "divide by the sum" : "normalise", r.n, blocks_for(r.n, r.block), r.block});
      break;
    }
    case Layout::ThreadPerRow: launches.push_back({info.id, r.n, blocks_for(rows, r.block), r.block}); break;
    case Layout::WarpPerRow: launches.push_back({info.id, r.n, blocks_for(rows, r.block / 32), r.block}); break;
    case Layout::BlockPerRow: launches.push_back({info.id, r.n, unsigned(rows), r.block}); break;
    case Layout::SizedBlock:
      launches.push_back({info.id, r.n, unsigned(rows), RegisterResident::block_for(cols, r.block)});
      break;
  }
  return launches;
}

std::string validate_rows(const RowsVariantInfo& info, const RunRequest& r) {
  const unsigned cols = cols_of(r);
  if (cols == 0) return "cols must be at least 1";
  if (r.n % cols != 0)
    return "n = " + std::to_string(r.n) + " is not a multiple of cols = " + std::to_string(cols) +
           ": the input is n / cols rows of cols values";
  const unsigned op_bit = r.op == Softmax::name ? Softmax::bit : r.op == LayerNorm::name ? LayerNorm::bit : RmsNorm::bit;
  if (!(info.ops & op_bit)) return info.only_for;
  if (param_or(r, "mask", 0) && op_bit != Softmax::bit)
    return "mask puts -inf in every row, which only softmax takes (a norm of a row holding -inf is NaN)";
  if (info.layout == Layout::WarpPerRow && r.block < 32)
    return "warp-per-row needs a block of at least 32 threads: a warp a row";
  if (info.layout == Layout::SizedBlock && (r.block < 32 || r.block % 32 != 0))
    return std::string(info.id) + " combines each statistic a warp at a time: it needs a block of whole warps (a multiple of 32)";
  if (info.layout != Layout::ThreadPerRow && info.layout != Layout::WarpPerRow && r.n / cols > kMaxGrid)
    return std::to_string(r.n / cols) + " rows: a block a row takes at most 2^31 - 1 rows";
  if (info.layout == Layout::SizedBlock &&
      RegisterResident::shared_bytes(RegisterResident::block_for(cols, r.block), cols) > kSharedLimit) {
    const unsigned width = access_width(cols);
    const std::uint64_t most =
        in_registers(r.block, cols) + (kSharedLimit - RegisterResident::shared_bytes(r.block, 0)) / sizeof(float);
    return std::string(info.id) + " holds a row in registers (" + std::to_string(kGroups * width) +
           " values a thread" + (width == 1 ? ", as cols is not a multiple of 4" : "") +
           ") and 48 KiB of shared memory: at most " + std::to_string(most) + " columns with blocks of up to " +
           std::to_string(r.block);
  }
  return {};
}

}  // namespace wl::rows
