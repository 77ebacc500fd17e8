// From the names the CLI and the app use to a family's compile-time types: each call runs
// f(TypeTag<X>{}) for the X of the list whose name matches, and says whether one did. Every
// family's registry dispatches its variants, operators and value types through these.
#pragma once
#include <string_view>

#include "core/type_list.h"
#include "core/value_type.h"

namespace wl {

// By V::info.id.
template <class F, class... Vs>
bool visit_variant_in(TypeList<Vs...>, std::string_view id, F&& f) {
  return ((id == Vs::info.id ? (f(TypeTag<Vs>{}), true) : false) || ...);
}
// By Op::name.
template <class F, class... Os>
bool visit_op_in(TypeList<Os...>, std::string_view name, F&& f) {
  return ((name == Os::name ? (f(TypeTag<Os>{}), true) : false) || ...);
}
// By the value type's name ("i32", "f32", "f64").
template <class F, class... Ts>
bool visit_type_in(TypeList<Ts...>, std::string_view name, F&& f) {
  return ((name == value_type_name(value_type_of<Ts>()) ? (f(TypeTag<Ts>{}), true) : false) || ...);
}

}  // namespace wl
