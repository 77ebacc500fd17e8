#include "kernels/plain/plain_steps.h"

#include <map>
#include <string>

namespace wl {

void name_plain_steps(Trace& trace) {
  // The barrier that closes step k opens step k + 1 (plain_interval_step); every
  // thread passes the same barriers, so the first recorded one of each step says which.
  std::map<StepId, unsigned> closing_line;
  for (const Event& e : trace.events)
    if (e.op == OpKind::Barrier) closing_line.emplace(e.step, e.site);
  std::map<unsigned, unsigned> passes;  // per line: how many steps it has opened so far
  std::map<StepId, std::string> names;
  for (const auto& [step, line] : closing_line) {
    const StepId next = step == kLoadStep ? level_step(0) : StepId(step + 1);
    const unsigned pass = ++passes[line];
    names[next] = "after line " + std::to_string(line) + (pass > 1 ? " (" + std::to_string(pass) + ")" : "");
  }
  for (StepRecord& s : trace.meta.steps) {
    if (s.id == kLoadStep) s.name = "start";
    else if (const auto it = names.find(s.id); it != names.end()) s.name = it->second;
  }
}

}  // namespace wl
