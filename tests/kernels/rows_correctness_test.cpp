// Every rows variant, for every operator it takes, at cols {1, 3, 32, 1000, 2052, 4097}, on every
// row content that stresses the numerics, agrees with the f64 reference within the check's
// bound; the pitfalls fail exactly where their lesson says, and say why; requests a variant
// cannot run are refused with a sentence.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <tuple>

#include "kernels/families/rows/traits.h"
#include "tests/kernels/rows_requests.h"

namespace wl::rows {
namespace {

using test::rows_input;
using test::rows_request;

// The five, and 2052: register-resident's 16-byte loads past its registers (2048 at 64).
const unsigned kCols[] = {1, 3, 32, 1000, 2052, 4097};
constexpr std::uint64_t kRows = 3;  // with blocks of 64: warp-per-row's second block has an idle warp

// The row contents of input.h that matter to the numerics.
struct Content {
  const char* name;
  Pattern pattern;
  std::map<std::string, std::uint64_t> params;
  bool softmax_only = false;
};
const Content kContents[] = {
    {"random", Pattern::Random, {}},
    {"all-equal", Pattern::AllEqual, {}},
    {"one large value", Pattern::Skewed, {}},                      // 100
    {"near the f32 limits", Pattern::Skewed, {{"peak", kMaxPeak}}},  // 10^19, squared 10^38
    {"-inf entries", Pattern::Random, {{"mask", 1}}, true},
    {"large mean", Pattern::Random, {{"offset", 10000}}},
};

struct Outcome {
  RunResult out;
  std::vector<float> input;
  std::string what;
};

Outcome run(const std::string& variant, const std::string& op, unsigned cols, const Content& c) {
  RunRequest r = rows_request(variant, op, cols, kRows, 64);
  for (const auto& [name, value] : c.params) r.params[name] = value;
  Outcome result;
  result.input = rows_input(r, c.pattern, cols);
  result.what = variant + " " + op + " cols=" + std::to_string(cols) + " " + c.name;
  result.out = run_sim(r, result.input.data());
  return result;
}

using Case = std::tuple<std::string, std::string>;  // variant, operator

class RowsCorrectness : public testing::TestWithParam<Case> {};

TEST_P(RowsCorrectness, AgreesWithTheF64ReferenceOnEveryRowContent) {
  const auto& [variant, op] = GetParam();
  for (unsigned cols : kCols)
    for (const Content& c : kContents) {
      if (c.softmax_only && op != Softmax::name) continue;
      const Outcome r = run(variant, op, cols, c);
      EXPECT_TRUE(r.out.check.ok) << r.what << ": " << r.out.check.expected << " error " << r.out.check.error
                                  << " bound " << r.out.check.bound;
      EXPECT_EQ(r.out.result.count(), kRows * cols) << r.what;
    }
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const RowsVariantInfo& v : variant_infos<Traits>())
    if (!v.pitfall)
      for (const char* op : {Softmax::name, LayerNorm::name, RmsNorm::name}) {
        const unsigned bit = op == std::string(Softmax::name) ? kSoftmaxBit : op == std::string(LayerNorm::name) ? kLayerNormBit : kRmsNormBit;
        if (v.ops & bit) out.emplace_back(v.id, op);
      }
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, RowsCorrectness, testing::ValuesIn(cases()), [](const auto& info) {
  std::string name = std::get<0>(info.param) + "_" + std::get<1>(info.param);
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
});

// exp(x) overflows f32 where the row's sum of exp(x) passes 3.4e38 (from x = 88.7): exactly
// there softmax-no-max fails, and says so.
TEST(RowsPitfalls, SoftmaxWithoutTheMaxFailsExactlyWhereExpOverflows) {
  for (unsigned cols : kCols)
    for (const Content& c : kContents) {
      const Outcome r = run("softmax-no-max", "softmax", cols, c);
      bool overflows = false;
      for (std::uint64_t row = 0; row < kRows; ++row) {
        double sum = 0;
        for (unsigned j = 0; j < cols; ++j) sum += std::exp(double(r.input[row * cols + j]));
        overflows |= sum > std::numeric_limits<float>::max();
      }
      EXPECT_EQ(r.out.check.ok, !overflows) << r.what << ": " << r.out.check.expected;
      if (overflows) {
        EXPECT_NE(r.out.check.diagnosis.find("overflows"), std::string::npos) << r.what << ": " << r.out.check.diagnosis;
        EXPECT_NE(r.out.check.diagnosis.find("subtract the row max first"), std::string::npos) << r.out.check.diagnosis;
      }
    }
}

TEST(RowsPitfalls, NoMaxNamesTheRowAndTheValue) {
  const Outcome r = run("softmax-no-max", "softmax", 32, kContents[2]);
  ASSERT_FALSE(r.out.check.ok);
  EXPECT_EQ(r.out.check.diagnosis.rfind("row 0: x = 100 overflows exp in f32", 0), 0u) << r.out.check.diagnosis;
  EXPECT_NE(r.out.check.diagnosis.find("inf/inf = NaN"), std::string::npos) << r.out.check.diagnosis;
}

// E[x^2] - E[x]^2 cancels on the large mean (10000, values 4 either side) from 3 columns on;
// with one column the variance is 0 exactly either way. Elsewhere it is as good as two-pass.
TEST(RowsPitfalls, NaiveVarianceFailsExactlyOnALargeMean) {
  for (unsigned cols : kCols)
    for (const Content& c : kContents) {
      if (c.softmax_only) continue;
      const Outcome r = run("variance-naive", "layernorm", cols, c);
      const bool large_mean = c.params.count("offset") && cols > 1;
      EXPECT_EQ(r.out.check.ok, !large_mean) << r.what << ": " << r.out.check.expected;
      if (large_mean) {
        EXPECT_NE(r.out.check.diagnosis.find("cancellation"), std::string::npos) << r.what << ": " << r.out.check.diagnosis;
      }
    }
}

// Row 0 of this input (seed 1) comes out with a negative variance: its square root is NaN.
TEST(RowsPitfalls, NaiveVarianceCanGoNegative) {
  RunRequest r = rows_request("variance-naive", "layernorm", 128, 4, 32);
  r.params["offset"] = 10000;
  const std::vector<float> x = rows_input(r, Pattern::Random);
  const RunResult out = run_sim(r, x.data());
  ASSERT_FALSE(out.check.ok);
  EXPECT_TRUE(std::isnan(test::values_of(out)[0]));
  EXPECT_NE(out.check.diagnosis.find("row 0: mean 10000"), std::string::npos) << out.check.diagnosis;
  EXPECT_NE(out.check.diagnosis.find("a negative variance, and its square root is NaN"), std::string::npos)
      << out.check.diagnosis;
}

TEST(RowsRequests, NoRowsIsAnEmptyOutputWithoutALaunch) {
  const RunResult out = run_sim(rows_request("block-per-row", "softmax", 32, 0, 64), nullptr);
  EXPECT_TRUE(out.check.ok);
  EXPECT_EQ(out.result.count(), 0u);
  EXPECT_TRUE(out.launches.empty());
}

TEST(RowsRequests, BadRequestsAreRefusedWithAReason) {
  RunRequest r = rows_request("block-per-row", "softmax", 3, 10, 64);
  EXPECT_EQ(validate(r), "");
  r.n = 31;
  EXPECT_EQ(validate(r), "n = 31 is not a multiple of cols = 3: the input is n / cols rows of cols values");
  r = rows_request("block-per-row", "softmax", 3, 10, 64);
  r.params["cols"] = 0;
  EXPECT_NE(validate(r).find("cols = 0 is outside 1 .. 16777216"), std::string::npos) << validate(r);
  r = rows_request("block-per-row", "layernorm", 3, 10, 64);
  r.params["mask"] = 1;
  EXPECT_NE(validate(r).find("only softmax takes"), std::string::npos) << validate(r);
  r = rows_request("warp-per-row", "softmax", 3, 10, 16);
  EXPECT_NE(validate(r).find("at least 32 threads"), std::string::npos) << validate(r);
  // 32 x 256 in registers, (48 KiB - two 32-value totals) / 4 = 12224 in shared memory; a row
  // read a value at a time holds 8 a thread.
  r = rows_request("register-resident", "softmax", 20420, 1, 256);
  EXPECT_EQ(validate(r), "register-resident holds a row in registers (32 values a thread) and 48 KiB of shared memory: "
                         "at most 20416 columns with blocks of up to 256");
  r = rows_request("register-resident", "softmax", 20416, 1, 256);
  EXPECT_EQ(validate(r), "");
  r = rows_request("register-resident", "softmax", 14273, 1, 256);
  EXPECT_EQ(validate(r), "register-resident holds a row in registers (8 values a thread, as cols is not a multiple of 4) "
                         "and 48 KiB of shared memory: at most 14272 columns with blocks of up to 256");
  r = rows_request("register-resident", "softmax", 64, 1, 16);
  EXPECT_EQ(validate(r), "register-resident combines each statistic a warp at a time: it needs a block of whole warps (a multiple of 32)");
  r = rows_request("block-per-row", "sum", 3, 10, 64);
  EXPECT_EQ(validate(r), "unknown operator 'sum' (softmax, layernorm, rmsnorm)");
}

// A variant refuses each operator it does not take with its own sentence.
TEST(RowsRequests, VariantsRefuseTheOperatorsTheyDoNotTake) {
  unsigned refusals = 0;
  for (const RowsVariantInfo& v : variant_infos<Traits>())
    for (const auto& [op, bit] : {std::pair{Softmax::name, kSoftmaxBit}, std::pair{LayerNorm::name, kLayerNormBit},
                                  std::pair{RmsNorm::name, kRmsNormBit}}) {
      const std::string problem = validate(rows_request(v.id, op, 8, 2, 64));
      if (v.ops & bit) {
        EXPECT_EQ(problem, "") << v.id << " " << op;
      } else {
        EXPECT_EQ(problem, v.only_for) << v.id << " " << op;
        EXPECT_FALSE(problem.empty()) << v.id << " " << op;
        ++refusals;
      }
    }
  // online, two-pass, welford and the two pitfalls take one operator each.
  EXPECT_EQ(refusals, 5u * 2);
}

// register-resident's block: the fewest threads whose registers hold the row (32 values a
// thread with 16-byte loads, 8 without), a power of two, at least a warp, at most the request's.
TEST(RowsPlan, RegisterResidentSizesItsBlockToTheRow) {
  EXPECT_EQ(RegisterResident::block_for(1, 1024), 32u);
  EXPECT_EQ(RegisterResident::block_for(256, 32), 32u);     // the lesson's rows: 8 values a thread
  EXPECT_EQ(RegisterResident::block_for(1000, 1024), 32u);  // 1000 <= 32 x 32
  EXPECT_EQ(RegisterResident::block_for(1028, 1024), 64u);
  EXPECT_EQ(RegisterResident::block_for(1001, 1024), 128u);  // 8 a thread: 1001 / 8 = 125.1
  EXPECT_EQ(RegisterResident::block_for(32768, 1024), 1024u);
  EXPECT_EQ(RegisterResident::block_for(32768, 256), 256u);  // the rest in shared memory
  const std::vector<PlannedLaunch> plan = plan_rows(RegisterResident::info, rows_request("register-resident", "softmax", 4096, 3, 1024));
  ASSERT_EQ(plan.size(), 1u);
  EXPECT_EQ(plan[0].grid, 3u);
  EXPECT_EQ(plan[0].block, 128u);
}

}  // namespace
}  // namespace wl::rows
