// Compile-time lists of types, and visiting the one at a runtime index. The id enums of core/
// (OperatorKind, ValueType) are indices into such lists, so an id maps to its type in one place.
#pragma once
#include <cstddef>
#include <type_traits>
#include <utility>

namespace wl {

template <class... Ts>
struct TypeList {};

// A value standing for a type, so generic lambdas can receive types: f(TypeTag<float>{}).
template <class T>
struct TypeTag {
  using type = T;
};

template <class List>
struct TypeListSize;
template <class... Ts>
struct TypeListSize<TypeList<Ts...>> : std::integral_constant<std::size_t, sizeof...(Ts)> {};

// Position of T in the list (the list's size when T is not in it).
template <class T, class List>
struct IndexOf;
template <class T>
struct IndexOf<T, TypeList<>> : std::integral_constant<std::size_t, 0> {};
template <class T, class... Ts>
struct IndexOf<T, TypeList<T, Ts...>> : std::integral_constant<std::size_t, 0> {};
template <class T, class U, class... Ts>
struct IndexOf<T, TypeList<U, Ts...>>
    : std::integral_constant<std::size_t, 1 + IndexOf<T, TypeList<Ts...>>::value> {};

template <std::size_t I, class List>
struct TypeAt;
template <class T, class... Ts>
struct TypeAt<0, TypeList<T, Ts...>> {
  using type = T;
};
template <std::size_t I, class T, class... Ts>
struct TypeAt<I, TypeList<T, Ts...>> : TypeAt<I - 1, TypeList<Ts...>> {};

namespace detail {
template <class F, class... Ts, std::size_t... I>
constexpr bool visit_at(TypeList<Ts...>, std::size_t index, F& f, std::index_sequence<I...>) {
  return ((index == I ? (static_cast<void>(f(TypeTag<Ts>{})), true) : false) || ...);
}
}  // namespace detail

// Calls f(TypeTag<T>{}) for the list's type at `index`; false (f not called) when out of range.
template <class F, class... Ts>
constexpr bool visit_at(TypeList<Ts...> list, std::size_t index, F&& f) {
  return detail::visit_at(list, index, f, std::index_sequence_for<Ts...>{});
}

// Calls f(TypeTag<T>{}) for every type of the list, in order.
template <class F, class... Ts>
constexpr void for_each_type(TypeList<Ts...>, F&& f) {
  (static_cast<void>(f(TypeTag<Ts>{})), ...);
}

}  // namespace wl
