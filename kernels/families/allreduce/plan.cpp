#include "kernels/families/allreduce/plan.h"

#include <algorithm>

#include "kernels/families/allreduce/variant.h"

namespace wl::allreduce {

unsigned ranks_of(const RunRequest& r) { return unsigned(param_or(r, "gpus", kDefaultRanks)); }

unsigned grid_of(const AllReduceVariantInfo& info, const RunRequest& r) {
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
