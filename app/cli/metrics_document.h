// The document `warplens metrics --json` prints for a run, and `warplens lab run --json` too:
// the metrics of the launches it counts (and which those are), the result and its check, its
// races in words, work and span, where it ran and what was recorded, and each rank's peer bytes
// for a run over several GPUs. Both commands counting the same launches give the same numbers.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>

#include "kernels/family/run_result.h"
#include "model/metrics.h"

namespace wl::cli {

// The launches a document counts: one, by its index, or every launch of the run (nullopt).
using CountedLaunches = std::optional<std::uint32_t>;
constexpr CountedLaunches kAllLaunches = std::nullopt;

// The metrics of the recorded blocks of those launches; std::invalid_argument, in a sentence,
// for a launch the trace does not hold.
Metrics counted_metrics(const Trace& trace, CountedLaunches launches);
// The same, the trace given up: one launch of several is counted in the trace's own events, not
// a copy of them (a copy of millions of events was the command's peak memory).
Metrics counted_metrics(Trace&& trace, CountedLaunches launches);

// "all", or [k]: the document's "launches".
nlohmann::json counted_launches_json(CountedLaunches launches);

nlohmann::json metrics_document(const RunResult& run, CountedLaunches launches);
// The same, the run given up: its trace's own events are counted (counted_metrics above).
nlohmann::json metrics_document(RunResult&& run, CountedLaunches launches);

// The races the trace holds, a sentence each (as `lab run` prints them): the document's "races",
// and `metrics --trace FILE --json`'s, so a grader reads them from a saved trace too.
nlohmann::json races_json(const Trace& trace);

}  // namespace wl::cli
