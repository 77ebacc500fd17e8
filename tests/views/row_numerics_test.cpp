// The Numerics view's model on rows runs: correct variants stay within a few f32 roundings of
// the f64 reference; the max-less softmax's NaN sits exactly where the row's x = 100 is; the
// naive variance loses every digit on a large mean; rows are read across launches (three-pass).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "kernels/families/rows/input.h"
#include "kernels/family/family.h"
#include "model/views/row_numerics.h"
#include "model/views/trace_views.h"
#include "tests/kernels/rows_requests.h"

namespace wl {
namespace {

RowNumerics numerics_of(const std::string& variant, const std::string& op, unsigned cols, std::uint64_t rows,
                        unsigned block, Pattern pattern, std::map<std::string, std::uint64_t> params = {},
                        std::vector<std::uint32_t> blocks = {0, 1, 2, 3}) {
  RunRequest r = test::rows_request(variant, op, cols, rows, block);
  for (const auto& [name, value] : params) r.params.emplace(name, value);  // cols stays the one given
  r.record = true;
  r.record_blocks = blocks;
  std::vector<float> x(r.n);
  rows::fill_rows(x.data(), r.n, pattern, 1, rows::row_content(r));
  RunResult out = run_sim(r, x.data());
  return build_row_numerics(build_trace_views(std::move(out.trace)).whole());
}

TEST(RowNumerics, ACorrectSoftmaxIsWithinAFewRoundings) {
  const RowNumerics n = numerics_of("block-per-row", "softmax", 100, 4, 64, Pattern::Random);
  ASSERT_EQ(n.rows.size(), 4u);  // a block a row, four recorded
  EXPECT_EQ(n.cols, 100u);
  for (const RowOutputs& r : n.rows) {
    EXPECT_EQ(r.written, 100u);
    EXPECT_EQ(r.nans + r.infs, 0u);
    EXPECT_LE(r.worst_u, 16) << r.row;
    EXPECT_GT(r.worst_u, 0) << r.row;  // f32 is not f64: some output rounds
  }
}

// softmax-no-max on one x = 100 a row: exp(100) = inf, so that output is inf/inf = NaN; every
// other is finite/inf = 0, where the reference is about e^-100: 0 is as close as f32 gets to
// it, relative to the row's largest output (1).
TEST(RowNumerics, TheMaxlessSoftmaxIsNaNWhereXIs100) {
  const RowNumerics n = numerics_of("softmax-no-max", "softmax", 32, 4, 32, Pattern::Skewed);
  ASSERT_EQ(n.rows.size(), 4u);
  for (const RowOutputs& r : n.rows) {
    EXPECT_EQ(r.nans, 1u);
    const std::uint64_t peak = rows::peak_column(r.row, 32);
    EXPECT_EQ(r.x[peak], 100.0f);
    EXPECT_EQ(r.error[peak], ErrorClass::NaN);
    for (std::uint64_t j = 0; j < 32; ++j)
      if (j != peak) {
        EXPECT_EQ(r.error[j], ErrorClass::Exact) << r.row << " " << j;
      }
  }
}

// Mean 10000, spread 8: E[x^2] - E[x]^2 keeps no correct digit (or goes negative: NaN).
TEST(RowNumerics, TheNaiveVarianceLosesEveryDigitOnALargeMean) {
  const RowNumerics naive = numerics_of("variance-naive", "layernorm", 128, 4, 32, Pattern::Random, {{"offset", 10000}});
  const RowNumerics two_pass = numerics_of("two-pass", "layernorm", 128, 4, 32, Pattern::Random, {{"offset", 10000}});
  ASSERT_EQ(naive.rows.size(), 4u);
  ASSERT_EQ(two_pass.rows.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_TRUE(naive.rows[i].nans > 0 || naive.rows[i].worst_u > (1 << 20)) << i;
    // Two-pass's error comes from the f32 mean: u * 10000 over a spread of 2.3, thousands of u.
    EXPECT_LT(two_pass.rows[i].worst_u, 1 << 15) << i;
    EXPECT_EQ(two_pass.rows[i].nans, 0u);
  }
}

// Three launches: row 0's inputs come from the first (block 0 reads row 0), its outputs from the
// last (block 0 writes elements 0 .. 31, row 0 at 32 columns).
TEST(RowNumerics, RowsAreReadAcrossLaunches) {
  const RowNumerics n = numerics_of("three-pass", "layernorm", 32, 4, 32, Pattern::Random, {}, {0});
  ASSERT_EQ(n.rows.size(), 1u);
  EXPECT_EQ(n.rows[0].row, 0u);
  EXPECT_EQ(n.rows[0].written, 32u);
  EXPECT_EQ(n.op, RowOp::LayerNorm);
}

// A thread a row: block 0 holds rows 0 .. 31 of a 32-thread block; only 4 rows here.
TEST(RowNumerics, AThreadARowShowsEveryRowOfItsBlock) {
  const RowNumerics n = numerics_of("thread-per-row", "rmsnorm", 8, 4, 32, Pattern::Random, {}, {0});
  ASSERT_EQ(n.rows.size(), 4u);
  for (const RowOutputs& r : n.rows) EXPECT_EQ(r.written, 8u);
}

TEST(RowNumerics, OtherFamiliesHaveNoRowsToShow) {
  RunRequest r;
  r.record = true;
  const std::vector<float> x(r.n, 1.0f);
  const RowNumerics n = build_row_numerics(run_sim(r, x.data()).trace);
  EXPECT_TRUE(n.rows.empty());
  EXPECT_NE(n.note.find("rows family"), std::string::npos) << n.note;
}

TEST(RowNumerics, ErrorClassesAreOrderedByTheRoundingsLost) {
  EXPECT_EQ(error_class(0), ErrorClass::Exact);
  EXPECT_EQ(error_class(1), ErrorClass::Exact);
  EXPECT_EQ(error_class(16), ErrorClass::Few);
  EXPECT_EQ(error_class(17), ErrorClass::Some);
  EXPECT_EQ(error_class(1 << 20), ErrorClass::Many);
  EXPECT_EQ(error_class((1 << 20) + 1), ErrorClass::Wrong);
}

}  // namespace
}  // namespace wl
