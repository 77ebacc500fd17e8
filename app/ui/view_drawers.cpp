#include "ui/view_drawers.h"

#include <string_view>

namespace wl::ui {

ViewDrawFn drawer_of(const ViewDecl& view) {
  for (const ViewDrawer& d : view_drawers())
    if (std::string_view(d.id) == view.id) return d.draw;
  return nullptr;
}

}  // namespace wl::ui
