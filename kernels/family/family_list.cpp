// Looking families up in the list this binary was linked with (families(), generated from
// families.txt by kernels/families/family_list.cmake).
#include "kernels/family/family.h"

namespace wl {

const Family* find_family(std::string_view id) {
  for (const Family* f : families())
    if (f->id() == id) return f;
  return nullptr;
}

std::string family_ids_text() {
  std::string text;
  for (const Family* f : families()) text += (text.empty() ? "" : ", ") + std::string(f->id());
  return text;
}

std::string validate(const RunRequest& r) {
  const Family* family = find_family(r.family);
  if (!family) return "unknown family '" + r.family + "' (" + family_ids_text() + ")";
  return validate_for(*family, r);
}

}  // namespace wl
