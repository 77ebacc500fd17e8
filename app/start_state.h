// Turns the command line's "start with" options (--variant, --view, --level, --trace, ...)
// into the app state the first frame shows. GL-free, so tests can check it.
#pragma once
#include <string>

#include "app_state.h"
#include "cli_options.h"

namespace wl {

// The settings a fresh app shows: small enough that every node of the tree has its value.
RunSettings default_run_settings();

// Fills `state` and starts the runs (or the trace load, or the lesson). Returns a message when
// an option can never work (an unknown view, a bad level); run problems (an unknown variant,
// a block size the variant refuses) are left to the sessions, which show them in place.
std::string apply_start_options(AppState& state, const StartOptions& options);

}  // namespace wl
