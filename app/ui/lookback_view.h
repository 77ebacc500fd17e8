// The look-back timeline (model/views/lookback_timeline.h): a row per recorded tile, its span,
// when it published its aggregate and its inclusive prefix, and an arrow from each predecessor
// it waited on, at the moment the wait ended. Hover a row or a wait for the numbers.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_lookback_view(ViewContext& ctx);

}  // namespace wl::ui
