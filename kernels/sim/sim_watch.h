// Where a simulated kernel is while it runs, for a watchdog on another thread (sim_where.h, the
// public side). Each block keeps, per thread, the last line it was seen at and what it was doing
// there, in atomics the watchdog may read at any time; the block being run registers itself here.
#pragma once
#include "kernels/sim/sim_where.h"

namespace wl {

class SimBlock;

// Called by SimBlock (the block's scheduler thread): it runs now / it is going away.
void watch_block(const SimBlock* block);
void unwatch_block(const SimBlock* block);

}  // namespace wl
