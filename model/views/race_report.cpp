#include "model/views/race_report.h"

#include "model/views/shared_names.h"

namespace wl {
namespace {

std::string location_name(const Race& r, const TraceMeta& meta) {
  if (r.shared) {  // a slot of the run's type (races.h): its bytes, named by the kernel's arrays
    return shared_slot_name(meta, r.element);
  }
  const BufferRecord* b = meta.buffer(r.buffer);
  return (b ? b->name : "global") + "[" + std::to_string(r.element) + "]";
}

std::string who(const RaceAccess& a, const TraceMeta& meta, bool ranks) {
  std::string s = "thread " + std::to_string(a.thread) + " of block " + std::to_string(a.block);
  if (ranks && a.launch < meta.launches.size()) s += " on GPU " + std::to_string(meta.launches[a.launch].rank);
  return s;
}

// Where in the kernel, as the sentence's place: "at level 1", "after line 24" (a plain-CUDA
// kernel's step, kernels/plain/plain_steps.h), "at the start".
std::string at_step(const TraceMeta& meta, StepId step) {
  const std::string label = step_label(meta, step);
  if (label.rfind("after ", 0) == 0) return label;
  return label == "start" ? "at the start" : "at " + label;
}

}  // namespace

std::pair<SourceLocation, SourceLocation> race_locations(const Race& race, const TraceMeta& meta) {
  return {site_location(race.first.site, meta), site_location(race.second.site, meta)};
}

std::string race_note(const Race& r, std::uint16_t here, std::uint16_t other, const TraceMeta& meta) {
  const char* missing = r.scope == RaceScope::Block ? "no barrier"
                        : r.scope == RaceScope::Warp ? "no barrier or __syncwarp"
                                                     : "no barrier across the GPUs";
  const SourceLocation there = site_location(other, meta);
  const std::string line = there.file == site_location(here, meta).file ? "line " + std::to_string(there.line)
                                                                         : site_text(other, meta);
  return "races with " + line + ": " + missing + " between";
}

std::string race_sentence(const Race& r, const TraceMeta& meta) {
  const bool ranks = r.scope == RaceScope::Ranks;
  const std::string where = location_name(r, meta);
  const std::string second_line = site_text(r.second.site, meta);
  std::string s = site_text(r.first.site, meta) + ": ";
  if (r.kind == RaceKind::ReadWrite) {
    s += who(r.first, meta, ranks) + " read " + where + " " + at_step(meta, r.first.step) + "; ";
    s += (ranks ? who(r.second, meta, ranks) : "thread " + std::to_string(r.second.thread)) + " wrote it at " + second_line;
  } else {
    s += who(r.first, meta, ranks) + " wrote " + where + " " + at_step(meta, r.first.step) + "; ";
    s += (ranks ? who(r.second, meta, ranks) : "thread " + std::to_string(r.second.thread)) + " wrote it too at " +
         second_line;
  }
  switch (r.scope) {
    case RaceScope::Block: s += " in the same barrier interval: a barrier is missing between them"; break;
    case RaceScope::Warp:
      s += ", a lane of the same warp, with no barrier or __syncwarp between them (since Volta a warp's lanes need not "
           "run in step)";
      break;
    case RaceScope::Ranks: s += " between the same rank barriers: a barrier across the GPUs is missing between them"; break;
  }
  if (r.pairs > 1) s += " (" + std::to_string(r.pairs - 1) + " more such pair" + (r.pairs > 2 ? "s" : "") + ")";
  return s;
}

}  // namespace wl
