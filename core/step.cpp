#include "core/step.h"

#include <cstdio>

namespace wl {

std::string step_name(StepId s) {
  const unsigned k = step_index(s);
  const std::string index = std::to_string(k);
  switch (step_kind(s)) {
    case StepKind::Load: return "load";
    case StepKind::Level: return "level " + index;
    case StepKind::UpSweep: return "up-sweep d=" + index;
    case StepKind::DownSweep: return "down-sweep d=" + index;
    case StepKind::Ticket: return "ticket";
    case StepKind::LookBack: return "look-back";
    case StepKind::LastBlockLevel: return "last block, level " + index;
    case StepKind::Propagate: return "propagate";
    case StepKind::Merge: return "merge";
    case StepKind::Finish: return "finish";
  }
  char text[16];
  std::snprintf(text, sizeof text, "step 0x%04x", unsigned(s));
  return text;
}

}  // namespace wl
