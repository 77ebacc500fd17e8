// A plain-CUDA kernel's steps are its barrier intervals (plain_thread.cpp numbers them "load",
// "level 0", ...); this names them after the barriers that open them, so the views say where in
// the file a step begins: "start", "after line 24", "after line 29", "after line 29 (2)", ...
#pragma once
#include <algorithm>

#include "core/step.h"
#include "trace/trace.h"

namespace wl {

// The step of a thread that has passed `barriers` barriers: "load", then "level 0", ...; past
// the 4096th barrier the intervals share the last step. The simulator's and the GPU's alike.
inline StepId plain_interval_step(unsigned barriers) {
  return barriers == 0 ? kLoadStep : level_step(std::min(barriers - 1, kMaxStepIndex));
}

// Renames trace.meta.steps from the recorded barriers' lines; steps no barrier opens keep their names.
void name_plain_steps(Trace& trace);

}  // namespace wl
