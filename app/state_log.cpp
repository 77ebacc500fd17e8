#include "state_log.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "model/views/view_registry.h"
#include "ui/layout.h"

namespace wl {
namespace {

nlohmann::json rect_json(const ui::PanelRect& r) { return {r.pos.x, r.pos.y, r.size.x, r.size.y}; }

}  // namespace

void StateLog::update(const AppState& state, int width, int height, const ProbeLog& probes) {
  nlohmann::json j;
  const RunSettings& left = state.sessions[0].settings;
  j["frames"] = ++frames_;
  j["window"] = {width, height};
  j["ui_scale"] = state.ui_scale;
  j["view"] = state.view->id;
  j["compare"] = state.compare;
  j["family"] = left.request.family;
  j["variant"] = left.request.variant;
  j["variant_right"] = state.sessions[1].settings.request.variant;
  // What each side draws: the variant (a learner's kernel's name) of the trace shown, if any.
  for (const Session& s : state.sessions) j["shown"].push_back(s.views() ? s.views()->trace.meta.variant : std::string());
  j["step"] = step_name(state.playback.step());
  j["playing"] = state.playback.playing();
  j["presenter"] = state.presenter;
  j["fullscreen"] = state.fullscreen;
  j["help"] = state.show_help;
  for (const TreeCamera& c : state.cameras) j["cameras"].push_back({{"zoom", c.zoom}, {"pan", {c.pan_x, c.pan_y}}});
  const ui::MainLayout layout = ui::compute_main_layout(state.ui_scale, !state.presenter);
  j["panels"] = {{"controls", rect_json(layout.controls)}, {"main", rect_json(layout.main)},
                 {"status_bar", rect_json(layout.status_bar)}};
  j["probes"] = nlohmann::json::object();
  for (const auto& [group, points] : probes.groups()) {
    nlohmann::json g = {{"count", points.size()}};
    if (!points.empty()) {
      float x0 = points[0].x, y0 = points[0].y, x1 = x0, y1 = y0;
      for (const ProbeLog::Point& p : points) {
        x0 = std::min(x0, p.x), y0 = std::min(y0, p.y), x1 = std::max(x1, p.x), y1 = std::max(y1, p.y);
      }
      g["min"] = {x0, y0};
      g["max"] = {x1, y1};
    }
    j["probes"][group] = g;
  }
  std::string text = j.dump(1) + "\n";
  if (text == last_) return;
  // Written beside, then renamed over: a reader never sees half a file.
  const std::string temp = path_ + ".tmp";
  if (std::FILE* f = std::fopen(temp.c_str(), "wb")) {
    const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) == 0 && ok && std::rename(temp.c_str(), path_.c_str()) == 0) last_ = std::move(text);
  }
}

}  // namespace wl
