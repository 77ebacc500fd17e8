// A number as a view prints it beside a picture: printf's %g at the precision the view needs.
#pragma once
#include <cstdio>
#include <string>

namespace wl::ui {

inline std::string number_text(double v, const char* format = "%.4g") {
  char text[32];
  std::snprintf(text, sizeof text, format, v);
  return text;
}

}  // namespace wl::ui
