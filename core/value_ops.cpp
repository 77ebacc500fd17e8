#include "core/value_ops.h"

#include "core/bits.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <type_traits>

namespace wl {
namespace {

// Calls f(TypeTag<Op>{}, TypeTag<T>{}) for the ValueOps' operator and type.
template <class F>
void visit(const ValueOps& ops, F&& f) {
  visit_operator(ops.op, [&](auto op) {
    visit_value_type(ops.type, [&](auto type) { f(op, type); });
  });
}

// The integer extremes are the min/max identities; their digits would only clutter a label.
template <class T>
const char* extreme_name(T v) {
  constexpr bool wide = sizeof(T) == 8;
  if constexpr (std::is_signed_v<T>) {
    if (v == std::numeric_limits<T>::max()) return wide ? "INT64_MAX" : "INT_MAX";
    if (v == std::numeric_limits<T>::lowest()) return wide ? "INT64_MIN" : "INT_MIN";
  } else {
    if (v == std::numeric_limits<T>::max()) return wide ? "UINT64_MAX" : "UINT_MAX";
  }
  return nullptr;
}

std::string format_double(double v, int digits) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

// A value of `type` as text: short (ValueOps::text) or `exact` (ValueOps::exact_text).
std::string value_text(ValueType type, std::uint64_t bits, bool exact) {
  std::string out;
  visit_value_type(type, [&](auto type_tag) {
    using T = typename decltype(type_tag)::type;
    const T v = from_bits<T>(bits);
    if constexpr (std::is_integral_v<T>) {
      const char* name = exact ? nullptr : extreme_name(v);
      out = name ? name : std::to_string(v);
    } else {
      out = format_double(v, exact ? std::numeric_limits<T>::max_digits10 : 4);
    }
  });
  return out;
}

}  // namespace

std::uint64_t ValueOps::identity() const {
  std::uint64_t bits = 0;
  visit(*this, [&](auto op, auto type) {
    using Op = typename decltype(op)::type;
    using T = typename decltype(type)::type;
    bits = to_bits(Op::template identity<T>());
  });
  return bits;
}

std::uint64_t ValueOps::apply(std::uint64_t a, std::uint64_t b) const {
  std::uint64_t bits = a;
  visit(*this, [&](auto op, auto type) {
    using Op = typename decltype(op)::type;
    using T = typename decltype(type)::type;
    bits = to_bits(Op::template apply<T>(from_bits<T>(a), from_bits<T>(b)));
  });
  return bits;
}

std::string ValueOps::text(std::uint64_t bits) const { return value_text(type, bits, false); }

std::string ValueOps::exact_text(std::uint64_t bits) const { return value_text(type, bits, true); }

bool parse_value_ops(std::string_view op, std::string_view type, ValueOps& out) {
  const std::optional<OperatorKind> kind = parse_operator(op);
  const std::optional<ValueType> value_type = parse_value_type(type);
  if (!kind || !value_type) return false;
  out = ValueOps{*kind, *value_type};
  return true;
}

}  // namespace wl
