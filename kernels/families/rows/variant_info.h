// What the host knows of a rows variant without its code: its id and lesson, how it maps rows
// onto threads, the operators it takes and how it computes its statistics. Plain data: the app
// and the CLI read it without the templates.
#pragma once

namespace wl::rows {

// How rows map onto threads, and so which launches a variant makes (plan.h).
enum class Layout : unsigned char {
  ThreePass,     // a launch a statistic (a block a row), then one thread an element writes
  ThreadPerRow,  // one thread walks a whole row
  WarpPerRow,    // a warp a row, combined with shuffles
  BlockPerRow,   // a block a row, combined in a shared-memory tree
  SizedBlock,    // a block a row, sized so its registers hold the row, at most the request's block
};

// How the row's statistics are computed: the numerics the check's diagnosis speaks of.
enum class Stats : unsigned char {
  Passes,        // softmax: max, then the sum of exp(x - max); layer norm: mean, then variance
  Online,        // softmax: max and sum in one read, the sum rescaled when the max grows
  Welford,       // layer norm: (count, mean, M2) in one read, merged pairwise (Chan et al.)
  NoMax,         // pitfall: exp(x) without subtracting the max
  NaiveVariance, // pitfall: E[x^2] - E[x]^2 in f32
};

// The operators a variant takes, as bits (Softmax::bit, ... in variant.h).
constexpr unsigned kSoftmaxBit = 1, kLayerNormBit = 2, kRmsNormBit = 4;
constexpr unsigned kEveryOp = kSoftmaxBit | kLayerNormBit | kRmsNormBit;

struct RowsVariantInfo {
  const char* id;
  const char* lesson;  // one line: what it changes and why
  const char* origin;  // where it comes from
  Layout layout;
  Stats stats = Stats::Passes;
  unsigned ops = kEveryOp;
  const char* only_for = "";        // why it refuses the other operators, one sentence
  bool pitfall = false;             // deliberately wrong; shown as a lesson, not used for timing
  bool deterministic_trace = true;  // same events on every run
};

}  // namespace wl::rows
