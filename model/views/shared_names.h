// Shared memory named as the kernel's file names it, for findings, hovers and readouts.
#pragma once
#include <cstdint>
#include <string>

#include "trace/trace.h"

namespace wl {

// Shared slot `slot` of the run's value type (meta.type: races, the dataflow and the tree count
// shared memory so): "XY[1]" where meta.shared_arrays names it, else "shared[1]".
std::string shared_slot_name(const TraceMeta& meta, std::uint64_t slot);

// The bytes of the run's value type: a shared slot's size (4 for an unknown type).
unsigned run_type_bytes(const TraceMeta& meta);

}  // namespace wl
