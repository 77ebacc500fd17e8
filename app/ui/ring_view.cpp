// An all-reduce step by step (model/views/ring_steps.h): ranks side by side, steps top to bottom;
// in each rank, its output's K chunks, shaded by how many ranks' inputs each combines so far;
// an arrow for every chunk that crossed a link in the step. Steps after the one shown are faint.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <string>

#include "model/views/ring_steps.h"
#include "ui/legend.h"
#include "ui/palette.h"
#include "ui/theme.h"

namespace wl::ui {
namespace {

ImU32 chunk_color() { return colors().sky_blue; }
ImU32 move_color() { return colors().orange; }
// Where a round wrote: a bar under the chunk, by phase.
ImU32 write_color(StepId step) {
  return step_kind(step) == StepKind::AllGather ? colors().bluish_green : colors().reddish_purple;
}

// More ranks combined, more opaque: lighter on the dark pane, darker on the light one. Opaque (laid over the pane's
// background), so the digits' ink can be picked by the fill's luminance.
ImU32 shade(unsigned holds, unsigned ranks) {
  if (holds == 0) return colors().empty;
  const float t = 0.25f + 0.75f * float(holds) / float(ranks);
  return blend_over(with_alpha(chunk_color(), t), ImGui::GetColorU32(ImGuiCol_ChildBg));
}

}  // namespace

void draw_ring_steps_view(ViewContext& ctx, const RingSteps& ring) {
  if (ring.ranks < 2) {
    ImGui::TextWrapped("This run used one GPU: there is no all-reduce to draw.");
    return;
  }
  const unsigned k = ring.ranks;
  // A run whose blocks signal with flags runs several steps at once: row by row of its rounds,
  // which playback steps through (ViewDecl::playback_rows), a round a level.
  const bool rounds = !ring.rounds.empty();
  const std::vector<RingStep>& rows_of = rounds ? ring.rounds : ring.steps;
  // Playback walks the other side's rounds (compare with a pipelined run): every step is drawn.
  const bool foreign_rounds = !rounds && step_kind(ctx.step) == StepKind::Level;
  if (rounds)
    ImGui::TextWrapped("A row a round: each channel waits for its neighbour's flag, then moves one piece through every "
                       "step it can, reduce-scatter and all-gather at once. Each rank's %u chunks in pieces, shaded by "
                       "how many ranks' inputs they combine; bars: what the round wrote.",
                       k);
  else
    ImGui::TextWrapped("Each rank's output in %u chunks (or its scratch buffer, where that is further along: "
                       "recursive doubling writes it first), shaded by how many ranks' inputs a chunk combines so far "
                       "(the number in it); arrows: chunks that crossed a link in the step. From the recorded blocks.",
                       k);
  const bool timed = !rounds && !ring.steps.empty() && !ring.steps.front().ns.empty();
  if (timed)
    ImGui::TextWrapped("Above each rank's chunks: how long the step took on that GPU, from its own clock (its "
                       "slowest recorded block, in a replay with recording off).");
  const float scale = ctx.app.ui_scale;
  const float line = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float label_w = ImGui::CalcTextSize("reduce-scatter 00  ").x;
  const float legend_h = legend_reserve(rounds ? 2 : 1);
  const float gap = 28.0f * scale;  // between ranks: where the arrows run
  const float col_w = (avail.x - label_w - gap * float(k)) / float(k);
  const float rows = float(rows_of.size());
  const float time_h = timed ? line : 0.0f;  // a line above the chunks for the step's times
  const float row_h =
      std::clamp((avail.y - legend_h - line * 2.5f) / std::max(1.0f, rows), line * 1.2f + time_h, line * 3.0f + time_h);
  const float chunk_w = col_w / float(k);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImFont* digit_font = ctx.app.heading_font ? ctx.app.heading_font : ImGui::GetFont();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const float top = origin.y + line * 1.4f;
  auto column_x = [&](unsigned r) { return origin.x + label_w + gap * 0.5f + float(r) * (col_w + gap); };
  for (unsigned r = 0; r < k; ++r) {
    char label[24];
    std::snprintf(label, sizeof label, "rank %u", r);
    dl->AddText(ImVec2(column_x(r), origin.y), text, label);
  }
  for (std::size_t s = 0; s < rows_of.size(); ++s) {
    const RingStep& step = rows_of[s];
    bool current = step.step == ctx.step, later = step.step > ctx.step;
    if (rounds) {  // playback's level k is round k: rounds after it are still to come
      current = playback_row_step(s) == ctx.step;
      later = playback_row_step(s) > ctx.step;
    } else if (foreign_rounds) {
      current = later = false;
    }
    const float y = top + float(s) * row_h;
    if (current)
      dl->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + avail.x, y + row_h), colors().band);
    const std::string name = rounds ? "round " + std::to_string(step.round) : step_name(step.step);
    dl->AddText(ImVec2(origin.x, y + (row_h - line) * 0.5f), later ? dim : text, name.c_str());
    if (ctx.app.probes) ctx.probe("ring", later ? "rows_to_come" : "rows_drawn", origin.x, y + row_h * 0.5f);
    if (later) continue;
    const float box_h = (row_h - time_h) * 0.62f, box_y = y + time_h + (row_h - time_h - box_h) * 0.5f;
    for (unsigned r = 0; timed && r < k && r < step.ns.size(); ++r) {
      if (step.ns[r] <= 0) continue;
      char t[32];
      if (step.ns[r] >= 1e6) std::snprintf(t, sizeof t, "%.2f ms", step.ns[r] / 1e6);
      else if (step.ns[r] >= 1e3) std::snprintf(t, sizeof t, "%.1f us", step.ns[r] / 1e3);
      else std::snprintf(t, sizeof t, "%.0f ns", step.ns[r]);
      dl->AddText(ImVec2(column_x(r) + col_w - ImGui::CalcTextSize(t).x, y + 1), dim, t);
    }
    // A chunk as `parts` boxes (a row of rounds: its pieces fill one by one), a gap between chunks.
    const unsigned parts = rounds ? ring.segments : 1;
    const float chunk_gap = parts > 1 ? 6.0f * scale : 2.0f;  // pieces of one chunk close, chunks apart
    const float part_w = (chunk_w - chunk_gap) / float(parts);
    for (unsigned r = 0; r < k; ++r)
      for (unsigned c = 0; c < k; ++c)
        for (unsigned p = 0; p < parts; ++p) {
          const unsigned holds = step.holds[(std::size_t(r) * k + c) * parts + p];
          const float x0 = column_x(r) + float(c) * chunk_w + chunk_gap * 0.5f + float(p) * part_w;
          const ImVec2 lo(x0 + (p ? 0.5f * scale : 0.0f), box_y), hi(x0 + part_w - (p + 1 < parts ? 0.5f * scale : 0.0f), box_y + box_h);
          const float w = hi.x - lo.x;
          dl->AddRectFilled(lo, hi, shade(holds, k));
          if (holds == k) dl->AddRect(lo, hi, colors().mark, 0, 0, 1.5f * scale);
          if (holds) {
            char count[8];
            std::snprintf(count, sizeof count, "%u", holds);
            // Large enough to read from the back of a room: most of the box's height, as its
            // width allows; centred, in black or white by the fill.
            float size = std::min(box_h * 0.8f, line * 2.0f);
            const ImVec2 at_size = digit_font->CalcTextSizeA(size, FLT_MAX, 0.0f, count);
            if (at_size.x > w - 4) size *= (w - 4) / at_size.x;
            if (size >= line * 0.6f) {  // smaller would not be read: leave the shade alone
              const ImVec2 t = digit_font->CalcTextSizeA(size, FLT_MAX, 0.0f, count);
              dl->AddText(digit_font, size, ImVec2(lo.x + (w - t.x) * 0.5f, lo.y + (box_h - t.y) * 0.5f),
                          text_on(shade(holds, k)), count);
            }
          }
        }
    // Under each chunk, the elements the row wrote into it, a bar a step (two in a round that
    // moved two pieces through one chunk).
    if (rounds) {
      std::vector<unsigned> stacked(std::size_t(k) * k, 0);
      for (const ChunkWrite& w : step.writes) {
        const float bar_h = std::max(2.0f * scale, box_h * 0.12f);
        const float x0 = column_x(w.rank) + float(w.chunk) * chunk_w + chunk_gap * 0.5f, width = chunk_w - chunk_gap;
        const std::uint64_t begin = ring.n * w.chunk / k;
        const double len = double(std::max<std::uint64_t>(1, ring.n * (w.chunk + 1) / k - begin));
        const float a = float(double(w.first - begin) / len), b = float(double(w.last + 1 - begin) / len);
        const float by = box_y + box_h - bar_h * float(1 + stacked[std::size_t(w.rank) * k + w.chunk]++);
        dl->AddRectFilled(ImVec2(x0 + width * std::clamp(a, 0.0f, 1.0f), by),
                          ImVec2(x0 + width * std::clamp(b, 0.0f, 1.0f), by + bar_h), write_color(w.step));
      }
    }
    // An arrow from the chunk where it was to the chunk of the rank that got it (a row of rounds
    // moves a piece of many chunks at once: its bars say what moved, arrows would hide them).
    for (const ChunkMove& m : rounds ? std::vector<ChunkMove>{} : step.moves) {
      const float cx = float(m.chunk) * chunk_w + chunk_w * 0.5f;
      const ImVec2 a(column_x(m.from) + cx, box_y + box_h), b(column_x(m.to) + cx, box_y + box_h);
      // Within the row, above the next row's times when there are any.
      const float room = timed ? (row_h - time_h - box_h) * 0.5f + 2.0f * scale : row_h * 0.45f;
      const float bend = std::min(room, 6.0f * scale + std::fabs(b.x - a.x) * 0.08f);
      dl->AddBezierCubic(a, ImVec2(a.x, a.y + bend), ImVec2(b.x, b.y + bend), b, with_alpha(move_color(), 0.85f), 1.6f * scale);
      dl->AddTriangleFilled(ImVec2(b.x, b.y), ImVec2(b.x - 4 * scale, b.y + 6 * scale), ImVec2(b.x + 4 * scale, b.y + 6 * scale),
                            move_color());
    }
  }
  ImGui::Dummy(ImVec2(avail.x, line * 1.4f + rows * row_h + line * 0.3f));
  legend_begin();
  // The ramp is the picture's own shades: stronger (lighter on dark, darker on light), more ranks' inputs combined.
  ImU32 ramp[8];
  const int shown = int(std::min<unsigned>(k, 8));  // 2 to 8 ranks (the family's limit)
  for (int i = 0; i < shown; ++i) ramp[i] = shade(k - unsigned(shown) + unsigned(i) + 1, k);
  char ramp_text[96];
  std::snprintf(ramp_text, sizeof ramp_text, "ranks' inputs a chunk combines (%s: more; outlined: all %u)",
                current_theme() == Theme::Light ? "darker" : "lighter", k);
  legend_ramp(ramp, shown, int(k) - shown + 1, ramp_text);
  if (!rounds) legend_item(move_color(), "a chunk read from, or written to, another rank's memory in the step");
  if (rounds) {
    legend_item(write_color(make_step(StepKind::ReduceScatter)), "written in the round by a reduce-scatter step");
    legend_item(write_color(make_step(StepKind::AllGather)), "by an all-gather step");
  }
  legend_text(rounds ? "faint: rounds still to come" : "faint: steps still to come");
  legend_end();
}

}  // namespace wl::ui
