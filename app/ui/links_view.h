// The links between GPUs of a run over several (an all-reduce): a K x K matrix of the bytes each
// rank read from and wrote to every other rank's memory, for the step shown and for the whole
// run (model/peer_traffic.h). A ring lights only the cells beside the diagonal; one-shot every
// cell: that contrast is the lesson.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_links_view(ViewContext& ctx);

}  // namespace wl::ui
