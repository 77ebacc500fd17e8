#include "ui/metric_rows.h"

#include <cstdio>

namespace wl::ui {
namespace {

std::uint64_t shared_requests(const StepMetrics& m) {
  return m.shared_ld.requests + m.shared_st.requests + m.shared_atom.requests;
}
std::uint64_t conflicts(const StepMetrics& m) {
  return m.shared_ld.conflicts + m.shared_st.conflicts + m.shared_atom.conflicts;
}
std::uint64_t global_requests(const StepMetrics& m) {
  return m.global_ld.requests + m.global_st.requests + m.global_atom.requests;
}
std::uint64_t sectors(const StepMetrics& m) { return m.global_ld.sectors + m.global_st.sectors + m.global_atom.sectors; }
std::uint64_t ideal_sectors(const StepMetrics& m) {
  return m.global_ld.ideal + m.global_st.ideal + m.global_atom.ideal;
}

}  // namespace

const std::vector<MetricColumn>& metric_columns() {
  static const std::vector<MetricColumn> columns{
      {"active threads", "threads", "threads that did work (any operation but branches and barriers)", false,
       [](const StepMetrics& m) { return double(m.active_threads); }, false},
      {"lane use", "lanes", "active lanes / (32 x warps with an active lane)", false,
       [](const StepMetrics& m) { return m.lane_utilization; }, true},
      {"divergent warps", "diverged", "warp-steps in which lanes still running sat out an operation of their warp", true,
       [](const StepMetrics& m) { return double(m.divergent_warps); }, false},
      {"shared requests", "shared", "shared-memory warp requests (loads, stores, atomics)", true,
       [](const StepMetrics& m) { return double(shared_requests(m)); }, false},
      {"bank conflicts", "conflicts", "extra wavefronts caused by bank conflicts", true,
       [](const StepMetrics& m) { return double(conflicts(m)); }, false},
      {"global requests", "global", "global-memory warp requests", true,
       [](const StepMetrics& m) { return double(global_requests(m)); }, false},
      {"sectors", "sectors", "32-byte sectors moved by global requests", true,
       [](const StepMetrics& m) { return double(sectors(m)); }, false},
      {"ideal sectors", "ideal", "the fewest sectors the same bytes could need", true,
       [](const StepMetrics& m) { return double(ideal_sectors(m)); }, false},
      {"barriers", "barriers", "__syncthreads executed (per block, summed over blocks)", true,
       [](const StepMetrics& m) { return double(m.barriers); }, false},
      {"operations", "ops", "operations other than branches, barriers and fences", true,
       [](const StepMetrics& m) { return double(m.ops); }, false},
  };
  return columns;
}

std::string metric_text(const MetricColumn& c, const StepMetrics& m) {
  char buf[32];
  if (c.percent) std::snprintf(buf, sizeof buf, "%.0f%%", c.value(m) * 100.0);
  else std::snprintf(buf, sizeof buf, "%.0f", c.value(m));
  return buf;
}

}  // namespace wl::ui
