#include "kernels/families/scan/catalog.h"

#include "kernels/families/scan/registry.h"

namespace wl::scan {

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = variant_infos_of(AllVariants{});
  return infos;
}

const VariantInfo* find_variant(std::string_view id) { return find_info(variant_infos(), id); }

}  // namespace wl::scan
