// JSON export (and import) of a trace, for viewers and scripts. Shape, in docs/TRACE_FORMAT.md:
//   {"format": "warplens-trace", "version": 2, "meta": {...}, "events": [{...}, ...]}
// The meta carries the launch, buffer and step tables. Each event carries its position
// (launch, block, thread, warp, lane, step, site, seq), what it did (op, address, bank for
// shared accesses else null, size, buffer name or null, taken for branches else null, aux,
// flags), its values decoded by element type (trace/value_decode.h) and its raw value bits as
// two "0x..." strings, which is what import reads back.
#pragma once
#include <iosfwd>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "trace/trace.h"
#include "trace/trace_error.h"

namespace wl {

nlohmann::json meta_to_json(const TraceMeta& meta);
nlohmann::json event_to_json(const Event& e, const TraceMeta& meta);
nlohmann::json trace_to_json(const Trace& trace);

// Streams one event per line without building the whole document in memory: use these for
// traces of millions of events. Output equals trace_to_json(trace).dump() up to whitespace.
void write_trace_json(const Trace& trace, std::ostream& out);
void write_trace_json(const Trace& trace, const std::string& path);

// Import: exact for every field except Event::pad, which is not exported and comes back 0.
// Reads version 1 documents too, converted as version-1 binary files are (trace/trace_v1.h).
// Throws TraceError on malformed JSON or an invalid trace.
Trace trace_from_json(const nlohmann::json& doc);
Trace read_trace_json(const std::string& path);

}  // namespace wl
