#include "ui/playback_bar.h"

#include <imgui.h>

#include <cstdio>
#include <string>

#include "app_actions.h"
#include "model/views/trace_views.h"
#include "trace/event_info.h"

namespace wl::ui {

void draw_compare_box(AppState& state) {
  bool compare = state.compare;
  if (ImGui::Checkbox("Compare (C)", &compare)) set_compare(state, compare);
}

void draw_playback_bar(AppState& state, bool compare_box) {
  if (compare_box) {  // no room beside the tabs (presenter mode, a narrow window): it opens this row
    draw_compare_box(state);
    ImGui::SameLine(0, ImGui::GetFontSize());
  }
  Playback& p = state.playback;
  const bool has_steps = !p.empty();
  if (!has_steps) ImGui::BeginDisabled();
  if (ImGui::Button("\u25c0 back")) p.back();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("previous level (\u2190)");
  ImGui::SameLine();
  if (ImGui::Button(p.playing() ? "pause" : "play \u25b6", ImVec2(ImGui::CalcTextSize("play \u25b6").x * 1.4f, 0))) p.toggle();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("play or pause (space)");
  ImGui::SameLine();
  if (ImGui::Button("forward \u25b6")) p.forward();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("next level (\u2192)");
  ImGui::SameLine();
  // Speed: a few fixed choices read better on a projector than a slider.
  static const float kSpeeds[] = {0.25f, 0.5f, 1.0f, 2.0f, 4.0f};
  char current[32];
  std::snprintf(current, sizeof current, "%g level%s/s", p.speed(), p.speed() == 1.0f ? "" : "s");
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("0.25 levels/s   ").x + ImGui::GetFrameHeight());
  if (ImGui::BeginCombo("##speed", current)) {
    for (const float speed : kSpeeds) {
      char label[32];
      std::snprintf(label, sizeof label, "%g level%s/s", speed, speed == 1.0f ? "" : "s");
      if (ImGui::Selectable(label, speed == p.speed())) p.set_speed(speed);
    }
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("playback speed");
  ImGui::SameLine();
  int index = int(p.index());
  const int last = has_steps ? int(p.steps().size()) - 1 : 0;
  const TraceViews* shown = state.sessions[0].views();
  const bool running = state.sessions[0].busy() || (state.compare && state.sessions[1].busy());
  const std::vector<std::string> rows = view_playback_rows(state);  // the view's own rows (rounds)
  const std::string label = has_steps && p.index() < rows.size() ? rows[p.index()]
                            : has_steps ? (shown ? step_label(shown->trace.meta, p.step()) : step_name(p.step()))
                            : running   ? "levels: when the run is done"
                                        : "no levels";
  ImGui::SetNextItemWidth(std::max(100.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::SliderInt("##level", &index, 0, last, label.c_str())) p.go_to(p.steps()[std::size_t(index)]);
  if (!has_steps) ImGui::EndDisabled();
}

}  // namespace wl::ui
