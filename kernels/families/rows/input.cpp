#include "kernels/families/rows/input.h"

#include <limits>

#include "kernels/families/rows/plan.h"

namespace wl::rows {

RowContent row_content(const RunRequest& r) {
  RowContent c;
  c.cols = cols_of(r);
  c.peak = float(param_or(r, "peak", kDefaultPeak));
  c.offset = float(param_or(r, "offset", 0));
  c.mask = param_or(r, "mask", 0) != 0;
  return c;
}

void fill_rows(float* out, std::uint64_t n, Pattern pattern, std::uint64_t seed, const RowContent& c) {
  std::uint64_t state = seed;
  const unsigned cols = c.cols ? c.cols : 1;
  for (std::uint64_t i = 0; i < n; ++i) {
    const std::uint64_t row = i / cols, col = i % cols;
    const float uniform = float(double(splitmix64(state) >> 11) * 0x1.0p-53 * 8 - 4);  // [-4, 4)
    float x = 0;
    switch (pattern) {
      case Pattern::Random: x = uniform; break;
      case Pattern::Ones: x = 1; break;
      case Pattern::AllEqual: x = 3; break;
      case Pattern::Ascending: x = float(col); break;
      case Pattern::Skewed: x = col == peak_column(row, cols) ? c.peak : uniform; break;
      case Pattern::Image: x = float(image_pixel(i)); break;
    }
    x += c.offset;
    if (c.mask && col > row % cols) x = -std::numeric_limits<float>::infinity();
    out[i] = x;
  }
}

}  // namespace wl::rows
