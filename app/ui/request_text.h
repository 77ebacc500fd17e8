// Words for warp requests, and the list they stand in, shared by the bank and memory views.
#pragma once
#include <string>

#include "model/views/request_index.h"
#include "trace/trace.h"

namespace wl::ui {

const char* access_verb(OpKind op);  // "load", "store", "atomic"
// "warp 0 · load · line 37" (line: the source line, with its file when it is not the variant's)
std::string request_title(const RequestHead& r, const TraceMeta& meta);

// A request's heading, wrapped, each part on the line before where it fits: its title, then
// `detail` (dimmed), then `cost` (the problem color where `problem`, else the good one).
void request_heading(const RequestHead& r, const TraceMeta& meta, const std::string& detail, const char* cost,
                     bool problem);

// The scrolling list of a level's requests, above a one-line legend; `none`, where not null,
// says there are none. EndChild closes it.
void begin_request_list(const char* id, const char* none);

}  // namespace wl::ui
