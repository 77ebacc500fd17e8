// Classes and names of Event fields, shared by the file reader, the JSON export and the model.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
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

constexpr unsigned kBufferCount = 5;  // Buffer::None .. Buffer::Scratch

inline const char* buffer_name(Buffer b) {
  switch (b) {
    case Buffer::None: return "none";
    case Buffer::Input: return "input";
    case Buffer::Output: return "output";
    case Buffer::Partials: return "partials";
    case Buffer::Scratch: return "scratch";
    default: return "unknown";
  }
}

inline std::optional<Buffer> buffer_from_name(std::string_view name) {
  for (unsigned k = 0; k < kBufferCount; ++k)
    if (name == buffer_name(Buffer(k))) return Buffer(k);
  return std::nullopt;
}

// "load" for step 0, "level k" for step k + 1, "finish" for kFinishStep.
inline std::string step_label(std::uint16_t step) {
  if (step == kLoadStep) return "load";
  if (step == kFinishStep) return "finish";
  return "level " + std::to_string(step - 1);
}

}  // namespace wl
