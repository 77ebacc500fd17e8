// The links between GPUs of a run over several (an all-reduce): a K x K matrix of the bytes each
// rank read from and wrote to every other rank's memory, for the step shown and for the whole
// run (model/peer_traffic.h). A ring lights only the cells beside the diagonal; one-shot every
// cell: that contrast is the lesson.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cstdio>
#include <string>

#include "model/peer_traffic.h"
#include "ui/legend.h"
#include "ui/palette.h"

namespace wl::ui {
namespace {

ImU32 read_color() { return colors().sky_blue; }
ImU32 write_color() { return colors().orange; }

std::string bytes_text(std::uint64_t bytes) {
  char text[32];
  if (bytes >= (1u << 20)) std::snprintf(text, sizeof text, "%.1f MiB", double(bytes) / (1u << 20));
  else if (bytes >= 1024) std::snprintf(text, sizeof text, "%.1f KiB", double(bytes) / 1024);
  else std::snprintf(text, sizeof text, "%llu B", (unsigned long long)bytes);
  return text;
}

// One matrix at `at`, `cell` pixels a side, titled; each cell a read bar over a write bar, each as
// long as its share of `largest`. Returns its height.
float matrix(ImDrawList* dl, ImVec2 at, float cell, const LinkBytes& bytes, std::uint64_t largest, const char* title,
             float label_w) {
  const float line = ImGui::GetTextLineHeight();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  dl->AddText(at, text, title);
  const ImVec2 g(at.x + label_w, at.y + line * 2.4f);
  const unsigned k = bytes.ranks;
  for (unsigned q = 0; q < k; ++q) {
    char label[24];
    std::snprintf(label, sizeof label, "rank %u", q);
    dl->AddText(ImVec2(g.x + cell * float(q) + 4, g.y - line * 1.2f), dim, label);
    dl->AddText(ImVec2(at.x, g.y + cell * (float(q) + 0.5f) - line * 0.5f), dim, label);
  }
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  for (unsigned r = 0; r < k; ++r)
    for (unsigned q = 0; q < k; ++q) {
      const ImVec2 lo(g.x + cell * float(q) + 1, g.y + cell * float(r) + 1), hi(lo.x + cell - 2, lo.y + cell - 2);
      dl->AddRectFilled(lo, hi, r == q ? colors().row_alt : colors().row);
      if (r == q) continue;
      const std::uint64_t rd = bytes.read_from(r, q), wr = bytes.written_to(r, q);
      const float full = hi.x - lo.x - 8;
      auto bar = [&](float y, std::uint64_t v, ImU32 color) {
        if (v == 0 || largest == 0) return;
        const float w = std::max(2.0f, full * float(double(v) / double(largest)));
        dl->AddRectFilled(ImVec2(lo.x + 4, y), ImVec2(lo.x + 4 + w, y + cell * 0.18f), color);
      };
      bar(lo.y + cell * 0.18f, rd, read_color());
      bar(lo.y + cell * 0.52f, wr, write_color());
      if (cell > line * 3.5f && (rd || wr)) {
        const std::string t = bytes_text(rd + wr);
        dl->AddText(ImVec2(lo.x + 4, hi.y - line - 2), text, t.c_str());
      }
      if (mouse.x >= lo.x && mouse.x < hi.x && mouse.y >= lo.y && mouse.y < hi.y) {
        ImGui::BeginTooltip();
        ImGui::Text("rank %u read %s from rank %u's memory", r, bytes_text(rd).c_str(), q);
        ImGui::Text("rank %u wrote %s to rank %u's memory", r, bytes_text(wr).c_str(), q);
        ImGui::EndTooltip();
      }
    }
  return g.y - at.y + cell * float(k);
}

std::uint64_t largest_cell(const LinkBytes& b) {
  std::uint64_t m = 0;
  for (std::size_t i = 0; i < b.read.size(); ++i) m = std::max({m, b.read[i], b.written[i]});
  return m;
}

}  // namespace

void draw_links_view(ViewContext& ctx, const PeerTraffic& peers) {
  if (peers.total.ranks < 2) {
    ImGui::TextWrapped("This run used one GPU: there are no links between GPUs to draw.");
    return;
  }
  const auto at_step = peers.steps.find(ctx.step);
  LinkBytes none = peers.total;
  std::fill(none.read.begin(), none.read.end(), 0);
  std::fill(none.written.begin(), none.written.end(), 0);
  const LinkBytes& now = at_step == peers.steps.end() ? none : at_step->second;

  ImGui::TextWrapped("Bytes each rank (row) read from and wrote to another rank's memory (column), as recorded "
                     "from the blocks in the trace; a rank's own memory is the grey diagonal.");
  const float scale = ctx.app.ui_scale;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float line = ImGui::GetTextLineHeight();
  const float label_w = ImGui::CalcTextSize("rank 00  ").x;
  const unsigned k = peers.total.ranks;
  const float width = (avail.x - 2 * label_w - 40 * scale) / 2;
  // Never narrower than a column's label, nor shorter than a row's: a short pane (presenter mode
  // at 1280x720) scrolls rather than overprint them.
  const float fewest = std::max({12.0f * scale, ImGui::CalcTextSize("rank 0").x + 8.0f, line * 1.3f});
  // Under the matrices: their titles and column labels, "In all" (and the flags' line), each a
  // line with its spacing, then the legend.
  const float lines_h = ImGui::GetTextLineHeightWithSpacing() * (peers.flag_bytes ? 6.0f : 4.0f);
  const float cell = std::clamp(std::min(width, avail.y - legend_reserve(1) - lines_h) / float(k), fewest,
                                std::max(fewest, 140.0f * scale));
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const std::string step_title = "this step (" + step_name(ctx.step) + ")";
  const std::uint64_t largest = std::max<std::uint64_t>(1, largest_cell(peers.total));
  const float h1 = matrix(dl, origin, cell, now, std::max<std::uint64_t>(1, largest_cell(now)), step_title.c_str(), label_w);
  const float first_w = std::max(label_w + cell * float(k), ImGui::CalcTextSize(step_title.c_str()).x);
  const float h2 = matrix(dl, ImVec2(origin.x + first_w + 40 * scale, origin.y), cell, peers.total,
                          largest, "the whole run", label_w);
  ImGui::Dummy(ImVec2(avail.x, std::max(h1, h2) + line * 0.5f));
  std::uint64_t read = 0, written = 0;
  for (unsigned r = 0; r < k; ++r) read += peers.total.read_by(r), written += peers.total.written_by(r);
  ImGui::Text("In all: %s read and %s written across links, %s a rank.", bytes_text(read).c_str(),
              bytes_text(written).c_str(), bytes_text((read + written) / k).c_str());
  if (peers.flag_bytes)
    ImGui::TextWrapped("Of these, %s are flags: each wait reads 4 bytes of a neighbour's flag, counted in the step "
                       "the waiting block was in.",
                       bytes_text(peers.flag_bytes).c_str());
  legend_begin();
  legend_item(read_color(), "read from the column's memory");
  legend_item(write_color(), "written to the column's memory");
  legend_end();
}

}  // namespace wl::ui
