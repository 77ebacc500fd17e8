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
    case StepKind::Bin: return "bin round " + index;
    case StepKind::Sort: return "sort " + index;
    case StepKind::Finish: return "finish";
  }
  char text[16];
  std::snprintf(text, sizeof text, "step 0x%04x", unsigned(s));
  return text;
}

std::optional<StepId> parse_step_name(std::string_view text) {
  if (text == "finish") return kFinishStep;
  if (!text.empty() && text.size() <= 4 && text.find_first_not_of("0123456789") == std::string_view::npos) {
    const unsigned level = unsigned(std::stoul(std::string(text)));
    if (level <= kMaxStepIndex) return level_step(level);
    return std::nullopt;
  }
  for (unsigned kind = 0; kind < kStepKindCount; ++kind)
    for (unsigned index = 0; index <= kMaxStepIndex; ++index) {
      const StepId s = make_step(StepKind(kind), index);
      const std::string name = step_name(s);
      if (name.rfind("step 0x", 0) == 0) break;  // a kind this build does not know
      if (name == text) return s;
      if (name == step_name(make_step(StepKind(kind), index + 1))) break;  // the kind has no index
    }
  return std::nullopt;
}

}  // namespace wl
