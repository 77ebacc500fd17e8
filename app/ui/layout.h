// Where the fixed panels go: Controls on the left (hidden in presenter mode), the views filling
// the rest, the status bar along the bottom, all below the main menu bar.
#pragma once
#include <imgui.h>

namespace wl {
class ProbeLog;
}

namespace wl::ui {

struct PanelRect {
  ImVec2 pos;
  ImVec2 size;
};

struct MainLayout {
  PanelRect controls;  // zero width when hidden
  PanelRect main;
  PanelRect status_bar;
  ImVec2 status_bar_padding;
};

// From the main viewport's work area; call after the main menu bar was drawn.
MainLayout compute_main_layout(float ui_scale, bool show_controls = true);

// Places the next ImGui window exactly on `rect`.
void set_next_window_rect(const PanelRect& rect);

// Rows that wrap instead of running off the window (presenter mode, 1280x720): the next item, of
// `width`, stays on the line after the last item when it fits before the right edge, else it
// starts a new line. spacing < 0: the style's.
void same_line_if_fits(float width, float spacing = -1.0f);
float button_width(const char* label);    // a Button's or SmallButton's frame, from its label
float checkbox_width(const char* label);  // a Checkbox or RadioButton with its label

// The width of a text's widest word: a column narrower than this breaks a word to wrap it.
float widest_word_width(const char* text);
// A table header cell drawn as text wrapped at its words. A column narrower than its widest word
// would break that word ("threa ds"): such a header is recorded in `probes` as
// "table.header.broken", which screenshot tests expect empty. `tooltip`, when given, shows on hover.
void table_header_cell(const char* label, const char* tooltip, ProbeLog* probes);

}  // namespace wl::ui
