#include "ui/playback_bar.h"

#include <imgui.h>

#include <string>

#include "trace/event_info.h"

namespace wl::ui {

void draw_playback_bar(AppState& state) {
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
  float speed = p.speed();
  ImGui::SetNextItemWidth(ImGui::CalcTextSize("levels/s: 0.25 ").x);
  if (ImGui::SliderFloat("##speed", &speed, 0.25f, 8.0f, "levels/s: %.2g", ImGuiSliderFlags_Logarithmic)) p.set_speed(speed);
  ImGui::SameLine();
  int index = int(p.index());
  const int last = has_steps ? int(p.steps().size()) - 1 : 0;
  const std::string label = has_steps ? step_label(p.step()) : "no levels";
  ImGui::SetNextItemWidth(std::max(100.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::SliderInt("##level", &index, 0, last, label.c_str())) p.go_to(p.steps()[std::size_t(index)]);
  if (!has_steps) ImGui::EndDisabled();
}

}  // namespace wl::ui
