// An all-reduce step by step (model/views/ring_steps.h): ranks side by side, steps top to bottom;
// in each rank, its output's K chunks, shaded by how many ranks' inputs each combines so far;
// an arrow for every chunk that crossed a link in the step. Steps after the one shown are faint.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_ring_view(ViewContext& ctx);

}  // namespace wl::ui
