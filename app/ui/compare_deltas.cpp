#include "ui/compare_deltas.h"

#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "trace/event_info.h"
#include "ui/metric_rows.h"
#include "ui/palette.h"

namespace wl::ui {
namespace {

const StepMetrics* step_row(const Metrics& m, std::uint16_t step) {
  for (const StepMetrics& s : m.steps)
    if (s.step == step) return &s;
  return nullptr;
}

// A side with races is no better for any count: its counts are of a kernel that is wrong.
void delta_cell(const MetricColumn& c, const StepMetrics* a, const StepMetrics* b, bool left_races, bool right_races) {
  if (!a || !b) {
    ImGui::TextDisabled("-");
    return;
  }
  const double d = c.value(*b) - c.value(*a);
  char buf[48];
  if (c.percent) std::snprintf(buf, sizeof buf, "%+.0f pts", d * 100.0);
  else std::snprintf(buf, sizeof buf, "%+.0f", d);
  if (std::fabs(d) < 1e-9) {
    ImGui::TextDisabled("same");
    return;
  }
  const bool better = c.lower_is_better ? d < 0 : d > 0;
  if (better ? right_races : left_races) {
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kProblemColor), "%s racy", buf);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The %s side has data races: fewer %s there is not better, it is a bug.", better ? "right" : "left",
                        c.name);
    return;
  }
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(better ? kGoodColor : kProblemColor), "%s", buf);
}

}  // namespace

float compare_deltas_height() { return ImGui::GetFrameHeightWithSpacing() * 5.2f + ImGui::GetTextLineHeightWithSpacing(); }

void draw_compare_deltas(AppState& state, std::uint16_t step) {
  const TraceViews* left = state.sessions[0].views();
  const TraceViews* right = state.sessions[1].views();
  if (!left || !right) {
    ImGui::TextDisabled("Deltas appear when both sides have run.");
    return;
  }
  ImGui::Text("Steps: %zu left, %zu right \u00b7 barriers: %llu left, %llu right \u00b7", left->metrics.num_steps(),
              right->metrics.num_steps(), (unsigned long long)left->metrics.barriers(),
              (unsigned long long)right->metrics.barriers());
  const bool left_races = !left->races.empty(), right_races = !right->races.empty();
  ImGui::SameLine();
  const ImVec4 race_color = ImGui::ColorConvertU32ToFloat4(left_races || right_races ? kProblemColor : ImGui::GetColorU32(ImGuiCol_Text));
  ImGui::TextColored(race_color, "races: %zu left, %zu right", left->races.size(), right->races.size());
  ImGui::SameLine();
  ImGui::TextUnformatted("\u00b7 green: right is better");
  const auto& columns = metric_columns();
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame;
  if (!ImGui::BeginTable("##deltas", int(columns.size()) + 1, flags)) return;
  ImGui::TableSetupColumn("compared", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("right - left, level 10").x);
  for (const MetricColumn& c : columns) ImGui::TableSetupColumn(c.name);
  ImGui::TableHeadersRow();
  const StepMetrics* a = step_row(left->metrics, step);
  const StepMetrics* b = step_row(right->metrics, step);
  auto values_row = [&](const char* name, const StepMetrics* m) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(name);
    for (std::size_t i = 0; i < columns.size(); ++i) {
      ImGui::TableSetColumnIndex(int(i) + 1);
      if (m) ImGui::TextUnformatted(metric_text(columns[i], *m).c_str());
      else ImGui::TextDisabled("-");
    }
  };
  const std::string level = step_name(step);
  values_row(("left, " + level).c_str(), a);
  values_row(("right, " + level).c_str(), b);
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::Text("right - left");
  for (std::size_t i = 0; i < columns.size(); ++i) {
    ImGui::TableSetColumnIndex(int(i) + 1);
    delta_cell(columns[i], a, b, left_races, right_races);
  }
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::Text("total: right - left");
  for (std::size_t i = 0; i < columns.size(); ++i) {
    ImGui::TableSetColumnIndex(int(i) + 1);
    delta_cell(columns[i], &left->metrics.total, &right->metrics.total, left_races, right_races);
  }
  ImGui::EndTable();
}

}  // namespace wl::ui
