// The reduction operators by id. OperatorKind is an index into Operators: that list is the one
// place an id maps to its operator type; names come from the operators themselves (Op::name).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/ops.h"
#include "core/type_list.h"

namespace wl {

enum class OperatorKind : std::uint8_t { sum, min, max, product };

// In OperatorKind's order.
using Operators = TypeList<SumOp, MinOp, MaxOp, ProductOp>;

template <class Op>
constexpr OperatorKind operator_kind_of() {
  static_assert(IndexOf<Op, Operators>::value < TypeListSize<Operators>::value,
                "not one of Operators");
  return OperatorKind(IndexOf<Op, Operators>::value);
}

template <OperatorKind K>
using operator_t = typename TypeAt<std::size_t(K), Operators>::type;

// Calls f(TypeTag<Op>{}) for the operator with this id (f(TypeTag<SumOp>{}) for sum); false,
// f not called, for a value outside the enum.
template <class F>
constexpr bool visit_operator(OperatorKind k, F&& f) {
  return visit_at(Operators{}, std::size_t(k), f);
}

// "sum", "min", "max", "product"; "?" for a value outside the enum.
constexpr const char* operator_name(OperatorKind k) {
  const char* name = "?";
  visit_operator(k, [&](auto tag) { name = decltype(tag)::type::name; });
  return name;
}

constexpr std::optional<OperatorKind> parse_operator(std::string_view name) {
  std::optional<OperatorKind> found;
  for_each_type(Operators{}, [&](auto tag) {
    using Op = typename decltype(tag)::type;
    if (name == Op::name) found = operator_kind_of<Op>();
  });
  return found;
}

}  // namespace wl
