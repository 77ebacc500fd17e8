// The child's side of a lab run (`warplens lab exec LIBRARY FOLDER [--watch SECONDS]`, this same
// program run again by lab_run.h): loads the built library, runs the request its folder holds
// and writes the trace and the result there (child_protocol.h). The learner's code runs only
// here, so whatever it does ends this process, never the app.
#pragma once
#include <string>
#include <vector>

#include "kernels/family/family.h"

namespace wl::lab {

// The request as the variant runs it: settled against the loaded family (settle_for,
// run/settled_run.h), then the blocks asked for fitted to the variant's first grid (all of them,
// with `record_all`; block 0 when none is left). Empty when it can run, else the sentence that
// refuses it.
std::string fit_child_request(const Family& family, RunRequest& r, bool record_all);

// Reads FOLDER/request.json, runs it with the library's family, writes FOLDER/trace.wltrace and
// FOLDER/result.json; after `watch_seconds` (if > 0) it writes where its threads were
// (lab_where.h). Returns the exit code: 2 for a request refused, 3 for one it cannot read or a
// library it cannot load.
int lab_exec(const std::string& library, const std::string& folder, double watch_seconds = 0);

}  // namespace wl::lab
