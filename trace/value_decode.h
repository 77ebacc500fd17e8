// Turning an event's raw value bits into numbers. Which numbers depends on the element type
// (the run's, or the accessed buffer's) and on the kind of event.
#pragma once
#include <cstdint>
#include <array>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "trace/trace.h"

namespace wl {

enum class ValueType : std::uint8_t { I32, U32, F32, F64 };

std::optional<ValueType> value_type_from_name(std::string_view name);  // "i32", "u32", "f32", "f64"
unsigned value_type_bytes(ValueType t);

// The element type of each event's values: a global access decodes with its buffer's type (a
// u32 ticket in an f32 run reads as u32), shared accesses and shuffles with the run's type
// (meta.type). Resolved once per trace, so decoding millions of events compares no strings.
class EventValueTypes {
 public:
  explicit EventValueTypes(const TraceMeta& meta);
  // Empty for an unknown type name, and for a global access naming no known buffer.
  std::optional<ValueType> of(const Event& e) const;

 private:
  std::optional<ValueType> run_;
  std::array<std::optional<ValueType>, 256> buffers_{};  // by BufferId
};

using Number = std::variant<std::int64_t, std::uint64_t, double>;

// The values an event carries, in order:
// - loads, stores, atomics: the element(s) accessed. An access wider than one element (a
//   16-byte vector load, say) holds size / element-size elements packed little-endian in
//   value[0] then value[1]. An access whose size is not a multiple of the element size (a
//   4-byte flag read as f64) gives one unsigned integer of its `size` low bytes.
//   Atomics give the operand only (a CAS's compare value stays in the raw bits).
// - shuffles: [sent, received], each decoded like a one-element access of `size` bytes.
// - votes: [predicate, result] as unsigned integers (raw bits: ballot masks stay masks).
// - branches, barriers, warp syncs, fences: nothing.
// `type` (EventValueTypes::of(e)) empty decodes every element as an unsigned integer.
std::vector<Number> decode_values(const Event& e, std::optional<ValueType> type);

}  // namespace wl
