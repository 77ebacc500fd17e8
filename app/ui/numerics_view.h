// Row-wise softmax and norms, output by output (model/views/row_numerics.h): a strip of cells a
// row, each output colored by its error against the f64 reference, in f32 round-offs of the
// row's largest output; NaN and inf in colors of their own; the row's inputs' range and worst
// error at its right, and the check's sentence above. Hover a cell for its numbers.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_numerics_view(ViewContext& ctx);

}  // namespace wl::ui
