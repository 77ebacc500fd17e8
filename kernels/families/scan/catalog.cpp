#include "kernels/families/scan/catalog.h"

#include "kernels/families/scan/registry.h"

namespace wl::scan {
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

}  // namespace wl::scan
