// The Result section while a run is in flight or waits for a yes: how far the simulator has got,
// how long it has left, and Cancel; or the question before a big run.
#pragma once
#include "session/session.h"

namespace wl::ui {

// True when it drew something (the run is in flight or asks): the result line then waits.
bool draw_progress_line(Session& session);

}  // namespace wl::ui
