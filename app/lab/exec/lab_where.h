// Where a learner's kernel was when the time limit stopped it. The child (`lab exec`) runs a
// watchdog that, just before the limit, writes where the simulator's threads were
// (kernels/sim/sim_where.h) into the run's folder; the parent, having stopped the child, says it
// in a sentence with the file's lines.
#pragma once
#include <string>

#include "lab/front/lab_file.h"

namespace wl::lab {

// In the child: writes FOLDER/where.json after `seconds` unless destroyed first.
class LabWatchdog {
 public:
  LabWatchdog(double seconds, std::string folder);
  ~LabWatchdog();
  LabWatchdog(const LabWatchdog&) = delete;
  LabWatchdog& operator=(const LabWatchdog&) = delete;

 private:
  struct State;
  State* state_;
};

// How long before the parent's limit the child looks: late enough to see the hang, early
// enough to write it down.
double watch_seconds(double limit_seconds);

// In the parent: "At that moment block 0 was running thread 3, which had gone on past line 40
// with no memory access, barrier or shuffle since. The others: ... A loop that never ends?"
// from FOLDER/where.json; empty when the child wrote none (it ran on the GPU, or hung before).
std::string where_sentence(const std::string& folder, const LabFile& file);

}  // namespace wl::lab
