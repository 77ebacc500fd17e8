// How far a float sum may round when the kernel's combining order is its own (a learner's plain
// CUDA: a tree, a serial loop, a strided loop, blocks' partials added in any order), for the
// reduce and scan checks.
//
// Higham's bound for any order, (n - 1) u sum|x|, is too loose to check with: on random input
// with cancellation it lets a kernel that drops half its elements pass. A sum formed in some
// order errs by at most u times the magnitudes of the partial sums it formed (running error
// analysis, Higham 3.3). The orders kernels use combine elements by index, and their partial
// sums are no larger than those of a serial loop forwards or backwards (with cancellation, a
// tree's window sums are smaller still) or, without cancellation, than a tree's depth times
// sum|x|. So the bound is the larger of kRunningSlack u max(forward, backward) and
// tree_depth(n) u sum|x|; tests/kernels/any_order_check_test.cpp computes each of these orders
// in f32 on random inputs and checks that missing elements still fail.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace wl {

inline constexpr long double kRunningSlack = 2;  // an order's partial sums against the serial ones': 2x covers random permutations and trees

// A tree over n elements, up and down (a scan's Brent–Kung), with a serial part a thread: 2 log2 n + 2.
inline std::uint64_t own_order_tree_depth(std::uint64_t n) {
  std::uint64_t levels = 0;
  while ((std::uint64_t(1) << levels) < n) ++levels;
  return 2 * levels + 2;
}

// The bound on |computed - exact| of the sum of x in an order of the kernel's own; u is the unit
// roundoff of the type summed in. Without the reference's own half ulp.
template <class T>
long double own_order_sum_bound(const std::vector<T>& x, long double u) {
  long double forward = 0, backward = 0, magnitude = 0, partial = 0;
  for (std::size_t k = 0; k < x.size(); ++k) {
    partial += static_cast<long double>(x[k]);
    if (k > 0) forward += std::fabs(partial);
    magnitude += std::fabs(static_cast<long double>(x[k]));
  }
  partial = 0;
  for (std::size_t k = x.size(); k-- > 0;) {
    partial += static_cast<long double>(x[k]);
    if (k + 1 < x.size()) backward += std::fabs(partial);
  }
  const long double tree = static_cast<long double>(own_order_tree_depth(x.size())) * u * magnitude;
  return std::max(tree, kRunningSlack * u * std::max(forward, backward));
}

}  // namespace wl
