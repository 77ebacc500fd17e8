// Words a view lays out among its GlRenderer shapes, added to the draw list after them so they
// stay on top (the shapes draw where GlRenderer::draw was called).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

namespace wl::ui {

class TextBatch {
 public:
  void add(ImVec2 at, std::string text, ImU32 color) { texts_.push_back({at, std::move(text), color}); }
  void draw(ImDrawList* list) const {
    for (const Text& t : texts_) list->AddText(t.at, t.color, t.text.c_str());
  }

 private:
  struct Text {
    ImVec2 at;
    std::string text;
    ImU32 color;
  };
  std::vector<Text> texts_;
};

}  // namespace wl::ui
