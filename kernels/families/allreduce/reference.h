// The CPU reference of an all-reduce, and how close a float result must be. Integers, min and
// max must match exactly. A float sum over K ranks rounds up to K - 1 times whatever the order,
// so it may differ by (K - 1) u sum |x| (Higham 4.2), plus half an ulp for rounding the
// reference; the reference is computed in double.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "core/operator.h"
#include "kernels/dialect/dialect.h"
#include "core/ops.h"
#include "kernels/family/run_result.h"
#include "kernels/family/value_text.h"

namespace wl::allreduce {

// input: rank 0's n elements, then rank 1's, ...; the result: every rank's output, in the same
// layout, each the element-wise combination over ranks in rank order.
template <class Op, class T>
std::vector<T> reference_allreduce(const std::vector<T>& input, unsigned ranks) {
  const std::size_t n = ranks ? input.size() / ranks : 0;
  std::vector<T> once(n);
  for (std::size_t i = 0; i < n; ++i) {
    T v = input[i];
    for (unsigned q = 1; q < ranks; ++q) v = Op::apply(v, input[q * n + i]);
    once[i] = v;
  }
  std::vector<T> all;
  all.reserve(input.size());
  for (unsigned q = 0; q < ranks; ++q) all.insert(all.end(), once.begin(), once.end());
  return all;
}

template <class Op, class T>
CheckResult check_allreduce(const std::vector<T>& input, const std::vector<T>& result, unsigned ranks) {
  CheckResult c;
  const std::size_t n = ranks ? input.size() / ranks : 0;
  const std::vector<T> expected = reference_allreduce<Op>(input, ranks);
  c.expected = expected.empty() ? "nothing (n = 0)" : "rank 0: " + value_text(expected[0]) + (n > 1 ? ", ..." : "");
  if (result.size() != expected.size()) {
    c.diagnosis = "expected " + std::to_string(expected.size()) + " values (n on each of " + std::to_string(ranks) +
                  " ranks), got " + std::to_string(result.size());
    return c;
  }
  constexpr bool kExact = std::is_integral_v<T> || !std::is_same_v<Op, SumOp>;
  c.ok = true;
  for (std::size_t k = 0; k < result.size(); ++k) {
    const std::size_t i = k % n;
    double error = 0, bound = 0;
    if constexpr (kExact) {
      if (to_bits(result[k]) == to_bits(expected[k]) || (is_nan(result[k]) && is_nan(expected[k]))) continue;
      error = std::abs(double(result[k]) - double(expected[k]));
    } else {
      double exact = 0, magnitude = 0;
      for (unsigned q = 0; q < ranks; ++q) {
        exact += double(input[q * n + i]);
        magnitude += std::fabs(double(input[q * n + i]));
      }
      const double u = double(std::numeric_limits<T>::epsilon()) / 2;
      bound = double(ranks - 1) * u * magnitude + u * std::fabs(exact);
      error = std::fabs(double(result[k]) - exact);
      if (error <= bound || (std::isnan(exact) && std::isnan(double(result[k])))) {
        c.error = std::max(c.error, error);
        c.bound = std::max(c.bound, bound);
        continue;
      }
    }
    c.ok = false;
    c.error = std::max(c.error, error);
    c.diagnosis = "rank " + std::to_string(k / n) + ", element " + std::to_string(i) + ": " + value_text(result[k]) +
                  ", the reference " + value_text(expected[k]);
    return c;
  }
  return c;
}

}  // namespace wl::allreduce
