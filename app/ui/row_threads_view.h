// Rows to threads (model/views/row_threads.h): the rows family's matrix, a cell an element,
// colored by the warp whose thread read it (odd blocks darker), each row labelled with who reads
// it, and one warp's load outlined with its sectors: a block or a warp a row reads neighbours,
// a thread a row reads one column of 32 rows.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_rows_view(ViewContext& ctx);

}  // namespace wl::ui
