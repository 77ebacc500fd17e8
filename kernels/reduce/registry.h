// Every reduction variant, in teaching order, and the dispatch from the ids used everywhere
// (CLI, app, tests) to the compile-time types.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/ops.h"
#include "kernels/reduce/atomic_global.h"
#include "kernels/reduce/complete_unroll.h"
#include "kernels/reduce/cooperative_groups.h"
#include "kernels/reduce/first_add_on_load.h"
#include "kernels/reduce/interleaved_divergent.h"
#include "kernels/reduce/interleaved_strided.h"
#include "kernels/reduce/multi_element.h"
#include "kernels/reduce/sequential.h"
#include "kernels/reduce/single_pass.h"
#include "kernels/reduce/speed_of_light.h"
#include "kernels/reduce/unroll_last_warp.h"
#include "kernels/reduce/unroll_last_warp_volatile.h"
#include "kernels/reduce/warp_shuffle.h"

namespace wl::reduce {

template <class... Ts>
struct TypeList {};

template <class T>
struct Tag {
  using type = T;
};

using AllVariants = TypeList<AtomicGlobal, InterleavedDivergent, InterleavedStrided, Sequential,
                             FirstAddOnLoad, UnrollLastWarp, UnrollLastWarpVolatile,
                             CompleteUnroll, MultiElement, WarpShuffle, CooperativeGroups,
                             SinglePass, SpeedOfLight>;
using AllOps = TypeList<SumOp, MinOp, MaxOp, ProductOp>;
using AllTypes = TypeList<std::int32_t, float, double>;

template <class T> constexpr const char* type_name();
template <> constexpr const char* type_name<std::int32_t>() { return "i32"; }
template <> constexpr const char* type_name<float>() { return "f32"; }
template <> constexpr const char* type_name<double>() { return "f64"; }

template <class... Vs>
std::vector<VariantInfo> infos_of(TypeList<Vs...>) {
  return {Vs::info...};
}
inline const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = infos_of(AllVariants{});
  return infos;
}
inline const VariantInfo* find_variant(std::string_view id) {
  for (const VariantInfo& info : variant_infos())
    if (id == info.id) return &info;
  return nullptr;
}

// Calls f(Tag<V>{}) for the variant with this id; false if there is none.
template <class F, class... Vs>
bool visit_variant_in(TypeList<Vs...>, std::string_view id, F&& f) {
  return ((id == Vs::info.id ? (f(Tag<Vs>{}), true) : false) || ...);
}
template <class F>
bool visit_variant(std::string_view id, F&& f) {
  return visit_variant_in(AllVariants{}, id, f);
}

template <class F, class... Os>
bool visit_op_in(TypeList<Os...>, std::string_view name, F&& f) {
  return ((name == Os::name ? (f(Tag<Os>{}), true) : false) || ...);
}
template <class F>
bool visit_op(std::string_view name, F&& f) {
  return visit_op_in(AllOps{}, name, f);
}

template <class F, class... Ts>
bool visit_type_in(TypeList<Ts...>, std::string_view name, F&& f) {
  return ((name == type_name<Ts>() ? (f(Tag<Ts>{}), true) : false) || ...);
}
template <class F>
bool visit_type(std::string_view name, F&& f) {
  return visit_type_in(AllTypes{}, name, f);
}

}  // namespace wl::reduce
