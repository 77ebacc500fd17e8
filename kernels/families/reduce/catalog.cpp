#include "kernels/families/reduce/catalog.h"

#include "kernels/families/reduce/registry.h"

namespace wl::reduce {
namespace {

template <class... Vs>
std::vector<VariantInfo> infos_of(TypeList<Vs...>) {
  return {Vs::info...};
}

}  // namespace

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = infos_of(AllVariants{});
  return infos;
}

const VariantInfo* find_variant(std::string_view id) {
  for (const VariantInfo& info : variant_infos())
    if (id == info.id) return &info;
  return nullptr;
}

}  // namespace wl::reduce
