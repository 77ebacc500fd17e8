// The Welford tree view's model: a one-read norm's (count, mean, M2) triples (as the rows
// family's welford variant, kernels/families/rows/welford.h, and any kernel of its shape keep
// them: fits_welford_tree), a row (= a block) at a time.
// The leaves are each thread's triple after its own values; each level merges the triple of
// thread t + stride into thread t's (Chan et al.). Every number is the one the kernel stored:
// the trace records the values of shared stores, and welford stores each triple as three
// stores in a row (counts, means, M2s), at the load step for the leaves and at each tree level
// for the merges; a merge's partner is where its fourth load (the partner's count) read. Beside
// them, in f64 from the recorded loads of the input: each node's exact mean and M2 over the
// values it covers, and the row's mean and variance, the reference the root is checked against.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/views/view_registry.h"
#include "trace/trace.h"

namespace wl {

struct WelfordNode {
  unsigned thread = 0;   // whose shared slot holds it: a leaf's own; a merge's, the lower thread
  unsigned partner = 0;  // a merge: the thread whose triple it merged in (thread + stride)
  float n = 0, mean = 0, m2 = 0;  // as the kernel stored them, in f32
  std::uint64_t values = 0;       // the row's values it covers
  double exact_mean = 0, exact_m2 = 0;  // f64 over those values
  int left = -1, right = -1;      // a merge: its inputs in the level below (thread's, partner's)
};

struct WelfordRow {
  std::uint64_t row = 0;  // = its block
  // levels[0]: the leaves, one per thread; levels[k]: the merges of tree level k - 1, by thread.
  // The last level holds the root.
  std::vector<std::vector<WelfordNode>> levels;
  float mean = 0, variance = 0;  // the root's mean, and its M2 / cols in f32 as the kernel divides
  double reference_mean = 0, reference_variance = 0;  // f64 over the row's recorded inputs
  std::string problem;  // not empty: the trace does not hold the triples as welford stores them
};

struct WelfordTree {
  std::uint64_t cols = 0;
  std::vector<WelfordRow> rows;  // one per recorded block, ascending
  std::string note;              // why there is nothing to show, when there is not
};

// Reads the first launch of `whole`.
WelfordTree build_welford_tree(const Trace& whole);
// The shape the view draws: a norm whose threads each store a triple to shared memory after
// their reads (the leaves), and store triples again at the tree's levels (the merges).
bool fits_welford_tree(const Trace& whole);
// The row of `block`, or null when it was not recorded.
const WelfordRow* welford_row(const WelfordTree& tree, std::uint64_t block);

}  // namespace wl
