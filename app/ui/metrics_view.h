// The metrics table: per level and in total, the counts model/metrics.h computes over every
// recorded block; the current level's row is highlighted.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_metrics_view(ViewContext& ctx);

}  // namespace wl::ui
