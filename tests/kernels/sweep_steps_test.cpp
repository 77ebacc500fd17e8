// What a GPU sweep runs, planned without a GPU (run/gpu_sweep.h): against a
// parameter, each value at each size, the value set in each run's params beside the fixed ones;
// a value one variant refuses is refused for it alone.
#include <gtest/gtest.h>

#include "run/gpu_sweep.h"

namespace wl {
namespace {

SweepRequest rows_over_cols() {
  SweepRequest r;
  r.family = "rows";
  r.op = "softmax";
  r.sizes = {1 << 20, 1 << 22};
  r.params = {{"peak", 50}};
  r.swept_param = "cols";
  r.param_values = {1024, 16384};
  return r;
}

TEST(SweepSteps, EachValueIsTimedAtEachSize) {
  const std::vector<SweepStep> steps = sweep_steps(rows_over_cols());
  ASSERT_EQ(steps.size(), 4u);
  EXPECT_EQ(steps[0].param, 1024u);
  EXPECT_EQ(steps[0].n, 1u << 20);
  EXPECT_EQ(steps[1].param, 1024u);
  EXPECT_EQ(steps[1].n, 1u << 22);
  EXPECT_EQ(steps[2].param, 16384u);
  EXPECT_EQ(steps[2].n, 1u << 20);
}

TEST(SweepSteps, AgainstNAloneEachSizeOnceWithoutAValue) {
  SweepRequest r = rows_over_cols();
  r.swept_param.clear();
  const std::vector<SweepStep> steps = sweep_steps(r);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[1].param, 0u);
  EXPECT_EQ(steps[1].n, 1u << 22);
  EXPECT_EQ(step_request(r, steps[1], "online").params, (std::map<std::string, std::uint64_t>{{"peak", 50}}));
}

// register-resident holds 32 values a thread in registers and the rest of a row in 48 KiB of
// shared memory less its two 32-value totals: 32 * 256 + (48 KiB - 256) / 4 = 20416 columns with
// blocks of up to 256. 32768 columns are past it; block-per-row takes any row.
TEST(SweepSteps, ARunHasTheStepsValueAndOnlySomeVariantsRefuseIt) {
  const SweepRequest r = rows_over_cols();
  const SweepStep step{32768, 1 << 20};
  const RunRequest resident = step_request(r, step, "register-resident");
  EXPECT_EQ(resident.family, "rows");
  EXPECT_EQ(resident.op, "softmax");
  EXPECT_EQ(resident.n, 1u << 20);
  EXPECT_EQ(resident.block, 256u);
  EXPECT_EQ(resident.params, (std::map<std::string, std::uint64_t>{{"cols", 32768}, {"peak", 50}}));
  EXPECT_NE(validate(resident).find("at most 20416 columns with blocks of up to 256"), std::string::npos) << validate(resident);
  EXPECT_EQ(validate(step_request(r, step, "block-per-row")), "");
  EXPECT_EQ(validate(step_request(r, {1024, 1 << 20}, "register-resident")), "");
}

}  // namespace
}  // namespace wl
