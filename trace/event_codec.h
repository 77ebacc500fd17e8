// The compact event encoding of trace format version 3 (docs/TRACE_FORMAT.md): each event
// predicted from the event of the same position in the thread before it (SIMT code makes
// thread t's k-th operation the same instruction as thread t-1's), and only what differs from
// the prediction written, as variable-length integers behind a one-byte mask. A barrier or
// branch of a warp costs a byte an event, a load its value's few bytes; the 48-byte records
// of version 2 shrink 10-20 times, and write and read that much faster.
#pragma once
#include <cstdint>
#include <vector>

#include "trace/event.h"

namespace wl {

// Appends `events`, in any order (canonical order encodes smallest), to `out`.
void encode_events(const std::vector<Event>& events, std::vector<std::uint8_t>& out);

// Exactly `count` events from [data, end); throws TraceError ("corrupt: ...") when the bytes
// run out early, hold more, or break the encoding. Allocates at most one event per byte.
std::vector<Event> decode_events(const std::uint8_t* data, const std::uint8_t* end, std::uint64_t count);

}  // namespace wl
