// The bins view (model/views/bin_bars.h): the histogram as the recorded blocks fill it, step by
// step, over a faint outline of where it ends; each block's private copy beside it, for the
// variants that privatise; and under it, per bin, the atomic lanes that hit it and the passes
// they were serialised into. Hover a bin for its numbers.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_histogram_view(ViewContext& ctx);

}  // namespace wl::ui
