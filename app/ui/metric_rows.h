// The metrics a teacher compares, as (name, value) rows from one StepMetrics, shared by the
// metrics table and the compare deltas.
#pragma once
#include <string>
#include <vector>

#include "model/metrics.h"

namespace wl::ui {

struct MetricColumn {
  const char* name;
  const char* short_name;  // for narrow tables (compare mode)
  const char* tooltip;
  bool lower_is_better;
  double (*value)(const StepMetrics&);
  bool percent;
};

const std::vector<MetricColumn>& metric_columns();
std::string metric_text(const MetricColumn& c, const StepMetrics& m);

}  // namespace wl::ui
