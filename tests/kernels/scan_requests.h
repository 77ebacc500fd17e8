// What the scan tests share: a request for a variant, an input for the float policy, and a
// count of outputs whose bits differ from the reference's.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/bits.h"
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::test {

inline RunRequest scan_request(const std::string& variant, const std::string& op, const std::string& type,
                               std::uint64_t n, unsigned block, bool exclusive = false) {
  RunRequest r;
  r.family = "scan";
  r.variant = variant;
  r.op = op;
  r.type = type;
  r.n = n;
  r.block = block;
  r.params["exclusive"] = exclusive;
  return r;
}

// Signed zeros and small negatives, and two thirds in a NaN with a sign and a payload: an input
// on which core/ops.h's float policy decides the bits of every max and min output. (Not at
// index 0: an inclusive scan's first output meets no combine in some variants and one with the
// identity in others.)
inline std::vector<float> float_policy_input(std::uint64_t n) {
  std::vector<float> input(n);
  for (std::uint64_t i = 0; i < n; ++i) input[i] = i % 3 == 0 ? -0.0f : i % 3 == 1 ? 0.0f : -float(i % 11);
  if (n > 0) input[n * 2 / 3] = from_bits<float>(0xffc00002u);
  return input;
}

// How many of the first expected.size() outputs differ in their bits from `expected` (the
// outputs missing count as wrong).
template <class T>
std::uint64_t wrong_bits(const ResultValues& got, const std::vector<T>& expected) {
  std::uint64_t wrong = 0;
  for (std::uint64_t i = 0; i < expected.size(); ++i) wrong += i >= got.count() || got.bits(i) != to_bits(expected[i]);
  return wrong;
}

}  // namespace wl::test
