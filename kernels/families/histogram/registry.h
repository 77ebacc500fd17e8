// Every histogram variant, in teaching order (variants.txt, through the generated
// variant_list.h), and the dispatch from ids to the compile-time types. Samples are i32 and
// counts u32 for every variant, so only the variant is a template argument.
#pragma once
#include <string_view>

#include "kernels/family/visit.h"
#include "kernels/families/histogram/catalog.h"
#include "kernels/families/histogram/variant_list.h"  // generated: AllVariants

namespace wl::histogram {

template <class F>
bool visit_variant(std::string_view id, F&& f) {
  return visit_variant_in(AllVariants{}, id, f);
}

}  // namespace wl::histogram
