// Where a run stopped on a kernel bug, in words: what the CLI prints and the app shows over the
// run up to there.
#pragma once
#include <string>

#include "model/views/source_sites.h"
#include "trace/trace.h"

namespace wl {

// The source line of meta.fault (a site, as events carry them); {} without a fault.
SourceLocation fault_location(const TraceMeta& meta);
// "The simulator stopped the kernel at <file>:<line> (launch L, block B, thread T): <kind>. <message>."
// Empty without a fault.
std::string fault_sentence(const TraceMeta& meta);

}  // namespace wl
