// What a run did that its result and metrics do not say, a line each, for `lab run`, its JSON
// and the app's result pane: a kernel that wrote its input in place, one whose shuffles read
// lanes outside their mask (undefined in CUDA), and one whose combining was serial (right, but
// no faster than one thread).
#pragma once
#include <string>
#include <vector>

#include "model/work_span.h"
#include "trace/trace.h"

namespace wl {

// "writes its input in place: 4095 stores to input (first at line 12); the check uses the input
// as generated"; "serial: ...", only for a right result (a race's reads make long chains too).
// Empty when there is nothing to say.
std::vector<std::string> run_notes(const Trace& trace, const WorkSpan& ws, bool result_ok);

}  // namespace wl
