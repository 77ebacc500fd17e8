// The ladders the Timing view can rebuild on the user's GPU, as the families declare them
// (FamilyShowcase::ladders, kernels/family/showcase.h): which variants tell which story.
#pragma once
#include <string>
#include <vector>

#include "kernels/family/showcase.h"

namespace wl::ui {

// The ladders of one family, in the order it declares them; none for a family that has none.
std::vector<const LadderPreset*> ladder_presets_for(const std::string& family);

}  // namespace wl::ui
