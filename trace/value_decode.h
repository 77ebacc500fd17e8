// Turning an event's raw value bits into numbers. Which numbers depends on the element type
// of the launch (TraceMeta::type) and on the kind of event.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <variant>
#include <vector>

#include "trace/event.h"

namespace wl {

enum class ValueType : std::uint8_t { I32, U32, F32, F64 };

std::optional<ValueType> value_type_from_name(std::string_view name);  // "i32", "u32", "f32", "f64"
unsigned value_type_bytes(ValueType t);

using Number = std::variant<std::int64_t, std::uint64_t, double>;

// The values an event carries, in order:
// - loads, stores, atomics: the element(s) accessed. An access wider than one element (a
//   16-byte vector load, say) holds size / element-size elements packed little-endian in
//   value[0] then value[1]. An access whose size is not a multiple of the element size (a
//   4-byte flag in an f64 launch) gives one unsigned integer of its `size` low bytes.
//   Atomics give the operand only (a CAS's compare value stays in the raw bits).
// - shuffles: [sent, received], each decoded like a one-element access of `size` bytes.
// - votes: [predicate, result] as unsigned integers (raw bits: ballot masks stay masks).
// - branches, barriers, warp syncs, fences: nothing.
// `type` empty (an unknown element type) decodes every element as an unsigned integer.
std::vector<Number> decode_values(const Event& e, std::optional<ValueType> type);

}  // namespace wl
