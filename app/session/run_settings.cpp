#include "session/run_settings.h"

#include <algorithm>


namespace wl {

bool RunSettings::operator==(const RunSettings& o) const {
  const RunRequest &a = request, &b = o.request;
  return a.family == b.family && a.params == b.params && a.variant == b.variant && a.op == b.op && a.type == b.type &&
         a.n == b.n && a.block == b.block && pattern == o.pattern && seed == o.seed &&
         backend == o.backend && inspect_block == o.inspect_block &&
         inspect_launch == o.inspect_launch && lab_file == o.lab_file && lab_family == o.lab_family && lab_kernel == o.lab_kernel && lab_seconds == o.lab_seconds &&
         lab_memory_mib == o.lab_memory_mib;
}

std::string validate_settings(const RunSettings& s) {
  Pattern pattern;
  if (!parse_pattern(s.pattern, pattern)) return "unknown input pattern '" + s.pattern + "'";
  if (!s.lab_file.empty()) return {};
  RunRequest r = s.request;
  r.record = false;
  if (std::string problem = validate(r); !problem.empty()) return problem;
  if (s.request.n > 0 && s.inspect_block >= grid_blocks(s))
    return "block " + std::to_string(s.inspect_block) + " does not exist: the grid has " +
           std::to_string(grid_blocks(s)) + " block" + (grid_blocks(s) == 1 ? "" : "s");
  return {};
}

std::uint32_t grid_blocks(const RunSettings& s) {
  RunRequest r = s.request;
  r.record = false;
  if (!validate(r).empty()) return 0;
  const std::vector<PlannedLaunch> launches = find_family(r.family)->plan(r);
  return launches.empty() ? 0 : launches.front().grid;
}

std::vector<std::uint32_t> blocks_to_record(const RunSettings& s) {
  // A learner's grid is known to the child that runs it, which leaves out blocks past it.
  const std::uint32_t grid = s.lab_file.empty() ? grid_blocks(s) : std::max(kMaxRecordedBlocks, s.inspect_block + 1);
  std::vector<std::uint32_t> blocks;
  for (std::uint32_t b = 0; b < std::min(grid, kMaxRecordedBlocks); ++b) blocks.push_back(b);
  if (s.inspect_block >= kMaxRecordedBlocks && s.inspect_block < grid) blocks.push_back(s.inspect_block);
  if (blocks.empty()) blocks.push_back(0);
  return blocks;
}

}  // namespace wl
