// What a user asks for when running a reduction, on either backend, and its validation.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/families/reduce/variant.h"

namespace wl {

struct ReduceRequest {
  std::string variant = "sequential";
  std::string op = "sum";
  std::string type = "f32";
  std::uint64_t n = 4096;
  unsigned block = 256;
  // Sizes persistent grids. The simulator has no multiprocessors; it uses an H100's 132 so a
  // trace of the GPU and of the simulator describe the same launch.
  unsigned sm_count = 132;

  bool record = false;                         // record every launch into a trace
  std::vector<std::uint32_t> record_blocks{0};
  std::uint64_t event_cap = std::uint64_t(1) << 22;
};

// Largest n accepted: host memory is finite. Recording also needs n * sizeof(T) <= 4 GiB, since
// a trace stores 32-bit byte offsets.
constexpr std::uint64_t kMaxElements = std::uint64_t(1) << 30;

// An empty string when the request is valid, else a message for the user. n = 0 is valid: a
// reduction of nothing is the operator's identity (0 for sum, 1 for product, +inf / INT_MAX
// for min, -inf / INT_MIN for max), and no kernel is launched.
std::string validate(const ReduceRequest& request);

// The kernel launches a request turns into; empty when n = 0.
struct Pass {
  std::uint64_t n;
  unsigned grid;
};
std::vector<Pass> plan_passes(const reduce::VariantInfo& info, std::uint64_t n, unsigned block,
                              unsigned sm_count);

// An upper bound on how many roundings any input element goes through on its way to the
// result: the depth of the combine tree the passes build (sequential work per thread, the
// block tree, and atomics, which serialize in any order). A float sum's error is at most
// depth * u * sum|x| (Higham 4.2), far tighter than the (n - 1) of an arbitrary order.
std::uint64_t combine_depth(const reduce::VariantInfo& info, const std::vector<Pass>& passes,
                            unsigned block);

}  // namespace wl
