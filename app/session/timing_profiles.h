// The sweeps the Timing view can show: recorded profiles (assets/profiles/*.json and files
// named with --profile), each loaded once, a corrupt one kept as its error line, and the sweep
// measured live in this session.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/timing/timing_sweep.h"
#include "session/timing_worker.h"

namespace wl {

struct ProfileEntry {
  std::string path;
  std::optional<TimingSweep> sweep;  // unset: it did not load
  std::string error;                 // why not, naming the file
};

// `files` (named on the command line), then every *.json in `folder` (sorted by name; a missing
// folder is no profile).
std::vector<ProfileEntry> load_profiles(const std::string& folder, const std::vector<std::string>& files);

struct TimingState {
  std::vector<std::string> extra_profiles;  // --profile FILE
  bool loaded = false;                      // profiles are read on the view's first frame
  std::vector<ProfileEntry> profiles;
  std::optional<TimingSweep> live;          // measured now, on this machine
  std::string live_error;                   // the last live sweep's failure
  int shown = 0;                            // index into profiles; -1 = the live sweep
  std::string followed;                     // the family follow_family last saw chosen
  TimingWorker worker;
  bool sweep_requested = false;  // --sweep: start a live sweep on the view's next frame
  bool back_to_back = false;     // the live sweep times runs in a stream (TimingPlan::back_to_back)

  int preset = 0;               // index into ladder_presets_for(preset_family)
  std::string preset_family;    // the family of the sweep the ladder was last drawn from
  std::uint64_t ladder_n = 0;   // 0: the preset's own size (ui/timing_plots.h default_ladder_size)

  const TimingSweep* shown_sweep() const;
  // Reads the profiles (again) and shows the first that loaded, unless the live one is shown;
  // then, as follow_family, one of the family last followed.
  void reload(const std::string& folder);
  // When the family chosen in the controls changes, and the sweep shown is of another family,
  // shows the live sweep if it is of `family`, else the first recorded one that is; when none
  // is, the sweep shown stays. The first call leaves a file named with --profile shown.
  void follow_family(const std::string& family);
};

}  // namespace wl
