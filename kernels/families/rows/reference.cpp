#include "kernels/families/rows/reference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/row_norms.h"
#include "kernels/families/rows/variant.h"

namespace wl::rows {
namespace {

// The error bound. u = 2^-24 is f32's unit round-off: one operation's relative error.
//
// A sum in f32 errs by at most d u times the sum of its terms' magnitudes (to first order),
// where d is the most additions any one term goes through (Higham, "Accuracy and Stability of
// Numerical Algorithms", 2nd ed., section 4.2): d = n - 1 for a loop over n terms, log2(n) for a
// tree. A row's sums run each thread's loop over its columns, then the row's tree: d is
// summation_depth. The bound is deterministic: equal terms do err alike (a row of 10^19 and
// 4096 values near -2.4e15 after the mean is taken out: every addition rounds the same way).
constexpr double kU = 0x1p-24;
double sum_error(unsigned depth) { return (depth + 2) * kU; }  // + 2: the division and the cast
// Outputs below 2^-120 count as 0: under 2^-126 f32 holds fewer than 24 bits (denormals), so
// their relative error is unbounded, and an absolute error that small is harmless.
constexpr double kFloor = 0x1p-120;
// exp(x - max) for x more than this below the max adds under e^-128 to a sum of at least 1.
constexpr double kExpReach = 128;

bool finite(double v) { return std::isfinite(v); }

// "0.0033", "NaN" (printf writes "-nan" for the NaN inf/inf gives on x86), "inf".
std::string number_text(double v, const char* format = "%.4g") {
  if (std::isnan(v)) return "NaN";
  char text[32];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

}  // namespace

static_assert(kEps == kRowEps, "the kernels' eps is the reference's");

std::vector<double> reference_rows(const float* x, std::uint64_t n, unsigned cols, unsigned op) {
  std::vector<double> y(n);
  const RowOp row_op = op == Softmax::bit ? RowOp::Softmax : op == LayerNorm::bit ? RowOp::LayerNorm : RowOp::RmsNorm;
  for (std::uint64_t first = 0; cols && first < n; first += cols) normalise_row_f64(x + first, cols, row_op, y.data() + first);
  return y;
}

// Per output, what f32 adds to the reference, to first order, with a factor 2 to spare where
// second-order terms were dropped:
//  softmax  y = exp(x - max) / sum. x - max rounds by u |x - max|, which exp turns into that
//           relative error; exp itself errs by 2 ulp (CUDA's expf; libm's by 1), the division
//           by 1. Each term of the sum errs the same way, plus, in online, the rescales: their
//           arguments telescope to at most max - min(x) (capped at kExpReach, past which a term
//           does not count), each exp again 2 ulp. Then the sum's own error.
//  norms    y = (x - mean) / sqrt(var + eps). The mean's error is the sum's, relative to the
//           mean of |x|: divided by the scale it shifts every output, which is what a large mean
//           over a small spread makes large. The variance errs like a sum of squares, its square
//           root by half that; RMS norm has no mean.
unsigned summation_depth(Layout layout, unsigned cols, unsigned block) {
  unsigned tree = 0;
  while ((1u << tree) < block) ++tree;
  switch (layout) {
    case Layout::ThreadPerRow: return cols;
    case Layout::WarpPerRow: return (cols + 31) / 32 + 5;
    default: return (cols + block - 1) / block + tree;
  }
}

std::vector<double> error_bounds(const float* x, const std::vector<double>& y, unsigned cols, unsigned op,
                                 unsigned depth) {
  std::vector<double> bound(y.size(), kFloor);
  for (std::uint64_t first = 0; cols && first < y.size(); first += cols) {
    const float* row = x + first;
    if (op == Softmax::bit) {
      double max = -std::numeric_limits<double>::infinity(), min = std::numeric_limits<double>::infinity();
      for (unsigned j = 0; j < cols; ++j)
        if (finite(row[j])) max = std::max(max, double(row[j])), min = std::min(min, double(row[j]));
      const double reach = finite(max) ? std::min(max - min, kExpReach) : 0;
      const double terms = (2 * reach + 72) * kU + sum_error(depth);
      for (unsigned j = 0; j < cols; ++j)
        if (finite(row[j]) && finite(max))
          bound[first + j] += std::abs(y[first + j]) * (std::abs(row[j] - max) * kU + terms);
    } else {
      double mean = 0, magnitude = 0, sum_squares = 0;
      for (unsigned j = 0; j < cols; ++j) mean += row[j], magnitude += std::abs(double(row[j]));
      mean = op == LayerNorm::bit ? mean / cols : 0;
      magnitude /= cols;
      for (unsigned j = 0; j < cols; ++j) sum_squares += (row[j] - mean) * (row[j] - mean);
      const double scale = std::sqrt(sum_squares / cols + double(kEps));
      const double mean_error = op == LayerNorm::bit ? sum_error(depth) * magnitude + kU * std::abs(mean) : 0;
      const double shift = mean_error / scale;
      for (unsigned j = 0; j < cols; ++j)
        bound[first + j] += 2 * (shift + kU * std::abs(row[j] - mean) / scale) +
                            std::abs(y[first + j]) * (sum_error(depth) + 8 * kU + shift * shift);
    }
  }
  return bound;
}

std::string values_text(const std::vector<float>& values) {
  std::string text = std::to_string(values.size()) + " values";
  for (std::size_t i = 0; i < values.size() && i < 4; ++i) text += (i ? ", " : ": ") + number_text(values[i]);
  return text + (values.size() > 4 ? ", ..." : "");
}

CheckResult check_rows(const RowsVariantInfo& info, const float* x, std::uint64_t n, unsigned cols, unsigned block,
                       unsigned op, const std::vector<float>& result) {
  CheckResult c;
  const std::vector<double> y = reference_rows(x, n, cols, op);
  std::vector<float> rounded(y.begin(), y.end());
  c.expected = values_text(rounded);
  if (result.size() != n) {
    c.expected += "; got " + std::to_string(result.size()) + " values";
    c.error = std::numeric_limits<double>::infinity();
    return c;
  }
  const std::vector<double> bound = error_bounds(x, y, cols, op, summation_depth(info.layout, cols, block));
  c.ok = true;
  double worst = -1;  // the largest error / bound
  for (std::uint64_t i = 0; i < n; ++i) {
    const double got = result[i];
    bool right = true;
    double error = 0;
    if (std::isnan(y[i]) || std::isinf(y[i])) {
      right = std::isnan(y[i]) ? std::isnan(got) : got == y[i];
      error = right ? 0 : std::numeric_limits<double>::infinity();
    } else {
      error = finite(got) ? std::abs(got - y[i]) : std::numeric_limits<double>::infinity();
      right = error <= bound[i];
    }
    if (error / bound[i] > worst) {
      worst = error / bound[i];
      c.error = error;
      c.bound = bound[i];
    }
    if (right || !c.ok) continue;
    c.ok = false;
    c.expected += "; row " + std::to_string(i / cols) + ", column " + std::to_string(i % cols) + " should be " +
                  number_text(y[i], "%.6g") + ", got " + number_text(got, "%.6g");
    c.diagnosis = pitfall_diagnosis(info, x, cols, i / cols, result);
  }
  return c;
}

std::string pitfall_diagnosis(const RowsVariantInfo& info, const float* x, unsigned cols, std::uint64_t r,
                              const std::vector<float>& result) {
  const float* row = x + r * cols;
  const float* got = result.data() + r * cols;
  char text[400];
  const std::string where = "row " + std::to_string(r) + ": ";
  if (info.stats == Stats::NoMax) {
    float max = -std::numeric_limits<float>::infinity();
    double sum = 0;
    for (unsigned j = 0; j < cols; ++j) max = std::max(max, row[j]), sum += std::exp(double(row[j]));
    const double overflow = std::log(double(std::numeric_limits<float>::max()));  // 88.72
    if (max > overflow)
      std::snprintf(text, sizeof text,
                    "x = %g overflows exp in f32 (exp(x) > 3.4e38 from x = 88.7): the row's sum is inf, so x = %g gives "
                    "inf/inf = NaN and every other value finite/inf = 0; subtract the row max first",
                    max, max);
    else if (sum > std::numeric_limits<float>::max())
      std::snprintf(text, sizeof text,
                    "the sum of exp(x) overflows f32 (x up to %g): every value becomes finite/inf = 0; subtract the "
                    "row max first",
                    max);
    else if (sum < std::numeric_limits<float>::denorm_min())
      std::snprintf(text, sizeof text,
                    "every x is below -103 (the largest %g): exp underflows to 0 in f32, and 0/0 = NaN; subtract the "
                    "row max first, so the largest term is exp(0) = 1",
                    max);
    else
      std::snprintf(text, sizeof text, "exp(x) without the max loses the small terms' digits; subtract the row max first");
    return where + text;
  }
  if (info.stats == Stats::NaiveVariance) {
    double mean = 0, mean_square = 0, variance = 0;
    for (unsigned j = 0; j < cols; ++j) mean += row[j], mean_square += double(row[j]) * row[j];
    mean /= cols;
    mean_square /= cols;
    for (unsigned j = 0; j < cols; ++j) variance += (row[j] - mean) * (row[j] - mean) / cols;
    const float near = float(mean_square);
    const double spacing = double(std::nextafter(near, std::numeric_limits<float>::infinity())) - near;
    bool negative = false;
    for (unsigned j = 0; j < cols; ++j) negative |= std::isnan(got[j]);
    std::snprintf(text, sizeof text,
                  "mean %g, variance %g: E[x^2] - E[x]^2 subtracts two f32 numbers near %.3g, %g apart there: "
                  "cancellation%s; subtract the mean first (two-pass) or use Welford's update (welford)",
                  mean, variance, mean_square, spacing,
                  negative ? " leaves a negative variance, and its square root is NaN" : " leaves too few correct digits");
    return where + text;
  }
  return {};
}

}  // namespace wl::rows
