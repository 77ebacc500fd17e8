#include "cli/metrics_document.h"

#include <stdexcept>
#include <string>

#include "model/dataflow.h"
#include "model/metrics_format.h"
#include "model/peer_traffic.h"
#include "model/views/race_report.h"
#include "model/run_notes.h"
#include "model/work_span.h"

namespace wl::cli {

namespace {

// Whether one launch of several is counted (a trace of one launch, or of a version-1 file, which
// names none, is that launch); std::invalid_argument for one the trace lacks.
bool counts_one_of_several(const Trace& t, CountedLaunches launches) {
  const std::size_t recorded = t.meta.launches.size();
  if (launches && *launches > 0 && *launches >= recorded)
    throw std::invalid_argument("--launch " + std::to_string(*launches) + ": the run recorded " +
                                std::to_string(recorded) + " launch(es)");
  return launches && recorded > 1;
}

}  // namespace

Metrics counted_metrics(const Trace& t, CountedLaunches launches) {
  return compute_metrics(counts_one_of_several(t, launches) ? select_launch(t, *launches) : t);
}

Metrics counted_metrics(Trace&& t, CountedLaunches launches) {
  return compute_metrics(counts_one_of_several(t, launches) ? select_launch(std::move(t), *launches) : t);
}

nlohmann::json counted_launches_json(CountedLaunches launches) {
  return launches ? nlohmann::json::array({*launches}) : nlohmann::json("all");
}

namespace {

// The document's part that is the whole run's, whatever launches are counted.
nlohmann::json run_document(const RunResult& o) {
  nlohmann::json j;
  j["result"] = {{"value", o.result_text}, {"reference", o.check.expected}, {"ok", o.check.ok},
                 {"error", o.check.error},      {"bound", o.check.bound},        {"diagnosis", o.check.diagnosis}};
  const WorkSpan ws = measure_work_span(build_dataflow(o.trace));
  j["work_span"] = {{"work", ws.work}, {"span", ws.span}, {"inputs", ws.inputs}};
  j["notes"] = run_notes(o.trace, ws, o.check.ok && !o.trace.meta.fault);
  j["races"] = races_json(o.trace);
  j["backend"] = o.backend;
  j["recorded_blocks"] = o.trace.meta.recorded_blocks;
  j["grid"] = o.trace.meta.grid_dim;
  if (o.trace.meta.ranks > 1) j["ranks"] = peer_traffic_to_json(peer_traffic(o.trace));
  return j;
}

nlohmann::json with_counted(nlohmann::json j, const Metrics& counted, CountedLaunches launches) {
  j.update(metrics_to_json(counted));
  j["launches"] = counted_launches_json(launches);
  return j;
}

}  // namespace

nlohmann::json metrics_document(const RunResult& o, CountedLaunches launches) {
  return with_counted(run_document(o), counted_metrics(o.trace, launches), launches);
}

nlohmann::json metrics_document(RunResult&& o, CountedLaunches launches) {
  nlohmann::json j = run_document(o);  // before the counted launch takes the trace's events
  return with_counted(std::move(j), counted_metrics(std::move(o.trace), launches), launches);
}

nlohmann::json races_json(const Trace& trace) {
  nlohmann::json races = nlohmann::json::array();
  for (const Race& r : find_races(trace)) races.push_back(race_sentence(r, trace.meta));
  return races;
}

}  // namespace wl::cli
