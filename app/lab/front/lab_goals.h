// An exercise's goals (lab_file.h) checked against a run of the learner's variant: each goal's
// metric from the trace and the check, compared with a number or with a built-in variant of the
// family run on the same input. Plain data for the CLI's table and JSON and for the app's panel.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "lab/exec/lab_run.h"
#include "lab/front/lab_file.h"
#include "run/backend_run.h"

namespace wl::lab {

// The metrics a goal may name, with what each counts (for `warplens lab check --help` and errors).
struct GoalMetric {
  const char* name;
  const char* meaning;
};
const std::vector<GoalMetric>& goal_metrics();

// A metric of a run: nullopt, with `why`, where it cannot be had (an unknown name; a GPU-only
// metric of a run on the simulator). Counts cover the recorded blocks of every launch.
std::optional<double> goal_metric(const std::string& name, const RunResult& run, const LabMeasures& measures,
                                  std::string& why);

struct GoalResult {
  LabGoal goal;
  bool met = false;
  std::optional<double> actual;   // the learner's
  std::optional<double> target;   // the number, or the built-in variant's value
  std::string note;               // why it could not be judged, or what the built-in variant gave
};

// Runs each `versus` variant with `request` (the learner's, variant replaced) where the
// learner's ran: on the simulator, or on the GPU, timed there too for a time goal.
std::vector<GoalResult> check_goals(const LabFile& file, const LabRequest& request, const LabRun& run);

// "met 3 of 4 goals" and one line a goal: "  ok    bank_conflicts == 0 (yours: 0)".
std::string format_goals(const std::vector<GoalResult>& results);

}  // namespace wl::lab
