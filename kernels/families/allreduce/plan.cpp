#include "kernels/families/allreduce/plan.h"

#include <algorithm>

#include "kernels/families/allreduce/variant.h"

namespace wl::allreduce {

unsigned ranks_of(const RunRequest& r) { return unsigned(param_or(r, "gpus", kDefaultRanks)); }

namespace {
// Tuning of the pipelined variant, apart from its algorithm (pipelined.h).
constexpr std::uint64_t kChannelElements = std::uint64_t(1) << 15;  // untuned: not yet timed on GPUs (gpu-results.md)
constexpr std::uint64_t kPieceElements = std::uint64_t(1) << 15;    // untuned: 128 KiB of f32 a piece
constexpr std::uint64_t kShownPieces = 4;  // a small run still shows pieces in flight

std::uint64_t chunk_elements(const RunRequest& r) { return (r.n + ranks_of(r) - 1) / ranks_of(r); }
}  // namespace

unsigned channels_of(const RunRequest& r) {
  const std::uint64_t limit = std::min<std::uint64_t>(kMaxChannels, std::max(1u, r.sm_count));
  if (const std::uint64_t asked = param_or(r, "channels", 0)) return unsigned(std::min(asked, limit));
  return unsigned(std::clamp<std::uint64_t>((chunk_elements(r) + kChannelElements - 1) / kChannelElements, 1, limit));
}

unsigned pieces_of(const RunRequest& r) {
  const std::uint64_t part = (chunk_elements(r) + channels_of(r) - 1) / channels_of(r);
  const std::uint64_t pieces = std::max((part + kPieceElements - 1) / kPieceElements, std::min(part, kShownPieces));
  return unsigned(std::max<std::uint64_t>(pieces, 1));
}

unsigned grid_of(const AllReduceVariantInfo& info, const RunRequest& r) {
  if (info.channels) return channels_of(r);
  const std::uint64_t chunk = info.grid_over_n ? r.n : (r.n + ranks_of(r) - 1) / ranks_of(r);
  const std::uint64_t blocks = (chunk + r.block - 1) / r.block;
  return unsigned(std::clamp<std::uint64_t>(blocks, 1, std::max(1u, r.sm_count)));
}

std::string validate_allreduce(const AllReduceVariantInfo& info, const RunRequest& r) {
  const unsigned k = ranks_of(r);
  if (k < 2 || k > kMaxRanks) return "gpus = " + std::to_string(k) + " is outside 2 .. " + std::to_string(kMaxRanks);  // validate() says why first
  if (info.powers_of_two && (k & (k - 1)) != 0)
    return std::string(info.id) + " pairs ranks at distances 1, 2, 4, ...: it needs 2, 4 or 8 GPUs, not " + std::to_string(k);
  return {};
}

}  // namespace wl::allreduce
