// Every variant, operator and type, at sizes around warp and block boundaries, equals the CPU
// reference exactly on inputs whose result does not depend on the order of combination, and
// within the depth bound on random real inputs.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <tuple>

#include "kernels/host/input.h"
#include "kernels/families/reduce/plan.h"
#include "kernels/families/reduce/traits.h"
#include "kernels/families/reduce/reference.h"
#include "tests/kernels/reduce_inputs.h"

namespace wl::reduce {
namespace {

const std::uint64_t kSizes[] = {1, 2, 31, 32, 33, 255, 256, 257, 1000, 4096, 65539};

using Case = std::tuple<std::string, std::string, std::string>;  // variant, op, type

class ReduceCorrectness : public testing::TestWithParam<Case> {};

template <class T>
void check_all_sizes(const std::string& variant, const std::string& op, const std::string& type) {
  for (std::uint64_t n : kSizes) {
    for (unsigned block : {64u, 256u}) {
      RunRequest r;
      r.variant = variant;
      r.op = op;
      r.type = type;
      r.n = n;
      r.block = block;
      const std::vector<T> input = test::exact_input<T>(op, n, n * 31 + block);
      const RunResult out = run_sim(r, input.data());
      EXPECT_TRUE(out.check.ok) << variant << " " << op << " " << type << " n=" << n
                                << " block=" << block << ": got " << out.result_text
                                << ", expected " << out.check.expected;
      // These inputs have one right answer in any order: the result must be its exact bits,
      // not merely within the checker's bound.
      std::uint64_t exact = 0;
      visit_op_in(reduce::Traits::Ops{}, op, [&](auto o) {
        exact = to_bits(reference_fold<typename decltype(o)::type>(input));
      });
      EXPECT_EQ(out.result.bits(0), exact) << variant << " " << op << " " << type << " n=" << n
                                        << " block=" << block << ": got " << out.result_text;
    }
  }
}

TEST_P(ReduceCorrectness, EqualsCpuReferenceExactly) {
  const auto& [variant, op, type] = GetParam();
  visit_type_in(reduce::Traits::Types{}, type, [&](auto t) {
    check_all_sizes<typename decltype(t)::type>(variant, op, type);
  });
}

class RandomFloats : public testing::TestWithParam<Case> {};

// A float sum's bound as reference.h defines it, from the combine depth: depth u sum|x| (or
// (n - 1) u sum|x| when the depth is no tighter than any order), plus half an ulp of rounding.
template <class T>
double predicted_sum_bound(const std::vector<T>& input, std::uint64_t depth) {
  const long double u = (long double)std::numeric_limits<T>::epsilon() / 2;
  long double sum = 0, magnitude = 0;
  for (T x : input) {
    sum += x;
    magnitude += std::fabs((long double)x);
  }
  const std::uint64_t any_order = input.size() - 1;
  const std::uint64_t terms = depth < any_order ? depth : any_order;
  return double(terms * u * magnitude + u * std::fabs(sum));
}

TEST_P(RandomFloats, StayWithinTheDepthBound) {
  const auto& [variant, op, type] = GetParam();
  visit_type_in(reduce::Traits::Types{}, type, [&](auto t) {
    using T = typename decltype(t)::type;
    RunRequest r;
    r.variant = variant;
    r.op = op;
    r.type = type;
    r.n = 65539;
    const std::vector<T> input = make_input<T>(Pattern::Random, r.n, 7, op);
    const RunResult out = run_sim(r, input.data());
    EXPECT_TRUE(out.check.ok) << "error " << out.check.error << " over bound " << out.check.bound;
    if (op == "sum") {
      // Checked against the bound its combine depth predicts, not only some bound: a driver
      // that dropped the depth would fall back to n - 1 and still pass the check above.
      const ReduceVariantInfo& info = *find_variant_info<Traits>(variant);
      const std::uint64_t depth = combine_depth(info, plan_passes(info, r.n, r.block, r.sm_count), r.block);
      EXPECT_NEAR(out.check.bound, predicted_sum_bound(input, depth), 1e-9 * out.check.bound);
    }
  });
}

std::vector<Case> cases_of(std::initializer_list<const char*> types) {
  std::vector<Case> cases;
  for (const reduce::ReduceVariantInfo& info : variant_infos<reduce::Traits>()) {
    if (info.pitfall) continue;
    for (const char* op : {"sum", "min", "max", "product"})
      for (const char* type : types) cases.emplace_back(info.id, op, type);
  }
  return cases;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
  std::string name = std::get<0>(info.param) + "_" + std::get<1>(info.param) + "_" + std::get<2>(info.param);
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, ReduceCorrectness, testing::ValuesIn(cases_of({"i32", "f32", "f64"})), case_name);
// Integers are exact on any input: only floats have a bound to check.
INSTANTIATE_TEST_SUITE_P(AllVariants, RandomFloats, testing::ValuesIn(cases_of({"f32", "f64"})), case_name);

TEST(ReducePitfall, VolatileLastWarpIsWrongOnTheSimulator) {
  RunRequest r;
  r.variant = "unroll-last-warp-volatile";
  r.type = "i32";
  r.n = 4096;
  const std::vector<std::int32_t> input = make_input<std::int32_t>(Pattern::Random, r.n, 3, "sum");
  const RunResult out = run_sim(r, input.data());
  EXPECT_FALSE(out.check.ok) << "the race should lose updates, got the right " << out.result_text;
}

TEST(ReducePitfall, VolatileLastWarpShowsWrongFloatSumsToo) {
  RunRequest r;
  r.variant = "unroll-last-warp-volatile";
  r.n = 65539;
  const std::vector<float> input = make_input<float>(Pattern::Random, r.n, 3, "sum");
  EXPECT_FALSE(run_sim(r, input.data()).check.ok);
}

}  // namespace
}  // namespace wl::reduce
