// Work and span of a run, measured from its dataflow graph (model/dataflow.h), never from the
// variant's name: how many combines the recorded blocks did, and the longest chain of combines
// any value waited on. This is the step-efficient against work-efficient lesson in two numbers
// (Hillis–Steele: about n log2 n work in log2 n steps; Blelloch: about 2n in 2 log2 n).
//
// A written value with k sources cost its writer k - 1 combines, done one after another: it
// adds k - 1 to the work and to the chain through it. Copies and swaps add nothing. A shuffle's
// receiver counts one combine (its own value and the one received) even where the lane then
// drops what it received, as shfl_up's lowest lanes do: the trace records the exchange, not
// the choice.
#pragma once
#include <cstdint>
#include <string>

#include "model/dataflow.h"

namespace wl {

struct WorkSpan {
  std::uint64_t work = 0;    // combines
  std::uint64_t span = 0;    // the longest chain of combines, input to any value
  std::uint64_t inputs = 0;  // input elements read (Input nodes)
};

WorkSpan measure_work_span(const DataflowGraph& graph);

// "work 1793 combines for 256 inputs (n log2 n = 2048, 2n = 512); span 8 combines deep
// (log2 n = 8.0)": the measured numbers beside the textbook ones, for the metrics view and
// `warplens metrics`.
std::string work_span_text(const WorkSpan& ws);

}  // namespace wl
