// The bank view: for the current level, each shared-memory warp request as 32 banks holding
// the distinct words it touched; banks with several words (n-way conflicts) are highlighted.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <bitset>
#include <cstdio>

#include "model/views/divergence_map.h"
#include "model/views/shared_names.h"
#include "ui/layout.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/request_text.h"
#include "ui/text_batch.h"

namespace wl::ui {
namespace {

// The lanes of lane group `group` (model/shared_banks.h) that the request has active.
std::uint32_t group_lanes(const BankRequest& r, unsigned group) {
  const unsigned width = shared_lane_group_width(r.size);
  const std::uint32_t all = width >= 32 ? 0xffffffffu : ((1u << width) - 1u) << (group * width);
  return r.lane_mask & all;
}

void word_tooltip(const BankRequest& r, unsigned bank, const BankWord& w, const TraceMeta& meta) {
  ImGui::BeginTooltip();
  ImGui::Text("bank %u, word %u (byte %u)", bank, w.word, w.word * 4);
  if (!meta.shared_arrays.empty()) ImGui::Text("%s", shared_element_name(meta, w.word * 4ull, run_type_bytes(meta)).c_str());
  ImGui::Text("lanes %s", lane_ranges(w.lanes).c_str());
  if (std::bitset<32>(w.lanes).count() > 1) ImGui::TextDisabled("several lanes, one word: a broadcast, no conflict");
  if (w.ways > 1)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem),
                       "%u different words of lanes %s in this bank: %u-way conflict", unsigned(w.ways),
                       lane_ranges(group_lanes(r, w.group)).c_str(), unsigned(w.ways));
  else if (r.banks[bank].size() > 1)
    ImGui::TextDisabled("the other words in this bank belong to other lane groups: %u lanes are served at a time",
                        shared_lane_group_width(r.size));
  ImGui::EndTooltip();
}

}  // namespace

void draw_banks_view(ViewContext& ctx, const TraceViews& views, const BlockViews& block) {
  const BankStep& step = ctx.session.bank_step(ctx.step);
  const Metrics& metrics = views.metrics;
  const TraceMeta& meta = views.trace.meta;
  const float scale = ctx.app.ui_scale;
  const float line = ImGui::GetTextLineHeight();

  // Totals: this level, then the whole kernel (every recorded block).
  const StepMetrics& total = metrics.total;
  const std::uint64_t kernel_conflicts = total.shared_ld.conflicts + total.shared_st.conflicts + total.shared_atom.conflicts;
  const std::uint64_t kernel_wavefronts = total.shared_ld.wavefronts + total.shared_st.wavefronts + total.shared_atom.wavefronts;
  // A narrow pane (side by side at 1280x720) says it in fewer words, so the requests keep the
  // room; still wrapped, and the parts of a line each where it fits.
  char level[160], kernel[128];
  std::snprintf(level, sizeof level, "This level, block %u: %zu shared requests, %llu wavefronts (ideal %llu),",
                block.block, step.requests.size(), (unsigned long long)step.wavefronts,
                (unsigned long long)step.ideal);
  std::snprintf(kernel, sizeof kernel, "Whole kernel (%zu recorded blocks): %llu wavefronts, %llu conflicts",
                views.blocks.size(), (unsigned long long)kernel_wavefronts,
                (unsigned long long)kernel_conflicts);
  if (ImGui::CalcTextSize(kernel).x > ImGui::GetContentRegionAvail().x) {
    std::snprintf(level, sizeof level, "Level: %zu requests, %llu wavefronts (ideal %llu),", step.requests.size(),
                  (unsigned long long)step.wavefronts, (unsigned long long)step.ideal);
    std::snprintf(kernel, sizeof kernel, "All %zu recorded blocks: %llu wavefronts, %llu conflicts",
                  views.blocks.size(), (unsigned long long)kernel_wavefronts,
                  (unsigned long long)kernel_conflicts);
  }
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(level);
  char conflicts[48];
  std::snprintf(conflicts, sizeof conflicts, "%llu conflicts", (unsigned long long)step.conflicts);
  same_line_if_fits(ImGui::CalcTextSize(conflicts).x);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(step.conflicts ? colors().problem : colors().good), "%s", conflicts);
  ImGui::TextUnformatted(kernel);
  ImGui::PopTextWrapPos();

  ctx.probe_touch("banks", "conflict_banks");
  ctx.probe_touch("banks", "clean_banks");
  begin_request_list("##bank_requests", step.requests.empty() ? "No shared-memory requests at this level." : nullptr);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  const float label_w = ImGui::CalcTextSize("bank ").x;
  const float bank_w = (width - label_w) / float(kBanks);
  const float cell_h = std::clamp(line * 1.25f, 12.0f, 34.0f * scale);
  ShapeBatch cells;
  TextBatch texts;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const BankRequest* hover_req = nullptr;
  unsigned hover_bank = 0;
  const BankWord* hover_word = nullptr;

  for (std::size_t i = 0; i < step.requests.size(); ++i) {
    const BankRequest& r = step.requests[i];
    ImGui::PushID(int(i));
    char cost[96];
    if (r.ways > 1)
      std::snprintf(cost, sizeof cost, "%u-way conflict: %u wavefronts (ideal %u)", r.ways, r.cost.wavefronts, r.cost.ideal);
    else
      std::snprintf(cost, sizeof cost, "conflict-free: %u wavefront%s", r.cost.wavefronts, r.cost.wavefronts == 1 ? "" : "s");
    request_heading(r, meta, "lanes " + lane_ranges(r.lane_mask), cost, r.ways > 1);
    std::size_t depth = 1;
    for (const auto& bank : r.banks) depth = std::max(depth, bank.size());
    const ImVec2 o = ImGui::GetCursorScreenPos();
    const float height = cell_h * float(depth);
    if (ImGui::IsRectVisible(o, ImVec2(o.x + width, o.y + height + line))) {
      texts.add(ImVec2(o.x, o.y + (cell_h - line) * 0.5f), "bank", colors().label);
      for (unsigned b = 0; b < kBanks; ++b) {
        const float x = o.x + label_w + float(b) * bank_w;
        const auto& words = r.banks[b];
        const bool conflict = std::any_of(words.begin(), words.end(), [](const BankWord& w) { return w.ways > 1; });
        cells.box(ImVec2(x + 1.0f, o.y), ImVec2(x + bank_w - 1.0f, o.y + height), colors().empty, 2.0f);
        for (std::size_t k = 0; k < words.size(); ++k) {
          const ImVec2 lo(x + 2.0f, o.y + float(k) * cell_h + 1.0f), hi(x + bank_w - 2.0f, o.y + float(k + 1) * cell_h - 1.0f);
          const ImU32 fill = words[k].ways > 1 ? colors().problem : colors().good;
          cells.box(lo, hi, fill, 3.0f);
          char word[16];
          std::snprintf(word, sizeof word, "%u", words[k].word);
          if (ImGui::CalcTextSize(word).x + 4.0f < hi.x - lo.x && line <= cell_h)
            texts.add(ImVec2(lo.x + 2.0f, lo.y + (hi.y - lo.y - line) * 0.5f), word, text_on(fill));
          if (mouse.x >= lo.x && mouse.x < hi.x && mouse.y >= lo.y && mouse.y < hi.y) {
            hover_req = &r;
            hover_bank = b;
            hover_word = &words[k];
          }
        }
        if (ctx.app.probes && !words.empty())
          ctx.probe("banks", conflict ? "conflict_banks" : "clean_banks", x + bank_w * 0.5f, o.y + 3.0f);
      }
    }
    ImGui::Dummy(ImVec2(width, height));
    // Bank numbers under the first request only: the columns are the same for all.
    if (i == 0) {
      const ImVec2 n = ImGui::GetCursorScreenPos();
      for (unsigned b = 0; b < kBanks; b += (bank_w < ImGui::CalcTextSize("30").x + 4.0f ? 2 : 1)) {
        char num[8];
        std::snprintf(num, sizeof num, "%u", b);
        texts.add(ImVec2(n.x + label_w + float(b) * bank_w + 3.0f, n.y), num, colors().label);
      }
      ImGui::Dummy(ImVec2(width, line));
    }
    ImGui::Spacing();
    ImGui::PopID();
  }
  ctx.gl.draw(dl, std::move(cells));
  texts.draw(dl);
  if (hover_word && ImGui::IsWindowHovered()) word_tooltip(*hover_req, hover_bank, *hover_word, views.trace.meta);
  ImGui::EndChild();

  legend_begin();
  legend_item(colors().good, "alone in its bank within its lane group");
  legend_item(colors().problem, "n-way conflict within a lane group");
  legend_text("numbers: word (byte / 4), bank = word % 32; 16-byte requests: a row per 8 lanes");
  legend_end();
}

}  // namespace wl::ui
