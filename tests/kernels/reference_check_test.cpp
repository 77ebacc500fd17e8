// The reference checker (kernels/families/reduce/reference.h) and the combine depth it is given
// (kernels/families/reduce/plan.h), on values small enough to work out by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "kernels/families/reduce/plan.h"
#include "kernels/families/reduce/reference.h"
#include "kernels/families/reduce/traits.h"

namespace wl::reduce {
namespace {

constexpr double kU = 0x1p-24;  // unit roundoff of f32

std::uint64_t depth_of(const char* variant, std::uint64_t n, unsigned block) {
  const reduce::ReduceVariantInfo& info = *find_variant_info<reduce::Traits>(variant);
  return combine_depth(info, plan_passes(info, n, block, 132), block);
}

TEST(CombineDepth, SequentialTwoPasses) {
  // sequential, n = 4096, block 256: one element per thread, partials summed by a second pass.
  // Pass 1: 4096 / 256 = 16 blocks, 4096 threads: each thread's sequential part is
  // ceil(4096 / 4096) = 1 element, then the block tree has log2(256) = 8 levels plus the write
  // of the block's partial: 1 + 9 = 10.
  // Pass 2: the 16 partials in one block of 256 threads: again 1 + 9 = 10. Total 20.
  const reduce::ReduceVariantInfo& info = *find_variant_info<reduce::Traits>("sequential");
  const std::vector<Pass> passes = plan_passes(info, 4096, 256, 132);
  ASSERT_EQ(passes.size(), 2u);
  EXPECT_EQ(passes[0].grid, 16u);
  EXPECT_EQ(passes[1].n, 16u);
  EXPECT_EQ(passes[1].grid, 1u);
  EXPECT_EQ(combine_depth(info, passes, 256), 20u);
}

TEST(CombineDepth, AtomicFinishAddsOneRoundingPerBlock) {
  // cooperative-groups, n = 4096, block 256: grid-stride over ceil(4096 / 512) = 8 blocks, so
  // 2048 threads each fold 2 elements (2), the tree 8 levels + write (9), then the 8 block
  // totals are added atomically into one value, in any order (8). Total 19.
  EXPECT_EQ(depth_of("cooperative-groups", 4096, 256), 19u);
}

TEST(CombineDepth, OneAtomicPerElementIsNoTighterThanAnyOrder) {
  // atomic-global: every element is its own atomic: 1 + 9 + 4096, over the n - 1 of any
  // order, so the checker falls back to n - 1.
  EXPECT_EQ(depth_of("atomic-global", 4096, 256), 4106u);
}

// Eight ones summed by a pairwise tree of depth 3. Worked out by hand: the bound is
// depth u sum|x| + u |reference| = (3 * 8 + 8) u = 32 u = 2^-19, which is two ulps of 8
// (an ulp of 8 in f32 is 2^-20).
const std::vector<float> kEightOnes(8, 1.0f);

TEST(ReferenceCheck, F32SumBoundIsDepthTimesMagnitude) {
  const CheckResult c = check_reduction<SumOp>(kEightOnes, 8.0f, 3);
  EXPECT_TRUE(c.ok);
  EXPECT_EQ(c.error, 0.0);
  EXPECT_EQ(c.bound, 32 * kU);
  // Unknown depth (0), or one no tighter than n - 1, means any order: (7 * 8 + 8) u.
  EXPECT_EQ(check_reduction<SumOp>(kEightOnes, 8.0f, 0).bound, 64 * kU);
  EXPECT_EQ(check_reduction<SumOp>(kEightOnes, 8.0f, 100).bound, 64 * kU);
}

TEST(ReferenceCheck, F32SumAtTheBoundIsAcceptedOneUlpPastIsRejected) {
  const float inf = std::numeric_limits<float>::infinity();
  const float at_bound = std::nextafter(std::nextafter(8.0f, inf), inf);  // 8 + 2^-19
  const CheckResult at = check_reduction<SumOp>(kEightOnes, at_bound, 3);
  EXPECT_EQ(at.error, at.bound);
  EXPECT_TRUE(at.ok);
  const CheckResult past = check_reduction<SumOp>(kEightOnes, std::nextafter(at_bound, inf), 3);
  EXPECT_GT(past.error, past.bound);
  EXPECT_FALSE(past.ok);

  // Below 8 the ulp halves: the bound is four ulps down.
  float below = 8.0f;
  for (int i = 0; i < 4; ++i) below = std::nextafter(below, 0.0f);
  EXPECT_TRUE((check_reduction<SumOp>(kEightOnes, below, 3).ok));
  EXPECT_FALSE((check_reduction<SumOp>(kEightOnes, std::nextafter(below, 0.0f), 3).ok));
}

TEST(ReferenceCheck, IntegersMustMatchExactly) {
  const std::vector<std::int32_t> in{5, -3, 7, 2};
  EXPECT_TRUE((check_reduction<SumOp>(in, 11).ok));
  const CheckResult off = check_reduction<SumOp>(in, 12);
  EXPECT_FALSE(off.ok);
  EXPECT_EQ(off.error, 1.0);
  EXPECT_EQ(off.bound, 0.0);
  EXPECT_FALSE((check_reduction<SumOp>(in, 10, 1000).ok));  // a depth loosens nothing
  EXPECT_FALSE((check_reduction<ProductOp>(in, -209).ok));  // -210 is right
  EXPECT_FALSE((check_reduction<MinOp>(in, -2).ok));
  EXPECT_FALSE((check_reduction<MaxOp>(in, 8).ok));
}

TEST(ReferenceCheck, FloatMinAndMaxMustMatchExactly) {
  const std::vector<float> in{3.5f, -1.25f, 2.0f};
  EXPECT_TRUE((check_reduction<MinOp>(in, -1.25f).ok));
  EXPECT_FALSE((check_reduction<MinOp>(in, std::nextafter(-1.25f, 0.0f)).ok));
  EXPECT_FALSE((check_reduction<MaxOp>(in, std::nextafter(3.5f, 4.0f), 100).ok));
  // Signed zeros are ordered: min(-0, +0) is -0, and +0 is one off.
  const std::vector<float> zeros{0.0f, -0.0f};
  EXPECT_TRUE((check_reduction<MinOp>(zeros, -0.0f).ok));
  EXPECT_FALSE((check_reduction<MinOp>(zeros, 0.0f).ok));
}

TEST(ReferenceCheck, NaNExpectedAcceptsOnlyNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> in{1.0f, nan, 2.0f};
  EXPECT_TRUE((check_reduction<SumOp>(in, nan, 2).ok));
  EXPECT_TRUE((check_reduction<ProductOp>(in, -nan).ok));  // any NaN
  EXPECT_TRUE((check_reduction<MinOp>(in, nan).ok));
  EXPECT_TRUE((check_reduction<MaxOp>(in, nan).ok));
  EXPECT_FALSE((check_reduction<SumOp>(in, 3.0f, 2).ok));
  EXPECT_FALSE((check_reduction<MinOp>(in, 1.0f).ok));
  EXPECT_FALSE((check_reduction<SumOp>(std::vector<float>{1.0f, 2.0f}, nan).ok));
}

TEST(ReferenceCheck, F32ProductBoundIgnoresTheDepth) {
  // 2 * 2 * 2 * 2 = 16, n - 1 = 3 multiplications in any tree: 1.01 * 3 u |16| plus half an
  // ulp for rounding the reference, u |16|: 4.03 * 16 u = 64.48 u. An ulp of 16 is 2^-19 = 32 u,
  // so two ulps (64 u) pass and three (96 u) do not.
  const std::vector<float> in(4, 2.0f);
  const CheckResult c = check_reduction<ProductOp>(in, 16.0f);
  EXPECT_TRUE(c.ok);
  EXPECT_NEAR(c.bound, 4.03 * 16 * kU, 1e-12 * c.bound);
  EXPECT_EQ(check_reduction<ProductOp>(in, 16.0f, 1).bound, c.bound);

  const float inf = std::numeric_limits<float>::infinity();
  const float two_up = std::nextafter(std::nextafter(16.0f, inf), inf);
  EXPECT_TRUE((check_reduction<ProductOp>(in, two_up).ok));
  EXPECT_FALSE((check_reduction<ProductOp>(in, std::nextafter(two_up, inf)).ok));
}

}  // namespace
}  // namespace wl::reduce
