// What the host knows of a histogram variant without its code: its id and lesson, and the
// launches it makes. Plain data: the app and the CLI read it without the templates.
#pragma once

namespace wl::histogram {

// The launches a variant makes (plan.h lists them).
enum class Shape : unsigned char {
  Atomics,          // one launch: every item is counted where it lands
  LocalThenReduce,  // each thread counts into its own histogram, then blocks striding over the bins sum them
  SortThenReduce,   // the items' bins are sorted, then each run of equal bins becomes its count
};

struct HistogramVariantInfo {
  const char* id;
  const char* lesson;  // one line: what it changes and why
  const char* origin;  // where it comes from in the classic material
  Shape shape;
  bool privatized = false;          // each block counts into its own bins in shared memory first
  bool pitfall = false;             // deliberately wrong; shown as a lesson, not used for timing
  bool deterministic_trace = true;  // same events on every run (no timing-dependent order)
};

}  // namespace wl::histogram
