#include "ui/metrics_view.h"

#include "ui/metric_rows.h"
#include "ui/palette.h"

namespace wl::ui {

void draw_metrics_view(ViewContext& ctx) {
  const TraceViews* views = ctx.session.views();
  if (!views) return;
  const Metrics& m = views->metrics;
  ImGui::Text("%zu steps (load, %zu tree levels, finish), %llu barriers; over %zu recorded block%s of %u",
              m.num_steps(), m.num_steps() >= 2 ? m.num_steps() - 2 : 0, (unsigned long long)m.barriers(),
              views->blocks.size(), views->blocks.size() == 1 ? "" : "s", views->trace.meta.grid_dim);
  if (m.incomplete) {
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kProblemColor), "(incomplete: the trace hit its event cap)");
  }
  // The whole run's work against its span: step-efficient or work-efficient, measured.
  ImGui::TextWrapped("%s", work_span_text(views->work_span).c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Measured from the dataflow of the recorded blocks, every launch: a value written from k sources "
                      "counts k - 1 combines; span is the longest chain of combines behind any value.");
  const auto& columns = metric_columns();
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                ImGuiTableFlags_SizingStretchSame;
  if (ctx.app.probes) ctx.probe_touch("metrics", "rows");
  ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(6.0f * ctx.app.ui_scale, 5.0f * ctx.app.ui_scale));
  const bool open = ImGui::BeginTable("##metrics", int(columns.size()) + 1, flags, ImGui::GetContentRegionAvail());
  ImGui::PopStyleVar();
  if (!open) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  // Narrow panes (compare mode) get the short column names.
  const bool narrow = ImGui::GetContentRegionAvail().x < 1200.0f * ctx.app.ui_scale;
  ImGui::TableSetupColumn("level", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("level 10 ").x);
  for (const MetricColumn& c : columns) ImGui::TableSetupColumn(narrow ? c.short_name : c.name);
  // Headers wrap so long names stay readable in narrow columns.
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int i = 0; i <= int(columns.size()); ++i) {
    ImGui::TableSetColumnIndex(i);
    ImGui::PushTextWrapPos(0.0f);
    const MetricColumn* c = i == 0 ? nullptr : &columns[std::size_t(i - 1)];
    ImGui::TextUnformatted(!c ? "level" : narrow ? c->short_name : c->name);
    ImGui::PopTextWrapPos();
    if (c && ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", c->name, c->tooltip);
  }
  auto row = [&](const StepMetrics& s, bool current, bool total) {
    ImGui::TableNextRow();
    if (current) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, with_alpha(kActiveLaneColor, 0.35f));
    ImGui::TableSetColumnIndex(0);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    if (total) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(okabe_ito::kSkyBlue), "%s", s.label.c_str());
    else ImGui::TextUnformatted(s.label.c_str());
    if (ctx.app.probes) ctx.probe("metrics", "rows", p.x + 4.0f, p.y + ImGui::GetTextLineHeight() * 0.5f);
    for (std::size_t i = 0; i < columns.size(); ++i) {
      ImGui::TableSetColumnIndex(int(i) + 1);
      const std::string text = metric_text(columns[i], s);
      const bool bad = (columns[i].name == std::string("bank conflicts") || columns[i].name == std::string("divergent warps")) &&
                       columns[i].value(s) > 0;
      if (bad) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kProblemColor), "%s", text.c_str());
      else ImGui::TextUnformatted(text.c_str());
    }
  };
  for (const StepMetrics& s : m.steps) row(s, s.step == ctx.step, false);
  row(m.total, false, true);
  ImGui::EndTable();
}

}  // namespace wl::ui
