// Metrics as JSON (for the viewer and scripts) and as a plain-text table (for the CLI).
#pragma once
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "model/peer_traffic.h"

#include "model/metrics.h"

namespace wl {

// {"steps": [row...], "total": row, "num_steps": n, "barriers": n, "incomplete": bool}; a row:
// {"step", "label", "ops", "active_threads", "warps_active", "active_lanes", "divergent_warps",
//  "lane_utilization", "barriers", "shared_ld" / "shared_st" / "shared_atom": {"requests",
//  "wavefronts", "ideal", "conflicts"}, "global_ld" / "global_st" / "global_atom": {"requests",
//  "sectors", "ideal"}}. The total row's "step" is null. When the trace has atomics, a row also
// has "shared_contention" / "global_contention": {"requests", "lanes", "passes", "hottest":
// null or {"buffer", "address", "lanes", "passes"}}.
nlohmann::json metrics_to_json(const Metrics& metrics);
// Per rank of a run over several GPUs: {"rank", "peer_read_bytes", "peer_write_bytes", "steps":
// [{"step", "peer_read_bytes", "peer_write_bytes"}]}, the bytes it loaded from and stored to
// other ranks' memory (model/peer_traffic.h).
nlohmann::json peer_traffic_to_json(const PeerTraffic& traffic);

// Aligned columns, one line per step then a total line. Atomic columns, and a second table of
// same-address atomic passes per step, appear only when the trace has atomics; a warning line
// precedes the table when the trace is incomplete.
std::string format_metrics_table(const Metrics& metrics);

}  // namespace wl
