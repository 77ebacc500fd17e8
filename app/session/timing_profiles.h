// The sweeps the Timing view can show: recorded profiles (assets/profiles/*.json and files
// named with --profile), each loaded once, a corrupt one kept as its error line, and the sweep
// measured live in this session.
//
// A family may ship several profiles for one device: against n, and against a parameter
// (<device>-rows.json, <device>-rows-cols.json). What a profile runs along is its own field
// (TimingSweep::swept_param), not its file name: a file renamed, or named with --profile, still
// says what its x axis is, and the name stays a convention for people. The view follows a
// family to its sweep against n first, and offers the others of the same device, family,
// operator and type as a choice of axis (axis_choices).
#pragma once
#include <cstdint>
#include <optional>
#include <map>
#include <string>
#include <vector>

#include "results/timing_sweep.h"
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
  std::string followed;                     // the family follow_family last saw chosen ("": none yet)
  std::map<std::string, std::uint64_t> followed_params;  // and its parameters
  TimingWorker worker;
  bool sweep_requested = false;  // --sweep: start a live sweep on the view's next frame
  bool back_to_back = false;     // the live sweep times runs in a stream (TimingPlan::back_to_back)

  int preset = 0;               // index into ladder_presets_for(preset_family)
  std::string preset_family;    // the family of the sweep the ladder was last drawn from
  std::uint64_t ladder_n = 0;   // 0: the preset's own size (ui/timing_plots.h default_ladder_size)
  // A sweep over a parameter: the n its plots and ladder are at (0: its largest), and the value
  // the ladder is at (unset: ui/timing_plots.h default_ladder_param).
  std::uint64_t plot_n = 0;
  std::optional<std::uint64_t> ladder_param;

  const TimingSweep* shown_sweep() const;
  // Shows profiles[which], or the live sweep for -1, from its default sizes and values.
  void show(int which);
  // The axes the shown sweep can be seen along: for each ("n", or a swept parameter, "n"
  // first), the sweep shown or the first other one of the same device, family, operator and
  // type that runs along it. One entry, the shown sweep's own, when it has no such sibling;
  // none when nothing is shown.
  struct AxisChoice {
    std::string axis;
    int which = 0;  // as `shown`
  };
  std::vector<AxisChoice> axis_choices() const;
  // Reads the profiles (again) and shows the first that loaded, unless the live one is shown;
  // then, as follow_family, one of the family last followed.
  void reload(const std::string& folder);
  // When the family chosen in the controls changes, and the sweep shown is of another family or
  // was timed at other parameters (gpus=2 against gpus=4), shows the live sweep if it is of
  // `family`, else the first recorded one that is, at `params` if one was (against n before one
  // against a parameter); when none is, the sweep shown stays. The first call leaves a file
  // named with --profile shown.
  void follow_family(const std::string& family, const std::map<std::string, std::uint64_t>& params = {});
};

}  // namespace wl
