// Classes and names of Event fields, shared by the file reader, the JSON export and the model.
// Buffer names live in the trace's buffer table (TraceMeta::buffers), step names in core/step.h.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "trace/event.h"

namespace wl {

inline bool is_shared_access(OpKind op) {
  return op == OpKind::SharedLoad || op == OpKind::SharedStore || op == OpKind::SharedAtomic;
}
inline bool is_global_access(OpKind op) {
  return op == OpKind::GlobalLoad || op == OpKind::GlobalStore || op == OpKind::GlobalAtomic;
}
inline bool is_memory_access(OpKind op) { return is_shared_access(op) || is_global_access(op); }

// Events that only steer or order threads. A lane whose only events in a step are these did
// no work in that step (Fence is deliberately not here: see model/divergence.h).
inline bool is_control(OpKind op) {
  return op == OpKind::Branch || op == OpKind::Barrier || op == OpKind::WarpSync;
}
// Events counted as "operations" in per-level work: everything except control and fences.
inline bool is_operation(OpKind op) { return !is_control(op) && op != OpKind::Fence; }

inline std::optional<OpKind> op_from_name(std::string_view name) {
  for (unsigned k = 0; k < unsigned(OpKind::Count); ++k)
    if (name == op_name(OpKind(k))) return OpKind(k);
  return std::nullopt;
}

}  // namespace wl
