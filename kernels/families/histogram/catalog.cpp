#include "kernels/families/histogram/catalog.h"

#include "kernels/families/histogram/registry.h"

namespace wl::histogram {

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = variant_infos_of(AllVariants{});
  return infos;
}

const VariantInfo* find_variant(std::string_view id) { return find_info(variant_infos(), id); }

}  // namespace wl::histogram
