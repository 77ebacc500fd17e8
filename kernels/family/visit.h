// From the names the CLI and the app use to a family's compile-time types: each call runs
// f(TypeTag<X>{}) for the X of the list whose name matches, and says whether one did. Every
// family's registry dispatches its variants, operators and value types through these.
#pragma once
#include <string_view>
#include <vector>

#include "core/type_list.h"
#include "core/value_type.h"
#include "kernels/family/run_request.h"

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

// f(TypeTag<V>{}, TypeTag<Op>{}, TypeTag<T>{}) for the request's variant, operator and type;
// false when one of the names is not in its list.
template <class Variants, class Ops, class Types, class F>
bool visit_request(const RunRequest& r, F&& f) {
  bool found = false;
  visit_variant_in(Variants{}, r.variant, [&](auto v) {
    visit_op_in(Ops{}, r.op, [&](auto op) { found = visit_type_in(Types{}, r.type, [&](auto t) { f(v, op, t); }); });
  });
  return found;
}

// The V::info of every variant in the list, in its order, and the one with an id.
template <class... Vs>
auto variant_infos_of(TypeList<Vs...>) {
  using Info = std::remove_cv_t<decltype(TypeAt<0, TypeList<Vs...>>::type::info)>;
  return std::vector<Info>{Vs::info...};
}
template <class Info>
const Info* find_info(const std::vector<Info>& infos, std::string_view id) {
  for (const Info& info : infos)
    if (id == info.id) return &info;
  return nullptr;
}

}  // namespace wl
