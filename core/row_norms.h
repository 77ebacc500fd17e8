// Row-wise normalisation in f64: the reference of the rows family (kernels/families/rows), which
// its check compares with, and of the Numerics view (model/views/row_numerics), which draws each
// output's error against it. Here, in core, because both speak it.
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace wl {

enum class RowOp : std::uint8_t { Softmax, LayerNorm, RmsNorm };

// As the rows family names its operators.
inline std::optional<RowOp> parse_row_op(std::string_view name) {
  if (name == "softmax") return RowOp::Softmax;
  if (name == "layernorm") return RowOp::LayerNorm;
  if (name == "rmsnorm") return RowOp::RmsNorm;
  return std::nullopt;
}

// Added to the variance (layer norm) and the mean square (RMS norm) under the square root: the
// kernels' f32 1e-5, exactly.
constexpr float kRowEps = 1e-5f;
// A row's length when a run does not name it (the family parameter cols).
constexpr std::uint64_t kDefaultRowCols = 256;

// y = softmax(x), (x - mean) / sqrt(var + eps) or x / sqrt(mean(x^2) + eps), in f64. A NaN
// anywhere in a softmax row makes the row NaN, as it does in f32.
inline void normalise_row_f64(const float* x, std::uint64_t cols, RowOp op, double* y) {
  if (op == RowOp::Softmax) {
    double max = -std::numeric_limits<double>::infinity(), sum = 0;
    for (std::uint64_t j = 0; j < cols; ++j) max = std::isnan(x[j]) || x[j] > max ? double(x[j]) : max;
    for (std::uint64_t j = 0; j < cols; ++j) sum += std::exp(x[j] - max);
    for (std::uint64_t j = 0; j < cols; ++j) y[j] = std::exp(x[j] - max) / sum;
    return;
  }
  double mean = 0, sum_squares = 0;
  if (op == RowOp::LayerNorm) {
    for (std::uint64_t j = 0; j < cols; ++j) mean += x[j];
    mean /= double(cols);
  }
  for (std::uint64_t j = 0; j < cols; ++j) sum_squares += (x[j] - mean) * (x[j] - mean);
  const double scale = std::sqrt(sum_squares / double(cols) + double(kRowEps));
  for (std::uint64_t j = 0; j < cols; ++j) y[j] = (x[j] - mean) / scale;
}

}  // namespace wl
