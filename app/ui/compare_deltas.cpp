#include "ui/compare_deltas.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "trace/event_info.h"
#include "ui/layout.h"
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
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s racy", buf);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The %s side has data races: fewer %s there is not better, it is a bug.", better ? "right" : "left",
                        c.name);
    return;
  }
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(better ? colors().good : colors().problem), "%s", buf);
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
  char steps[128];
  std::snprintf(steps, sizeof steps, "Steps: %zu left, %zu right \u00b7 barriers: %llu left, %llu right", left->metrics.num_steps(),
                right->metrics.num_steps(), (unsigned long long)left->metrics.barriers(),
                (unsigned long long)right->metrics.barriers());
  ImGui::TextUnformatted(steps);
  const bool left_races = !left->races.empty(), right_races = !right->races.empty();
  char races[64];
  std::snprintf(races, sizeof races, "\u00b7 races: %zu left, %zu right", left->races.size(), right->races.size());
  same_line_if_fits(ImGui::CalcTextSize(races).x);
  const ImVec4 race_color = ImGui::ColorConvertU32ToFloat4(left_races || right_races ? colors().problem : ImGui::GetColorU32(ImGuiCol_Text));
  ImGui::TextColored(race_color, "%s", races);
  const char* legend = "\u00b7 green: right is better";
  same_line_if_fits(ImGui::CalcTextSize(legend).x);
  ImGui::TextUnformatted(legend);

  // Full names where every column's widest word fits its share, else the short ones (the full
  // name on hover), else fixed columns that scroll sideways: a header is never cut.
  const auto& columns = metric_columns();
  const float pad = ImGui::GetStyle().CellPadding.x;
  const float first_w = std::max(ImGui::CalcTextSize("total: right - left").x,
                                 ImGui::CalcTextSize(("right, " + step_name(step)).c_str()).x);
  const float share = (ImGui::GetContentRegionAvail().x - first_w) / float(columns.size()) - 2.0f * pad - 1.0f;
  const float cell_w = ImGui::CalcTextSize("+9999 racy").x;
  auto fits = [&](bool short_names) {
    for (const MetricColumn& c : columns)
      if (std::max(widest_word_width(short_names ? c.short_name : c.name), cell_w) > share) return false;
    return true;
  };
  const bool short_names = !fits(false);
  const bool scroll_x = short_names && !fits(true);
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders |
                                (scroll_x ? ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit : ImGuiTableFlags_SizingStretchSame);
  // Scrolling sideways, the table needs a height: its five one-line rows, borders and scrollbar.
  const float row_h = ImGui::GetTextLineHeight() + 2.0f * ImGui::GetStyle().CellPadding.y;
  const float height = scroll_x ? row_h * 5.0f + 4.0f + ImGui::GetStyle().ScrollbarSize : 0.0f;
  if (!ImGui::BeginTable("##deltas", int(columns.size()) + 1, flags, ImVec2(0, height))) return;
  ImGui::TableSetupColumn("compared", ImGuiTableColumnFlags_WidthFixed, first_w);
  for (const MetricColumn& c : columns)
    ImGui::TableSetupColumn(short_names ? c.short_name : c.name, scroll_x ? ImGuiTableColumnFlags_WidthFixed : 0,
                            scroll_x ? std::max(widest_word_width(c.short_name), cell_w) : 0.0f);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int i = 0; i <= int(columns.size()); ++i) {
    ImGui::TableSetColumnIndex(i);
    const MetricColumn* c = i == 0 ? nullptr : &columns[std::size_t(i - 1)];
    const std::string tip = c ? std::string(c->name) + ": " + c->tooltip : std::string();
    table_header_cell(!c ? "compared" : short_names ? c->short_name : c->name, c ? tip.c_str() : nullptr, state.probes);
  }
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

namespace {

// The summary line's text, empty until both sides have views.
std::string compare_summary_text(const AppState& state) {
  const TraceViews* left = state.sessions[0].views();
  const TraceViews* right = state.sessions[1].views();
  if (!left || !right) return {};
  std::string text = "In total, right - left:";
  bool any = false;
  for (const MetricColumn& c : metric_columns()) {
    const double d = c.value(right->metrics.total) - c.value(left->metrics.total);
    if (std::fabs(d) < 1e-9) continue;
    char item[64];
    std::snprintf(item, sizeof item, c.percent ? " %s %+.0f pts," : " %s %+.0f,", c.short_name, c.percent ? d * 100.0 : d);
    text += item;
    any = true;
  }
  if (!any) text += " the same counts,";
  text += " races " + std::to_string(left->races.size()) + " left, " + std::to_string(right->races.size()) +
          " right (the whole table needs a taller window).";
  return text;
}

}  // namespace

// As tall as the text wraps to in `width`: the panes above take the rest (at 1280x720 a line).
float compare_summary_height(const AppState& state, float width) {
  const std::string text = compare_summary_text(state);
  const float text_h = text.empty() ? 0.0f : ImGui::CalcTextSize(text.c_str(), nullptr, false, width).y;
  return text_h + ImGui::GetStyle().ItemSpacing.y * 2.0f;
}

void draw_compare_summary(AppState& state) {
  const std::string text = compare_summary_text(state);
  if (text.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  if (!state.sessions[0].views()->races.empty() || !state.sessions[1].views()->races.empty())
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", text.c_str());
  else
    ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
}

}  // namespace wl::ui
