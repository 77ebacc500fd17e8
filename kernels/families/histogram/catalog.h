// The histogram variants as plain data, for the app and the CLI: ids, lessons, shapes. No
// templates: including this does not pull in the kernels.
#pragma once
#include <string_view>
#include <vector>

#include "kernels/families/histogram/variant_info.h"

namespace wl::histogram {

const std::vector<VariantInfo>& variant_infos();       // in teaching order
const VariantInfo* find_variant(std::string_view id);  // nullptr for an unknown id

}  // namespace wl::histogram
