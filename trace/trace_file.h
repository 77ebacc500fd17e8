// The binary trace file (".wltrace"): versioned, little-endian, checksummed. The byte layout
// is documented in docs/TRACE_FORMAT.md; keep the two in step.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.h"
#include "trace/trace_error.h"

namespace wl {

constexpr char kTraceMagic[8] = {'W', 'L', 'T', 'R', 'A', 'C', 'E', '\0'};
// Written: version 3, its events encoded compactly (trace/event_codec.h); versions 2 (48-byte
// records) and 1 (trace/trace_v1.h) are still read.
constexpr std::uint32_t kTraceFormatVersion = 3;
constexpr std::size_t kEventRecordBytes = 48;  // an event of versions 1 and 2

// Both writers validate the trace first (validate_trace) and throw TraceError if it is not
// well formed, so every file written can be read back. version: 3, or 2 for a reader of
// before version 3 (48 bytes an event).
std::vector<std::uint8_t> write_trace_bytes(const Trace& trace, std::uint32_t version = kTraceFormatVersion);
void write_trace(const Trace& trace, const std::string& path);

// Both readers accept versions 1 to 3 (version 1 converted: trace/trace_v1.h), throw
// TraceError, never crash, and never allocate more than the input's size justifies. The
// message names the problem: "empty", "not a WarpLens trace", "newer format version",
// "truncated", "corrupt (checksum mismatch)", "invalid trace: <field>". read_trace prefixes it
// with the path, and says "cannot open" for a missing or unreadable file.
Trace read_trace_bytes(const std::vector<std::uint8_t>& bytes);
Trace read_trace_bytes(const std::uint8_t* data, std::size_t size);
// A file that opens with '{' is read as the JSON trace (trace/trace_json.h), whatever its name:
// what the app and `warplens trace --out x.json` export opens wherever a trace is read.
Trace read_trace(const std::string& path);

}  // namespace wl
