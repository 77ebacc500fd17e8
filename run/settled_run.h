// One run, settled once for every front door (the CLI, the app, the lab, bench): its words
// parsed, its defaults filled in, its request validated, its launches planned and the blocks it
// records chosen. The runner (run/backend_run.h) takes nothing else, and checks nothing again.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/family/family.h"
#include "run/run_settings.h"

namespace wl {

// The input a run makes: its pattern and seed.
struct RunInput {
  Pattern pattern = Pattern::Random;
  std::uint64_t seed = 1;
};

struct SettledRun {
  RunSettings settings;  // as asked, with its defaults filled in
  RunRequest request;    // what the family runs: valid, recording set
  RunInput input;
  std::vector<PlannedLaunch> launches;  // none for n = 0, and for a learner's file (its child plans)
  const Family* family = nullptr;       // null for a learner's file

  std::uint32_t grid() const { return launches.empty() ? 0 : launches.front().grid; }
};

// Settles `asked`, recording when `record`: "" with `out` filled, or what is wrong in one
// sentence (an unknown family, variant or pattern; a request the family refuses; an input past
// half this machine's memory; a block to record or inspect that the grid lacks).
std::string settle(const RunSettings& asked, bool record, SettledRun& out);
// The same against a family already found: a learner's loaded library, which no list holds.
std::string settle_for(const Family& family, const RunSettings& asked, bool record, SettledRun& out);

// Blocks in the first launch; 0 when nothing launches (n = 0) or the settings do not settle.
std::uint32_t grid_blocks(const RunSettings& settings);

}  // namespace wl
