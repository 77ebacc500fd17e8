// Row-wise softmax and norms, output by output (model/views/row_numerics.h): a strip of cells a
// row, each output colored by its error against the f64 reference, in f32 round-offs of the
// row's largest output; NaN and inf in colors of their own; the row's inputs' range and worst
// error at its right, and the check's sentence above. Hover a cell for its numbers.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "model/views/row_numerics.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/number_text.h"

namespace wl::ui {
namespace {

// Greener is closer; the two that are no number at all stand apart.
ImU32 class_color(ErrorClass c) {
  switch (c) {
    case ErrorClass::Exact: return colors().good;
    case ErrorClass::Few: return colors().sky_blue;
    case ErrorClass::Some: return colors().yellow;
    case ErrorClass::Many: return colors().orange;
    case ErrorClass::Wrong: return colors().reddish_purple;
    case ErrorClass::NaN: return colors().problem;
    case ErrorClass::Inf: return colors().blue;
    case ErrorClass::Unwritten: return colors().empty;
  }
  return colors().empty;
}

// The worse of two classes for a cell that stands for several columns: NaN and inf above any
// number, and anything written above nothing.
ErrorClass worse(ErrorClass a, ErrorClass b) {
  auto rank = [](ErrorClass c) { return c == ErrorClass::Unwritten ? -1 : int(c); };
  return rank(b) > rank(a) ? b : a;
}


const char* op_words(RowOp op) {
  return op == RowOp::Softmax ? "softmax" : op == RowOp::LayerNorm ? "layer norm" : "RMS norm";
}

// "x -3.9 .. 100:  1 NaN  the rest under 0.01 u" for the text right of a row; without the
// inputs' range where the pane is narrow.
std::string row_summary(const RowOutputs& r, bool with_inputs) {
  float lo = r.x.front(), hi = r.x.front();
  for (float x : r.x) lo = std::min(lo, x), hi = std::max(hi, x);
  std::string text = with_inputs ? "x " + number_text(lo, "%.6g") + " .. " + number_text(hi, "%.6g") + ":  " : "";
  if (r.nans) text += std::to_string(r.nans) + " NaN  ";
  if (r.infs) text += std::to_string(r.infs) + " inf  ";
  if (r.written == r.nans + r.infs) return text;
  text += r.nans || r.infs ? "the rest " : "worst ";
  if (r.worst_u < 0.01) return text + "under 0.01 u";
  char worst[48];
  if (r.worst_u < 1024) {
    std::snprintf(worst, sizeof worst, r.worst_u < 100 ? "%.2g u" : "%.0f u", r.worst_u);
  } else {  // 2^k u off the row's largest output leaves about 24 - k of f32's 24 bits
    const int k = int(std::floor(std::log2(r.worst_u)));
    if (k >= 24) std::snprintf(worst, sizeof worst, "2^%d u: no correct bit", k);
    else std::snprintf(worst, sizeof worst, "2^%d u: %d correct bit%s", k, 24 - k, 24 - k == 1 ? "" : "s");
  }
  return text + worst;
}

void tooltip(const RowOutputs& r, std::uint64_t first, std::uint64_t last) {
  ImGui::BeginTooltip();
  if (last - first > 1)
    ImGui::Text("row %llu, columns %llu .. %llu (the worst shown)", (unsigned long long)r.row, (unsigned long long)first,
                (unsigned long long)(last - 1));
  std::uint64_t j = first;
  for (std::uint64_t k = first; k < last; ++k)
    if (worse(r.error[j], r.error[k]) != r.error[j] || (r.error[k] == r.error[j] && r.error_u[k] > r.error_u[j])) j = k;
  ImGui::Text("row %llu, column %llu: x = %s", (unsigned long long)r.row, (unsigned long long)j, number_text(r.x[j]).c_str());
  ImGui::Text("f64 reference  %.9g", r.reference[j]);
  if (r.error[j] == ErrorClass::Unwritten) {
    ImGui::TextDisabled("not written by the recorded blocks");
  } else {
    ImGui::Text("f32 result     %.9g", double(r.got[j]));
    ImGui::Text("error          %s (%s)", number_text(r.error_u[j]).c_str(), error_class_name(r.error[j]));
  }
  ImGui::EndTooltip();
}

}  // namespace

void draw_numerics_view(ViewContext& ctx, const RowNumerics& n) {
  ctx.probe_touch("numerics", "nan");  // a test can check there is none
  if (n.rows.empty()) {
    ImGui::TextWrapped("%s", n.note.c_str());
    return;
  }
  ImGui::TextWrapped("Each output of %s against its f64 reference, %llu columns a row. Error in u = 2^-24, one f32 "
                     "rounding of the row's largest output: green is as close as f32 gets.",
                     op_words(n.op), (unsigned long long)n.cols);
  if (n.op == RowOp::LayerNorm) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("A large mean costs any f32 layer norm bits: x is stored to f32 at the mean's scale, not the spread's.");
    ImGui::PopTextWrapPos();
  }
  if (const ShownRun* o = ctx.session.outcome(); o && o->checked) {
    ImGui::PushTextWrapPos(0.0f);
    if (!o->result.check.ok && !o->result.check.diagnosis.empty())
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", o->result.check.diagnosis.c_str());
    else if (!o->result.check.ok)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "The check failed: %s", o->result.check.expected.c_str());
    else
      ImGui::TextDisabled("The check passed: every output within the bound the family derives for this variant.");
    ImGui::PopTextWrapPos();
  }

  const float scale = ctx.app.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float legend_h = legend_reserve(avail.x < 1100.0f * ctx.app.ui_scale ? 4 : 2);  // narrow: the swatches wrap
  const float label_w = ImGui::CalcTextSize("row 00000  ").x;
  // The strip takes what the summary leaves, and at least half the pane: a narrow pane (compare)
  // drops the inputs' range from the summary.
  const float gap_w = 12.0f * scale;
  const float full_w = ImGui::CalcTextSize("x -3.99999 .. 10003.9:  99 NaN  the rest 2^20 u: 4 correct bits").x;
  const bool with_inputs = avail.x - label_w - full_w - gap_w >= avail.x * 0.5f;
  const float summary_w = with_inputs ? full_w : ImGui::CalcTextSize("99 NaN  worst 2^20 u: 4 correct bits").x;
  const float strip_w = std::max(avail.x - label_w - summary_w - gap_w, 40.0f);
  // Under the rows: the header's 1.2 lines and "... and N more rows" (the Dummy below), then the legend.
  const float rows_room = avail.y - legend_h - line * 2.2f - ImGui::GetStyle().ItemSpacing.y;
  const float row_h = std::clamp(rows_room / float(n.rows.size()), line * 1.1f, line * 2.4f);
  const std::size_t shown = std::min(n.rows.size(), std::size_t(std::max(1.0f, rows_room / row_h)));
  // One cell a column while cells stay 3 px wide; else a cell stands for several, the worst of them.
  const std::uint64_t cells = std::min<std::uint64_t>(n.cols, std::uint64_t(strip_w / (3.0f * scale)));
  const float cell_w = strip_w / float(cells);
  const float gap = cell_w >= 6.0f * scale ? 1.0f : 0.0f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (cells < n.cols) {
    char note[96];
    std::snprintf(note, sizeof note, "a cell: %llu columns, the worst of them",
                  (unsigned long long)((n.cols + cells - 1) / cells));
    dl->AddText(ImVec2(origin.x + label_w, origin.y), dim, note);
  }
  const float top = origin.y + line * 1.2f;
  for (std::size_t i = 0; i < shown; ++i) {
    const RowOutputs& r = n.rows[i];
    const float y = top + float(i) * row_h, h = row_h * 0.78f;
    char label[24];
    std::snprintf(label, sizeof label, "row %llu", (unsigned long long)r.row);
    dl->AddText(ImVec2(origin.x, y + (h - line) * 0.5f), text, label);
    ctx.probe("numerics", "rows", origin.x, y + h * 0.5f);
    for (std::uint64_t c = 0; c < cells; ++c) {
      const std::uint64_t first = c * n.cols / cells, last = std::max(first + 1, (c + 1) * n.cols / cells);
      ErrorClass worst = ErrorClass::Unwritten;
      for (std::uint64_t j = first; j < last; ++j) worst = worse(worst, r.error[j]);
      const ImVec2 lo(origin.x + label_w + float(c) * cell_w, y), hi(lo.x + std::max(cell_w - gap, 1.0f), y + h);
      dl->AddRectFilled(lo, hi, class_color(worst));
      // Not a number at all: marked beyond its color, a cross for NaN, a bar for inf.
      const ImU32 mark = colors().mark;
      const float m = std::min(hi.x - lo.x, hi.y - lo.y) * 0.2f;
      if (worst == ErrorClass::NaN) ctx.probe("numerics", "nan", lo.x + 3, (lo.y + hi.y) * 0.5f);  // beside the cross
      if (worst == ErrorClass::NaN && hi.x - lo.x >= 5) {
        dl->AddLine(ImVec2(lo.x + m, lo.y + m), ImVec2(hi.x - m, hi.y - m), mark, 1.5f * scale);
        dl->AddLine(ImVec2(lo.x + m, hi.y - m), ImVec2(hi.x - m, lo.y + m), mark, 1.5f * scale);
      } else if (worst == ErrorClass::Inf && hi.x - lo.x >= 5) {
        dl->AddLine(ImVec2(lo.x + m, (lo.y + hi.y) * 0.5f), ImVec2(hi.x - m, (lo.y + hi.y) * 0.5f), mark, 2.0f * scale);
      }
      if (mouse.x >= lo.x && mouse.x < lo.x + cell_w && mouse.y >= lo.y && mouse.y < hi.y) tooltip(r, first, last);
    }
    const std::string summary = row_summary(r, with_inputs);
    const bool wrong = r.nans || r.infs || error_class(r.worst_u) == ErrorClass::Wrong;
    dl->AddText(ImVec2(origin.x + label_w + strip_w + gap_w, y + (h - line) * 0.5f), wrong ? colors().problem : dim,
                summary.c_str());
  }
  if (shown < n.rows.size()) {
    char more[64];
    std::snprintf(more, sizeof more, "... and %zu more rows", n.rows.size() - shown);
    dl->AddText(ImVec2(origin.x, top + float(shown) * row_h), dim, more);
  }
  ImGui::Dummy(ImVec2(avail.x, line * 1.2f + float(shown) * row_h + (shown < n.rows.size() ? line : 0.0f)));
  legend_begin();
  for (ErrorClass c : {ErrorClass::Exact, ErrorClass::Few, ErrorClass::Some, ErrorClass::Many, ErrorClass::Wrong})
    legend_item(class_color(c), error_class_name(c));
  legend_end();
  legend_begin();
  legend_item(class_color(ErrorClass::NaN), "crossed: NaN where the reference is a number");
  legend_item(class_color(ErrorClass::Inf), "barred: inf where it is not");
  legend_item(class_color(ErrorClass::Unwritten), "not written by the recorded blocks");
  legend_end();
}

}  // namespace wl::ui
