// The metrics table: per level and in total, the counts model/metrics.h computes over every
// recorded block; the current level's row is highlighted.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <string>

#include "ui/layout.h"
#include "ui/metric_rows.h"
#include "ui/palette.h"

namespace wl::ui {

void draw_metrics_view(ViewContext& ctx, const TraceViews& views) {
  const Metrics& m = views.metrics;
  ImGui::PushTextWrapPos(0.0f);  // a narrow pane (compare, presenter) wraps, never cuts
  // The steps are named in the table: a scan's sweeps, an all-reduce's steps, not only tree levels.
  ImGui::Text("%zu steps, %llu barriers; over %zu recorded block%s of %u", m.num_steps(), (unsigned long long)m.barriers(),
              views.blocks.size(), views.blocks.size() == 1 ? "" : "s", views.trace.meta.grid_dim);
  if (m.incomplete)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "(incomplete: %s)", m.incomplete_where.c_str());
  ImGui::PopTextWrapPos();
  // The whole run's work against its span: step-efficient or work-efficient, measured.
  ImGui::TextWrapped("%s", work_span_text(views.work_span).c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Measured from the dataflow of the recorded blocks, every launch: a value written from k sources "
                      "counts k - 1 combines; span is the longest chain of combines behind any value.");
  const auto& columns = metric_columns();
  const float pad = 6.0f * ctx.app.ui_scale;  // the cells' padding, each side
  // Each column at least as wide as its header's widest word and its widest number, so headers
  // wrap between words, never inside one ("threa ds"): the full names where they all fit, else
  // the short ones (the full name in the header's tooltip), else short ones scrolling sideways.
  auto needs = [&](const MetricColumn& c, bool short_names) {
    float w = widest_word_width(short_names ? c.short_name : c.name);
    for (const StepMetrics& s : m.steps) w = std::max(w, ImGui::CalcTextSize(metric_text(c, s).c_str()).x);
    return std::max(w, ImGui::CalcTextSize(metric_text(c, m.total).c_str()).x) + 2.0f * pad + 1.0f;  // 1: border
  };
  float level_w = ImGui::CalcTextSize("level").x;
  for (const StepMetrics& s : m.steps) level_w = std::max(level_w, ImGui::CalcTextSize(s.label.c_str()).x);
  level_w = std::max(level_w, ImGui::CalcTextSize(m.total.label.c_str()).x);
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize - level_w - 2.0f * pad;
  auto total_need = [&](bool short_names) {
    float sum = 0.0f;
    for (const MetricColumn& c : columns) sum += needs(c, short_names);
    return sum;
  };
  const bool short_names = total_need(false) > room;
  const bool scroll_x = short_names && total_need(true) > room;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                (scroll_x ? ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit
                                          : ImGuiTableFlags_SizingStretchProp);
  if (ctx.app.probes) ctx.probe_touch("metrics", "rows");
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(pad, 5.0f * ctx.app.ui_scale));
  const bool open = ImGui::BeginTable("##metrics", int(columns.size()) + 1, flags, ImGui::GetContentRegionAvail());
  ImGui::PopStyleVar();
  if (!open) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("level", ImGuiTableColumnFlags_WidthFixed, level_w);
  // Stretched in proportion to what each needs, so none gets less than that.
  for (const MetricColumn& c : columns)
    ImGui::TableSetupColumn(short_names ? c.short_name : c.name,
                            scroll_x ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch,
                            scroll_x ? needs(c, true) - 2.0f * pad - 1.0f : needs(c, short_names));
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int i = 0; i <= int(columns.size()); ++i) {
    ImGui::TableSetColumnIndex(i);
    const MetricColumn* c = i == 0 ? nullptr : &columns[std::size_t(i - 1)];
    std::string tip = c ? std::string(c->name) + ": " + c->tooltip : std::string();
    table_header_cell(!c ? "level" : short_names ? c->short_name : c->name, c ? tip.c_str() : nullptr, ctx.app.probes);
  }
  auto row = [&](const StepMetrics& s, bool current, bool total) {
    ImGui::TableNextRow();
    if (current) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, with_alpha(colors().active_lane, 0.35f));
    ImGui::TableSetColumnIndex(0);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    if (total) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().sky_blue), "%s", s.label.c_str());
    else ImGui::TextUnformatted(s.label.c_str());
    if (ctx.app.probes) ctx.probe("metrics", "rows", p.x + 4.0f, p.y + ImGui::GetTextLineHeight() * 0.5f);
    for (std::size_t i = 0; i < columns.size(); ++i) {
      ImGui::TableSetColumnIndex(int(i) + 1);
      const std::string text = metric_text(columns[i], s);
      const bool bad = (columns[i].name == std::string("bank conflicts") || columns[i].name == std::string("divergent warps")) &&
                       columns[i].value(s) > 0;
      if (bad) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", text.c_str());
      else ImGui::TextUnformatted(text.c_str());
    }
  };
  for (const StepMetrics& s : m.steps) row(s, s.step == ctx.step, false);
  row(m.total, false, true);
  ImGui::EndTable();
}

}  // namespace wl::ui
