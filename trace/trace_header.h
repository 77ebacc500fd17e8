// The header of the binary trace file: the meta, field by field, in the layout of
// docs/TRACE_FORMAT.md. Internal to the file reader and writer.
#pragma once
#include <cstdint>

#include "trace/byte_io.h"
#include "trace/trace.h"

namespace wl {

// Always the current version's layout.
void encode_header(const TraceMeta& meta, ByteWriter& w);

// Reads a header of format `version` (1 or later). Version 1 has no launch, buffer or step
// tables: they come back empty (trace/trace_v1.h fills them). Bytes after the fields this
// version knows are ignored, so a writer may append fields without a version change. Throws
// TraceError("invalid trace header: ...") for a field that runs past the header.
TraceMeta decode_header(ByteReader r, std::uint32_t version);

}  // namespace wl
