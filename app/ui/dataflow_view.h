// The dataflow diagram: every value the inspected block's threads wrote or read, in every launch
// of the run, as nodes in rows of (launch, step) and columns of locations; each edge a copy,
// combine, swap or atomic, as the kernels recorded them. Wheel zooms, drag pans, hover reads a
// node; the current step's row is banded.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_dataflow_view(ViewContext& ctx);

}  // namespace wl::ui
