// A plain-CUDA kernel's steps are its barrier intervals (plain_thread.cpp numbers them "load",
// "level 0", ...); this names them after the barriers that open them, so the views say where in
// the file a step begins: "start", "after line 24", "after line 29", "after line 29 (2)", ...
#pragma once
#include "trace/trace.h"

namespace wl {

// Renames trace.meta.steps from the recorded barriers' lines; steps no barrier opens keep their names.
void name_plain_steps(Trace& trace);

}  // namespace wl
