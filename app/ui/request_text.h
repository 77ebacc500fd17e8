// Words for warp requests, shared by the bank and memory views.
#pragma once
#include <string>

#include "trace/trace.h"

namespace wl::ui {

const char* access_verb(OpKind op);  // "load", "store", "atomic"
// "warp 0 · load · line 37" (line: the source line, with its file when it is not the variant's)
std::string request_title(unsigned warp, OpKind op, std::uint16_t site, const TraceMeta& meta);

}  // namespace wl::ui
