// The rows a rows run normalises, for each input pattern (kernels/host/input.h): the family's
// own reading of the shared names, chosen for what each does to the numerics.
//   random     uniform in [-4, 4): ordinary logits or activations
//   ones       every value 1
//   all-equal  every value 3: softmax gives 1 / cols; the norms' variance is exactly 0
//   ascending  each row 0, 1, ..., cols - 1: softmax's weight at the row's end; no max, exp
//              overflows from column 89
//   skewed     random, and one value a row set to `peak` (column (37 r + 3) mod cols: another
//              chunk of the read in each row): 100 by default, which overflows exp in f32 without
//              the max; 10^19 squares to 10^38, near the f32 limit of 3.4 x 10^38
//   image      the grey levels (0 .. 255) of the test image, row after row
// Then `offset` is added to every value (a large mean: the variance pitfall's input), and with
// `mask` = 1, row r holds -inf past column r mod cols (a causal mask, as attention uses).
#pragma once
#include <cstdint>

#include "kernels/family/run_request.h"
#include "kernels/host/input.h"

namespace wl::rows {

constexpr std::uint64_t kDefaultPeak = 100, kMaxPeak = 10000000000000000000ull;  // 10^19
constexpr std::uint64_t kMaxOffset = 1000000;

// The column of row r that the skewed input sets to peak.
constexpr std::uint64_t peak_column(std::uint64_t row, unsigned cols) { return (37 * row + 3) % cols; }

struct RowContent {
  unsigned cols = 1;
  float peak = float(kDefaultPeak);
  float offset = 0;
  bool mask = false;
};
RowContent row_content(const RunRequest& request);  // from the family's parameters

void fill_rows(float* out, std::uint64_t n, Pattern pattern, std::uint64_t seed, const RowContent& content);

}  // namespace wl::rows
