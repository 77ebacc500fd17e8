// n = 2^31 + 17 on the GPU, every reduction (tests/gpu/huge_input.h says why): the sum wraps
// around the same way in any order, and the maximum sits in the last element.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "kernels/families/reduce/traits.h"
#include "tests/gpu/huge_input.h"

namespace wl::reduce {
namespace {

using test::huge_input;
using test::kHugeN;

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

bool enough_gpu_memory() { return test::gpu_fits_huge_input(1.5); }  // the input and a margin for partials

TEST(GpuHugeN, EveryVariantSumsTwoToThe31Plus17IntegersExactly) {
  if (!enough_gpu_memory()) GTEST_SKIP() << "needs 13 GB of free GPU memory";
  const std::int32_t expected = wrapped_sum(huge_input());
  for (const auto& info : variant_infos<Traits>()) {
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
