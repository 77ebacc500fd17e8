#include "core/step.h"

#include <charconv>
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
    case StepKind::ReduceScatter: return "reduce-scatter " + index;
    case StepKind::AllGather: return "all-gather " + index;
    case StepKind::Exchange: return "exchange " + index;
    case StepKind::Pass: {
      const unsigned level = k & ((1u << kPassLevelBits) - 1);
      const std::string pass = "pass " + std::to_string(k >> kPassLevelBits);
      return level == 0 ? pass : pass + ", level " + std::to_string(level - 1);
    }
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
  if (text.rfind("pass ", 0) == 0) {  // two numbers: "pass 2", "pass 2, level 3"
    for (unsigned pass = 2; pass < (1u << (kStepIndexBits - kPassLevelBits)); ++pass) {
      if (step_name(pass_step(pass)) == text) return pass_step(pass);
      const std::string prefix = step_name(pass_step(pass)) + ", level ";
      if (text.rfind(prefix, 0) != 0) continue;
      for (unsigned level = 0; level + 1 < (1u << kPassLevelBits); ++level)
        if (step_name(pass_step(pass, level)) == text) return pass_step(pass, level);
    }
    return std::nullopt;
  }
  // Each kind's name is fixed ("look-back") or a prefix and its index ("up-sweep d=" 2): the
  // prefix is the name of index 0 without its "0". One look per kind, not one per index.
  for (unsigned kind = 0; kind < kStepKindCount; ++kind) {
    const std::string first = step_name(make_step(StepKind(kind), 0));
    if (first.rfind("step 0x", 0) == 0) continue;  // a kind this build does not know
    if (first == step_name(make_step(StepKind(kind), 1))) {  // the kind has no index
      if (first == text) return make_step(StepKind(kind), 0);
      continue;
    }
    const std::string_view prefix = std::string_view(first).substr(0, first.size() - 1);
    if (text.size() <= prefix.size() || text.substr(0, prefix.size()) != prefix) continue;
    const std::string_view digits = text.substr(prefix.size());
    unsigned index = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (error != std::errc() || end != digits.data() + digits.size() || index > kMaxStepIndex) continue;
    const StepId s = make_step(StepKind(kind), index);
    if (step_name(s) == text) return s;  // "level 03" is not "level 3"
  }
  return std::nullopt;
}

}  // namespace wl
