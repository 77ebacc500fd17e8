// Every scan variant, operator and type, inclusive and exclusive, at sizes around warp, block
// and tile boundaries (n = 0 included), equals the CPU reference bit for bit on inputs whose
// prefixes do not depend on the order of combination (integers, min/max, and small integers
// in f32 for sums).
#include <gtest/gtest.h>

#include <algorithm>

#include <string>
#include <tuple>

#include "kernels/families/scan/traits.h"
#include "kernels/families/scan/plan.h"
#include "kernels/families/scan/reference.h"
#include "tests/kernels/reduce_inputs.h"
#include "tests/kernels/scan_requests.h"

namespace wl::scan {
namespace {

// 1000 * 32 and 65539: more tiles than a tile holds, so the tile totals are scanned again.
const std::uint64_t kSizes[] = {0, 1, 2, 31, 32, 33, 255, 256, 257, 1000, 4096, 32000, 65539};

using Case = std::tuple<std::string, std::string, std::string>;  // variant, op, type

class ScanCorrectness : public testing::TestWithParam<Case> {};

template <class Op, class T>
void check_all_sizes(const std::string& variant, const std::string& op, const std::string& type) {
  const ScanVariantInfo& info = *find_variant_info<Traits>(variant);
  // Items 0 lets the plan size the tile by n; a variant that runs several sizes is checked in
  // each of them too.
  std::vector<unsigned> items_asked{0};
  if (tile_sizes(info).size() > 1) for (unsigned items : tile_sizes(info)) items_asked.push_back(items);
  for (std::uint64_t n : kSizes)
    for (unsigned block : {32u, 256u})
      for (bool exclusive : {false, true})
        for (unsigned items : items_asked) {
          if (info.max_n && n > info.max_n) continue;  // refused: ScanRequests below
          RunRequest r = test::scan_request(variant, op, type, n, block, exclusive);
          r.params["items"] = items;
          const std::vector<T> input = test::exact_input<T>(op, n, n * 31 + block);
          const RunResult out = run_sim(r, input.data());
          const std::string what = variant + " " + op + " " + type + (exclusive ? " exclusive" : " inclusive") +
                                   " n=" + std::to_string(n) + " block=" + std::to_string(block) +
                                   " items=" + std::to_string(items);
          EXPECT_TRUE(out.check.ok) << what << ": " << out.check.expected;
          const std::vector<T> expected = reference_scan<Op>(input, exclusive);
          ASSERT_EQ(out.result.count(), n) << what;
          for (std::uint64_t i = 0; i < n; ++i)
            if (out.result.bits(i) != to_bits(expected[i])) {
              ADD_FAILURE() << what << ": out[" << i << "] = " << from_bits<T>(out.result.bits(i)) << ", expected "
                            << expected[i];
              break;
            }
        }
}

TEST_P(ScanCorrectness, EqualsCpuReferenceExactly) {
  const auto& [variant, op, type] = GetParam();
  visit_op_in(Traits::Ops{}, op, [&](auto o) {
    visit_type_in(Traits::Types{}, type, [&](auto t) {
      check_all_sizes<typename decltype(o)::type, typename decltype(t)::type>(variant, op, type);
    });
  });
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const ScanVariantInfo& v : variant_infos<Traits>())
    if (!v.pitfall)  // wrong on purpose: scan_trace_invariants_test shows how
    for (const char* op : {"sum", "max", "min"})
      for (const char* type : {"i32", "f32"}) out.emplace_back(v.id, op, type);
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, ScanCorrectness, testing::ValuesIn(cases()), [](const auto& info) {
  std::string name = std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" + std::get<2>(info.param);
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
});

// The float policy of core/ops.h through every scan variant, as the GPU test checks it there:
// -0 below +0, and a NaN with a sign and a payload turns every output from its place on into
// the canonical NaN, bit for bit as the CPU reference.
class ScanFloatPolicy : public testing::TestWithParam<std::string> {};

TEST_P(ScanFloatPolicy, MaxAndMinFollowTheNanAndSignedZeroPolicy) {
  const ScanVariantInfo& info = *find_variant_info<Traits>(GetParam());
  const std::uint64_t n = info.max_n ? std::min<std::uint64_t>(info.max_n, 600) : 3001;
  const std::vector<float> input = test::float_policy_input(n);
  for (const char* op : {"max", "min"})
    for (bool exclusive : {false, true})
      visit_op_in(Traits::Ops{}, op, [&](auto o) {
        const RunResult out = run_sim(test::scan_request(GetParam(), op, "f32", n, 256, exclusive), input.data());
        const std::vector<float> expected = reference_scan<typename decltype(o)::type>(input, exclusive);
        ASSERT_EQ(out.result.count(), n);
        EXPECT_EQ(test::wrong_bits(out.result, expected), 0u) << op << (exclusive ? " exclusive" : " inclusive");
        EXPECT_EQ(out.result.bits(n - 1), 0x7fffffffu) << op;
        if (std::string(op) == "max") {
          EXPECT_EQ(out.result.bits(n * 2 / 3 - 2), 0x00000000u);  // +0, not -0
        }
      });
}

std::vector<std::string> real_variants() {
  std::vector<std::string> ids;
  for (const ScanVariantInfo& v : variant_infos<Traits>())
    if (!v.pitfall) ids.push_back(v.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, ScanFloatPolicy, testing::ValuesIn(real_variants()), [](const auto& info) {
  std::string name = info.param;
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
});

TEST(ScanReference, InclusiveAndExclusiveByHand) {
  const std::vector<std::int32_t> x{3, -1, 4, 1, -5};
  EXPECT_EQ(reference_scan<SumOp>(x, false), (std::vector<std::int32_t>{3, 2, 6, 7, 2}));
  EXPECT_EQ(reference_scan<SumOp>(x, true), (std::vector<std::int32_t>{0, 3, 2, 6, 7}));
  EXPECT_EQ(reference_scan<MaxOp>(x, false), (std::vector<std::int32_t>{3, 3, 4, 4, 4}));
  EXPECT_EQ(reference_scan<MinOp>(x, true),
            (std::vector<std::int32_t>{std::numeric_limits<std::int32_t>::max(), 3, -1, -1, -1}));
}

TEST(ScanReference, AWrongElementIsNamed) {
  const std::vector<std::int32_t> x{1, 2, 3};
  const CheckResult c = check_scan<SumOp>(x, std::vector<std::int32_t>{1, 3, 7}, false, 1);
  EXPECT_FALSE(c.ok);
  EXPECT_EQ(c.expected, "out[2] = 6, got 7");
}

TEST(ScanValidation, WarpVariantsNeedAWholeWarp) {
  RunRequest r;
  r.family = "scan";
  r.variant = "warp-shuffle-scan";
  r.block = 16;
  EXPECT_NE(validate(r).find("at least 32 threads"), std::string::npos) << validate(r);
  r.variant = "hillis-steele";
  EXPECT_EQ(validate(r), "");
  r.type = "f64";
  EXPECT_NE(validate(r).find("unknown type 'f64'"), std::string::npos);
}

// Blocks of 1024 are refused: a thread holds 64 elements in registers, and such a block leaves
// it 64 registers in all.
TEST(ScanValidation, DecoupledLookbackTakesBlocksUpTo512) {
  RunRequest r;
  r.family = "scan";
  r.variant = "decoupled-lookback";
  r.block = 512;
  EXPECT_EQ(validate(r), "");
  r.block = 1024;
  EXPECT_EQ(validate(r),
            "decoupled-lookback takes blocks of up to 512 threads: its 128 items a thread need more registers than a "
            "block of 1024 leaves each thread");
}

// The largest tile that still gives every fourth multiprocessor (33 of 132) a tile: at block
// 256, tiles of 32768 (128 items a thread) from n = 33 * 32768 = 1081344, of 8192 (32) from
// 33 * 8192 = 270336, of 2048 (8) below. The request's "items" overrides it.
TEST(ScanPlan, DecoupledLookbackSizesItsTileByN) {
  const ScanVariantInfo& info = *find_variant_info<Traits>("decoupled-lookback");
  RunRequest r = test::scan_request("decoupled-lookback", "sum", "f32", 1, 256);
  auto plan_at = [&](std::uint64_t n) {
    r.n = n;
    const std::vector<Level> levels = plan_levels(info, r);
    EXPECT_EQ(levels.size(), 1u) << "a single pass, n = " << n;
    return levels.front();
  };
  EXPECT_EQ(plan_at(1).items_per_thread, 8u);
  EXPECT_EQ(plan_at(270335).items_per_thread, 8u);
  EXPECT_EQ(plan_at(270336).items_per_thread, 32u);
  EXPECT_EQ(plan_at(270336).grid, 33u);
  EXPECT_EQ(plan_at(1081343).items_per_thread, 32u);
  EXPECT_EQ(plan_at(1081344).items_per_thread, 128u);
  EXPECT_EQ(plan_at(1081344).grid, 33u);
  EXPECT_EQ(plan_at(std::uint64_t(1) << 28).grid, 8192u);
  r.sm_count = 16;  // 4 tiles are enough
  EXPECT_EQ(plan_at(4 * 32768 - 1).items_per_thread, 32u);
  EXPECT_EQ(plan_at(4 * 32768).items_per_thread, 128u);
  r.params["items"] = 8;
  EXPECT_EQ(plan_at(std::uint64_t(1) << 20).grid, 512u);
  EXPECT_EQ(plan_at(std::uint64_t(1) << 20).items_per_thread, 8u);
}

// "items" names one of the variant's tile sizes, or 0.
TEST(ScanValidation, ItemsNameATileSizeTheVariantRuns) {
  RunRequest r = test::scan_request("decoupled-lookback", "sum", "f32", 1000, 256);
  for (std::uint64_t items : {0, 8, 32, 128}) {
    r.params["items"] = items;
    EXPECT_EQ(validate(r), "") << items;
  }
  r.params["items"] = 16;
  EXPECT_EQ(validate(r), "decoupled-lookback runs tiles of 8, 32 or 128 items a thread, not 16 (items 0 sizes the tile by n)");
  r.params["items"] = 129;
  EXPECT_NE(validate(r), "");
  // A variant of one size ignores it: compare mode carries the left side's parameters over.
  r.variant = "scan-then-propagate";
  r.params["items"] = 8;
  EXPECT_EQ(validate(r), "");
  EXPECT_EQ(plan_levels(*find_variant_info<Traits>(r.variant), r).front().items_per_thread, 4u);
}

// Quadratic work is for small n: 4096 (one step per element) runs, 4097 is refused with the reason.
TEST(ScanValidation, NaiveQuadraticTakesNUpTo4096) {
  RunRequest r;
  r.family = "scan";
  r.variant = "naive-quadratic";
  r.n = 4096;
  EXPECT_EQ(validate(r), "");
  r.n = 4097;
  EXPECT_EQ(validate(r), "naive-quadratic does n(n+1)/2 combines: it takes n up to 4096");
}

}  // namespace
}  // namespace wl::scan
