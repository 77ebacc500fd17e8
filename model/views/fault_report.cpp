#include "model/views/fault_report.h"

namespace wl {

SourceLocation fault_location(const TraceMeta& meta) {
  if (!meta.fault) return {};
  return site_location(std::uint16_t(meta.fault->line), meta);
}

std::string fault_sentence(const TraceMeta& meta) {
  if (!meta.fault) return {};
  const TraceFault& f = *meta.fault;
  const SourceLocation at = fault_location(meta);
  std::string where = at.file + ":" + std::to_string(at.line) + " (";
  if (meta.launches.size() > 1) where += launch_name(meta, f.launch) + ", ";
  where += "block " + std::to_string(f.block) + ", thread " + std::to_string(f.thread) + ")";
  std::string what = f.message;
  if (!what.empty() && what[0] >= 'a' && what[0] <= 'z') what[0] = char(what[0] - 'a' + 'A');
  return "The simulator stopped the kernel at " + where + ": " + f.kind + ". " + what + ".";
}

}  // namespace wl
