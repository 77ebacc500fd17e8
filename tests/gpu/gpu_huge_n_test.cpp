// n = 2^31 + 17 on the GPU: past the largest signed 32-bit index, so an index that is computed
// in 32 bits anywhere (a thread's element, a grid stride, a vector's offset) reads the wrong
// element or faults. Integers make the check exact: the sum wraps around the same way in any
// order, and the maximum sits in the last element, which only a 64-bit index reaches.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/gpu/device_info.h"
#include "kernels/families/reduce/registry.h"
#include "kernels/families/reduce/run_gpu.h"

namespace wl::reduce {
namespace {

constexpr std::uint64_t kHugeN = (std::uint64_t(1) << 31) + 17;

// Values in -1000 .. 1000 that change with the index, and the largest value last.
const std::vector<std::int32_t>& huge_input() {
  static const std::vector<std::int32_t> input = [] {
    std::vector<std::int32_t> v(kHugeN);
    for (std::uint64_t i = 0; i < kHugeN; ++i) v[i] = std::int32_t(i * 7919 % 2001) - 1000;
    v[kHugeN - 1] = 1 << 30;
    return v;
  }();
  return input;
}

std::int32_t wrapped_sum(const std::vector<std::int32_t>& v) {
  std::uint32_t s = 0;
  for (std::int32_t x : v) s += std::uint32_t(x);
  return std::int32_t(s);
}

std::int32_t run_i32(const std::string& variant, const char* op) {
  RunRequest r;
  r.variant = variant;
  r.op = op;
  r.type = "i32";
  r.n = kHugeN;
  r.block = 256;
  const RunResult out = run_gpu(r, huge_input().data());
  EXPECT_TRUE(out.check.ok) << variant << " " << op << ": " << out.result_text << " against the reference "
                            << out.check.expected;
  return std::int32_t(out.result.bits(0));
}

bool enough_gpu_memory() {  // the input and a margin for partials
  return gpu_memory().free_bytes > 3 * kHugeN * sizeof(std::int32_t) / 2;
}

TEST(GpuHugeN, EveryVariantSumsTwoToThe31Plus17IntegersExactly) {
  if (!enough_gpu_memory()) GTEST_SKIP() << "needs 13 GB of free GPU memory";
  const std::int32_t expected = wrapped_sum(huge_input());
  for (const auto& info : variant_infos()) {
    if (info.pitfall) continue;
    EXPECT_EQ(run_i32(info.id, "sum"), expected) << info.id;
  }
}

TEST(GpuHugeN, TheMaximumInTheLastElementIsFound) {
  if (!enough_gpu_memory()) GTEST_SKIP() << "needs 13 GB of free GPU memory";
  for (const char* variant : {"sequential", "multi-element", "single-pass", "speed-of-light"})
    EXPECT_EQ(run_i32(variant, "max"), 1 << 30) << variant;
}

}  // namespace
}  // namespace wl::reduce
