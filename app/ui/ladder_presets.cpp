#include "ui/ladder_presets.h"

#include "kernels/family/family.h"

namespace wl::ui {

std::vector<const LadderPreset*> ladder_presets_for(const std::string& family) {
  std::vector<const LadderPreset*> of_family;
  for (const LadderPreset& p : showcase_of(family).ladders) of_family.push_back(&p);
  return of_family;
}

}  // namespace wl::ui
