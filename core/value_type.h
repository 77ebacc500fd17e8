// The element types a kernel reduces, named the way traces, the CLI and the app name them.
// ValueType is an index into ValueTypes: that list is the one place an id maps to its C++ type.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string_view>
#include <type_traits>

#include "core/type_list.h"

namespace wl {

enum class ValueType : std::uint8_t { i32, u32, i64, u64, f32, f64 };

// In ValueType's order.
using ValueTypes =
    TypeList<std::int32_t, std::uint32_t, std::int64_t, std::uint64_t, float, double>;
inline constexpr const char* kValueTypeNames[] = {"i32", "u32", "i64", "u64", "f32", "f64"};
static_assert(std::size(kValueTypeNames) == TypeListSize<ValueTypes>::value);

template <class T>
constexpr bool is_value_type = IndexOf<T, ValueTypes>::value < TypeListSize<ValueTypes>::value;

template <class T>
constexpr ValueType value_type_of() {
  static_assert(is_value_type<T>, "not one of ValueTypes");
  return ValueType(IndexOf<T, ValueTypes>::value);
}

template <ValueType V>
using value_type_t = typename TypeAt<std::size_t(V), ValueTypes>::type;

// Calls f(TypeTag<T>{}) for the type with this id (f(TypeTag<float>{}) for ValueType::f32);
// false, f not called, for a value outside the enum.
template <class F>
constexpr bool visit_value_type(ValueType v, F&& f) {
  return visit_at(ValueTypes{}, std::size_t(v), f);
}

// "i32", ..., "f64"; "?" for a value outside the enum.
constexpr const char* value_type_name(ValueType v) {
  return std::size_t(v) < std::size(kValueTypeNames) ? kValueTypeNames[std::size_t(v)] : "?";
}

constexpr std::optional<ValueType> parse_value_type(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kValueTypeNames); ++i)
    if (name == kValueTypeNames[i]) return ValueType(i);
  return std::nullopt;
}

// 0 for a value outside the enum.
constexpr unsigned value_type_bytes(ValueType v) {
  unsigned bytes = 0;
  visit_value_type(v, [&](auto tag) { bytes = sizeof(typename decltype(tag)::type); });
  return bytes;
}

constexpr bool is_float(ValueType v) {
  bool result = false;
  visit_value_type(v, [&](auto tag) {
    result = std::is_floating_point_v<typename decltype(tag)::type>;
  });
  return result;
}

}  // namespace wl
