// The Timing view: a recorded or live GPU sweep as three plots against n (time, bandwidth,
// share of the device copy's bandwidth), or against a swept parameter at one n, with a choice
// between the two where a family ships both; and the family's ladder at one point (reduce's
// beside the 2007 G80 table).
// Starts live sweeps on the Timing worker; never calls the GPU itself.
#pragma once
#include "app_state.h"
#include "ui/view_context.h"

namespace wl::ui {

// Draws the whole view area: no playback, no sides (the registry marks it `sweeps`).
void draw_timing_view(ViewContext& ctx);

}  // namespace wl::ui
