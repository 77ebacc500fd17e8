// Compare mode's metric deltas: this level and the whole kernel, left against right.
#pragma once
#include "app_state.h"

namespace wl::ui {

void draw_compare_deltas(AppState& state, std::uint16_t step);
float compare_deltas_height();
// Where the table does not fit (presenter mode at 1280x720): the total deltas in two lines.
void draw_compare_summary(AppState& state);
float compare_summary_height(const AppState& state, float width);

}  // namespace wl::ui
