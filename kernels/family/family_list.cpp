// Looking families up in the list this binary was linked with (families(), generated from
// families.txt by kernels/families/family_list.cmake).
#include "kernels/family/family.h"

#include <stdexcept>

namespace wl {
namespace {

const Family& family_of(const RunRequest& r) {
  if (std::string problem = validate(r); !problem.empty()) throw std::invalid_argument(problem);
  return *find_family(r.family);
}

}  // namespace

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

const FamilyShowcase& showcase_of(std::string_view id) {
  static const FamilyShowcase none;
  const Family* family = find_family(id);
  return family ? family->showcase() : none;
}

std::string validate(const RunRequest& r) {
  const Family* family = find_family(r.family);
  if (!family) return "unknown family '" + r.family + "' (" + family_ids_text() + ")";
  return validate_for(*family, r);
}

RunResult run_sim(const RunRequest& r, const void* input) { return family_of(r).run(r, Backend::Simulator, input); }
RunResult run_gpu(const RunRequest& r, const void* input) { return family_of(r).run(r, Backend::Gpu, input); }
GpuTime time_gpu(const RunRequest& r, const void* input, const TimingPlan& timing) {
  return family_of(r).time_gpu(r, input, timing);
}

}  // namespace wl
