// What the rows tests share: a request for a variant and operator, its input, and the values a
// run produced.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/families/rows/input.h"
#include "kernels/family/family.h"

namespace wl::test {

inline RunRequest rows_request(const std::string& variant, const std::string& op, unsigned cols, std::uint64_t rows,
                               unsigned block) {
  RunRequest r;
  r.family = "rows";
  r.variant = variant;
  r.op = op;
  r.type = "f32";
  r.n = rows * cols;
  r.block = block;
  r.params["cols"] = cols;
  return r;
}

inline std::vector<float> rows_input(const RunRequest& r, Pattern pattern, std::uint64_t seed = 1) {
  std::vector<float> x(r.n);
  rows::fill_rows(x.data(), r.n, pattern, seed, rows::row_content(r));
  return x;
}

inline std::vector<float> values_of(const RunResult& out) {
  std::vector<float> v(out.result.count());
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = from_bits<float>(out.result.bits(i));
  return v;
}

}  // namespace wl::test
