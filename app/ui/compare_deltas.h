// Compare mode's metric deltas: this level and the whole kernel, left against right.
#pragma once
#include "app_state.h"

namespace wl::ui {

void draw_compare_deltas(AppState& state, std::uint16_t step);
float compare_deltas_height();

}  // namespace wl::ui
