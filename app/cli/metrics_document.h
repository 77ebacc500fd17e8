// The document `warplens metrics --json` prints for a run, and `warplens lab run --json` too:
// the metrics, the result and its check, its races in words, work and span, where it ran and what was recorded, and
// each rank's peer bytes for a run over several GPUs.
#pragma once
#include <nlohmann/json.hpp>

#include "kernels/family/run_result.h"
#include "model/metrics.h"

namespace wl::cli {

nlohmann::json metrics_document(const Metrics& metrics, const RunResult& run);

}  // namespace wl::cli
