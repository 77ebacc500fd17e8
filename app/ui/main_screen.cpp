#include "ui/main_screen.h"

#include "ui/controls_panel.h"
#include "ui/layout.h"
#include "ui/main_menu_bar.h"
#include "ui/status_bar.h"
#include "ui/welcome_panel.h"

namespace wl::ui {

void draw_main_screen(AppState& state) {
  draw_main_menu_bar(state);  // first: it shrinks the viewport's work area
  const MainLayout layout = compute_main_layout(state.ui_scale);
  draw_controls_panel(state, layout.controls);
  draw_welcome_panel(state, layout.main);
  draw_status_bar(state, layout);
}

}  // namespace wl::ui
