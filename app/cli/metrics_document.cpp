#include "cli/metrics_document.h"

#include "model/dataflow.h"
#include "model/metrics_format.h"
#include "model/peer_traffic.h"
#include "model/views/race_report.h"
#include "model/work_span.h"

namespace wl::cli {

nlohmann::json metrics_document(const Metrics& metrics, const RunResult& o) {
  nlohmann::json j = metrics_to_json(metrics);
  j["result"] = {{"value", o.result_text}, {"reference", o.check.expected}, {"ok", o.check.ok},
                 {"error", o.check.error},      {"bound", o.check.bound},        {"diagnosis", o.check.diagnosis}};
  const WorkSpan ws = measure_work_span(build_dataflow(o.trace));
  j["work_span"] = {{"work", ws.work}, {"span", ws.span}, {"inputs", ws.inputs}};
  nlohmann::json races = nlohmann::json::array();
  for (const Race& r : find_races(o.trace)) races.push_back(race_sentence(r, o.trace.meta));
  j["races"] = races;
  j["backend"] = o.backend;
  j["recorded_blocks"] = o.trace.meta.recorded_blocks;
  j["grid"] = o.trace.meta.grid_dim;
  if (o.trace.meta.ranks > 1) j["ranks"] = peer_traffic_to_json(peer_traffic(o.trace));
  return j;
}

}  // namespace wl::cli
