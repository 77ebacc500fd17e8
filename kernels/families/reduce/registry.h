// Every reduction variant, in teaching order (variants.txt, through the generated
// variant_list.h), and the dispatch from the ids used everywhere (CLI, app, tests) to the
// compile-time types. Operators and value types come from core's one list of each.
#pragma once
#include <cstdint>
#include <string_view>

#include "core/operator.h"
#include "core/type_list.h"
#include "core/value_type.h"
#include "kernels/family/visit.h"
#include "kernels/families/reduce/catalog.h"
#include "kernels/families/reduce/variant_list.h"  // generated: AllVariants

namespace wl::reduce {

// The operators and value types reduction runs: every operator, on i32, f32 and f64.
using AllOps = Operators;
using AllTypes = TypeList<std::int32_t, float, double>;

template <class T>
constexpr const char* type_name() {
  return value_type_name(value_type_of<T>());
}

// Calls f(TypeTag<V>{}) for the variant with this id; false if there is none.
template <class F>
bool visit_variant(std::string_view id, F&& f) {
  return visit_variant_in(AllVariants{}, id, f);
}

template <class F>
bool visit_op(std::string_view name, F&& f) {
  return visit_op_in(AllOps{}, name, f);
}

template <class F>
bool visit_type(std::string_view name, F&& f) {
  return visit_type_in(AllTypes{}, name, f);
}

// f(TypeTag<V>{}, TypeTag<Op>{}, TypeTag<T>{}) for the request's variant, operator and type.
template <class F>
bool visit_request(const RunRequest& r, F&& f) {
  return wl::visit_request<AllVariants, AllOps, AllTypes>(r, f);
}

}  // namespace wl::reduce
