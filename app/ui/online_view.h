// The online softmax, row by row (model/views/online_rescale.h): the row's running max and its
// running sum of exp(x - max) after each chunk of its one read, and the chunks where threads
// rescaled because their max grew. The sum drops where the max grows: every term so far is
// multiplied by exp(old max - new max).
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_online_view(ViewContext& ctx);

}  // namespace wl::ui
