// The launches a reduction request turns into, and how deep the combine tree they build is.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/families/reduce/variant_info.h"
#include "kernels/family/run_request.h"

namespace wl::reduce {

// One kernel launch: n elements in, one value per block out (or one in total).
struct Pass {
  std::uint64_t n;
  unsigned grid;
};
std::vector<Pass> plan_passes(const ReduceVariantInfo& info, std::uint64_t n, unsigned block,
                              unsigned sm_count);

// An upper bound on how many roundings any input element goes through on its way to the
// result: the depth of the combine tree the passes build (sequential work per thread, the
// block tree, and atomics, which serialize in any order). A float sum's error is at most
// depth * u * sum|x| (Higham 4.2), far tighter than the (n - 1) of an arbitrary order.
std::uint64_t combine_depth(const ReduceVariantInfo& info, const std::vector<Pass>& passes,
                            unsigned block);

// Reduction's own checks of a request (Family::validate).
std::string validate_reduce(const ReduceVariantInfo& info, const RunRequest& request);

}  // namespace wl::reduce
