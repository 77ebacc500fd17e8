// The CPU reference a reduction is checked against, and how close a float result must be.
//
// Integers, and min/max of any type, must match exactly: their result does not depend on the
// order of combination (integer sums wrap the same way in any order).
// Float sums and products depend on the order. A summation tree of depth d has an error of at
// most d u sum|x_i| (Higham, Accuracy and Stability of Numerical Algorithms, 4.2), with u the
// unit roundoff, and any order has d <= n - 1. A product's relative error is at most (n - 1) u
// in any order (to first order; we allow 1.01 times that). The reference is computed in
// higher precision.
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

namespace wl::reduce {

template <class Op, class T>
T reference_fold(const std::vector<T>& input) {
  T acc = identity<Op, T>();
  for (T x : input) acc = Op::apply(acc, x);
  return acc;
}

// check_reduction's depth for a kernel whose combining order is its own (a learner's): a sum is
// bounded as kernels/family/own_order.h says.
inline constexpr std::uint64_t kOwnOrder = ~std::uint64_t(0);

// depth: how many roundings an element can go through (see combine_depth); 0 means unknown,
// and the bound for an arbitrary order, n - 1, is used; kOwnOrder, an order by index of the kernel's own.
template <class Op, class T>
CheckResult check_reduction(const std::vector<T>& input, T result, std::uint64_t depth = 0) {
  CheckResult c;
  constexpr bool kExact = std::is_integral_v<T> || std::is_same_v<Op, MinOp> || std::is_same_v<Op, MaxOp>;
  if constexpr (kExact) {
    const T expected = reference_fold<Op>(input);
    c.expected = value_text(expected);
    c.ok = to_bits(expected) == to_bits(result) || (is_nan(expected) && is_nan(result));
    c.error = c.ok ? 0 : std::abs(double(expected) - double(result));
    return c;
  } else {
    using Wide = long double;
    const Wide u = Wide(std::numeric_limits<T>::epsilon()) / 2;
    // A product's relative error grows with the number of multiplications, whatever the tree.
    const std::uint64_t any_order = input.empty() ? 0 : input.size() - 1;
    const bool use_depth = std::is_same_v<Op, SumOp> && depth > 0 && depth < any_order && depth != kOwnOrder;
    const Wide terms = Wide(use_depth ? depth : any_order);
    Wide expected = identity<Op, Wide>();
    Wide magnitude = 0;
    for (T x : input) {
      expected = Op::apply(expected, Wide(x));
      magnitude += std::fabs(Wide(x));
    }
    c.expected = value_text(T(expected));
    if (!std::isfinite(double(expected)) || !std::isfinite(double(result))) {
      c.ok = (std::isnan(double(expected)) && std::isnan(double(result))) ||
             double(T(expected)) == double(result);
      return c;
    }
    const Wide bound = !std::is_same_v<Op, SumOp> ? Wide(1.01) * terms * u * std::fabs(expected)
                       : depth == kOwnOrder      ? own_order_sum_bound(input, u)
                                                 : terms * u * magnitude;
    c.error = double(std::fabs(Wide(result) - expected));
    // Rounding the wide reference to T costs up to half an ulp of T on top.
    c.bound = double(bound + u * std::fabs(expected));
    c.ok = c.error <= c.bound;
    return c;
  }
}

// What a run made twice without resetting its output shows: the reduction of the input taken
// twice (sum: twice the reference), or, for min and max, nothing at all.
template <class Op, class T>
std::string no_reset_diagnosis(const std::vector<T>& input, T result, std::uint64_t depth, const CheckResult& once) {
  if (once.ok)
    return "the output was not reset between the two runs, but the second run left the result as it was "
           "(max(m, m) = m), so the bug hides here: a sum shows it";
  std::vector<T> twice = input;
  twice.insert(twice.end(), input.begin(), input.end());
  if (check_reduction<Op>(twice, result, 2 * depth + 1).ok)
    return std::string("the output was not reset between the two runs: it holds the ") + Op::name +
           " of both runs, as if the input had been taken twice";
  return "the output was not reset between the two runs, and the result is not even both runs' together";
}

}  // namespace wl::reduce
