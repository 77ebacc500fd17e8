// Welford tree (model/views/welford_tree.h): one row of the welford variant's layer norm, the
// inspected block's: each thread's (n, mean, M2) on top, each level's merges below (thread t
// takes in thread t + stride), the root's mean and variance = M2 / cols beside the f64 reference.
#pragma once
#include "ui/view_context.h"

namespace wl::ui {

void draw_welford_view(ViewContext& ctx);

}  // namespace wl::ui
