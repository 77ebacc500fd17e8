// Every scan variant, in teaching order (variants.txt, through the generated variant_list.h),
// and the dispatch from ids to the compile-time types. Scan runs sum, max and min on i32 and
// f32: the single pass packs a 32-bit value beside its status (kernels/grid/tile_status.h).
#pragma once
#include <cstdint>
#include <string_view>

#include "core/operator.h"
#include "core/type_list.h"
#include "core/value_type.h"
#include "kernels/family/visit.h"
#include "kernels/families/scan/catalog.h"
#include "kernels/families/scan/variant_list.h"  // generated: AllVariants

namespace wl::scan {

using AllOps = TypeList<SumOp, MaxOp, MinOp>;
using AllTypes = TypeList<std::int32_t, float>;

template <class T>
constexpr const char* type_name() {
  return value_type_name(value_type_of<T>());
}


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

}  // namespace wl::scan
