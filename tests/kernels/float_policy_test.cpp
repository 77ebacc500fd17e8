// The NaN and signed-zero policy of float min and max (see core/ops.h), through
// every variant, including those that combine with atomics.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "kernels/families/reduce/traits.h"

namespace wl::reduce {
namespace {

float run(const std::string& variant, const std::string& op, const std::vector<float>& input) {
  RunRequest r;
  r.variant = variant;
  r.op = op;
  r.type = "f32";
  r.n = input.size();
  const RunResult out = run_sim(r, input.data());
  const std::uint32_t bits = std::uint32_t(out.result.bits(0));
  float v;
  std::memcpy(&v, &bits, 4);
  return v;
}

class FloatPolicy : public testing::TestWithParam<std::string> {};

TEST_P(FloatPolicy, MinOfNegativesIsTheMostNegative) {
  std::vector<float> in(1000);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = -float((i * 37) % 1000) - 0.5f;
  EXPECT_EQ(run(GetParam(), "min", in), -999.5f);
  EXPECT_EQ(run(GetParam(), "max", in), -0.5f);
}

TEST_P(FloatPolicy, NegativeZeroIsBelowPositiveZero) {
  std::vector<float> in(777, 0.0f);
  in[500] = -0.0f;
  const float lo = run(GetParam(), "min", in);
  EXPECT_TRUE(lo == 0.0f && std::signbit(lo)) << "min should be -0.0";
  std::vector<float> neg(777, -0.0f);
  neg[3] = 0.0f;
  const float hi = run(GetParam(), "max", neg);
  EXPECT_TRUE(hi == 0.0f && !std::signbit(hi)) << "max should be +0.0";
}

// Whatever NaN goes in, the canonical NaN comes out (core/ops.h), as the GPU's max.NaN gives it.
TEST_P(FloatPolicy, NanPropagatesWhereverItIs) {
  const std::uint32_t odd_nan = 0xffc00002u;  // a sign and a payload
  for (std::size_t where : {0u, 31u, 600u, 999u}) {
    std::vector<float> in(1000, 1.0f);
    std::memcpy(&in[where], &odd_nan, 4);
    for (const char* op : {"min", "max"}) {
      const float v = run(GetParam(), op, in);
      std::uint32_t bits;
      std::memcpy(&bits, &v, 4);
      EXPECT_EQ(bits, 0x7fffffffu) << op << ", NaN at " << where;
    }
  }
}

std::vector<std::string> variant_ids() {
  std::vector<std::string> ids;
  for (const auto& info : variant_infos<reduce::Traits>())
    if (!info.pitfall) ids.push_back(info.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, FloatPolicy, testing::ValuesIn(variant_ids()),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& c : n) if (c == '-') c = '_';
                           return n;
                         });

}  // namespace
}  // namespace wl::reduce
