// The CPU reference a scan is checked against, element by element.
//
// Integers, and min/max of any type, must match exactly: every prefix is independent of the
// order of combination. A float sum's prefix i has an error of at most d u sum_{j<=i} |x_j| for
// a combine tree of depth d (Higham 4.2), with d from combine_depth (plan.h); the reference is
// computed in long double, and rounding it to T costs another half ulp. A kernel whose order is
// its own (a learner's) is checked with kOwnOrder: each prefix as kernels/family/own_order.h
// bounds a sum in such an order (Kogge–Stone's windows, Brent–Kung's tree, a serial loop).
#pragma once
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/dialect/dialect.h"
#include "kernels/family/own_order.h"
#include "kernels/family/run_result.h"
#include "kernels/family/value_text.h"

namespace wl::scan {

// check_scan's depth for a kernel whose combining order is its own (own_order.h), a prefix at a time.
inline constexpr std::uint64_t kOwnOrder = ~std::uint64_t(0);

// out[i] = in[0] op ... op in[i] (inclusive), or in[0] op ... op in[i - 1] with the identity
// at 0 (exclusive).
template <class Op, class T>
std::vector<T> reference_scan(const std::vector<T>& in, bool exclusive) {
  std::vector<T> out(in.size());
  T acc = identity<Op, T>();
  for (std::size_t i = 0; i < in.size(); ++i) {
    const T next = i == 0 ? in[0] : Op::apply(acc, in[i]);
    out[i] = exclusive ? acc : next;
    acc = next;
  }
  return out;
}

template <class Op, class T>
CheckResult check_scan(const std::vector<T>& in, const std::vector<T>& result, bool exclusive, std::uint64_t depth) {
  CheckResult c;
  if (result.size() != in.size()) {
    c.expected = std::to_string(in.size()) + " values, got " + std::to_string(result.size());
    c.error = std::numeric_limits<double>::infinity();
    return c;
  }
  constexpr bool kExact = std::is_integral_v<T> || !std::is_same_v<Op, SumOp>;
  if constexpr (kExact) {
    const std::vector<T> expected = reference_scan<Op>(in, exclusive);
    c.ok = true;
    for (std::size_t i = 0; i < in.size(); ++i) {
      const bool same = to_bits(expected[i]) == to_bits(result[i]) || (is_nan(expected[i]) && is_nan(result[i]));
      if (!same && c.ok) {
        c.ok = false;
        c.expected = "out[" + std::to_string(i) + "] = " + value_text(expected[i]) + ", got " + value_text(result[i]);
        c.error = std::abs(double(expected[i]) - double(result[i]));
      }
    }
    if (c.ok) c.expected = in.empty() ? "no values" : "last = " + value_text(expected.back());
    return c;
  } else {
    using Wide = long double;
    const Wide u = Wide(std::numeric_limits<T>::epsilon()) / 2;
    Wide acc = 0, magnitude = 0, last = 0;
    Wide running = 0;  // kOwnOrder: the serial loop's partial sums' magnitudes so far
    const Wide own_depth = Wide(own_order_tree_depth(in.size()));
    c.ok = true;
    for (std::size_t i = 0; i < in.size(); ++i) {
      const Wide before = acc, magnitude_before = magnitude, running_before = running;
      acc += Wide(in[i]);
      magnitude += std::fabs(Wide(in[i]));
      if (i > 0) running += std::fabs(acc);
      const Wide expected = exclusive ? before : acc;
      last = expected;
      const Wide terms_magnitude = exclusive ? magnitude_before : magnitude;
      const Wide rounding =
          depth == kOwnOrder ? std::max(own_depth * u * terms_magnitude, kRunningSlack * u * (exclusive ? running_before : running))
                             : Wide(depth) * u * terms_magnitude;
      const Wide bound = rounding + u * std::fabs(expected);
      const Wide error = std::fabs(Wide(result[i]) - expected);
      const bool within = error <= bound || (std::isnan(double(expected)) && std::isnan(double(result[i])));
      if (double(error) > c.error || !within) {
        c.error = double(error);
        c.bound = double(bound);
      }
      if (!within && c.ok) {
        c.ok = false;
        c.expected = "out[" + std::to_string(i) + "] = " + value_text(T(expected)) + ", got " + value_text(result[i]);
      }
    }
    if (c.ok) c.expected = in.empty() ? "no values" : "last = " + value_text(T(last));
    return c;
  }
}

}  // namespace wl::scan
