// The source panel: the variant's kernel source (embedded at build time) and the shared layers
// it calls, with the lines that issued the current level's events highlighted.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string_view>
#include <vector>

#include "embed/embedded_file.h"
#include "model/views/fault_report.h"
#include "model/views/race_report.h"
#include "model/views/source_sites.h"
#include "ui/layout.h"
#include "ui/legend.h"
#include "ui/palette.h"

namespace wl::ui {
namespace {

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The files to offer: the variant's own, then the shared layers its events came from.
std::vector<std::string> files_for(const TraceViews& views, const SourceHits& hits) {
  std::vector<std::string> files{variant_source_path(views.trace.meta)};
  for (const auto& [file, lines] : hits)
    if (std::find(files.begin(), files.end(), file) == files.end()) files.push_back(file);
  return files;
}

// A learner's file (--lab), as it is on disk now: what they edit, and what build errors name.
// Read again when it changes.
const std::string* file_on_disk(const std::string& path) {
  struct Cached {
    std::filesystem::file_time_type when{};
    std::string text;
  };
  static std::map<std::string, Cached> cache;
  std::error_code ec;
  const std::filesystem::file_time_type when = std::filesystem::last_write_time(path, ec);
  if (ec) return nullptr;
  Cached& c = cache[path];
  if (c.when != when || c.text.empty()) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    c = {when, text.str()};
  }
  return &c.text;
}

}  // namespace

void draw_source_view(ViewContext& ctx, const TraceViews& views) {
  const SourceHits& hits = ctx.session.source_hits(ctx.step);
  const std::vector<std::string> files = files_for(views, hits);
  static std::string chosen[2];
  static std::uint16_t followed_step[2] = {0xFFFE, 0xFFFE};
  std::string& file = chosen[ctx.side];
  // Follow the level: on a new level show the file that issued most of its events; the user
  // may pick another until the level changes again.
  if (std::find(files.begin(), files.end(), file) == files.end() || followed_step[ctx.side] != ctx.step) {
    followed_step[ctx.side] = ctx.step;
    std::uint32_t best = 0;
    file = files.front();
    for (const auto& [f, lines] : hits) {
      std::uint32_t events = 0;
      for (const auto& [line, count] : lines) events += count;
      if (events > best) {
        best = events;
        file = f;
      }
    }
    // At the step a kernel bug stopped the run, its line is the one to see.
    if (const TraceFault* f = views.fault(); f && f->step == ctx.step) {
      const std::string at = fault_location(views.trace.meta).file;
      if (std::find(files.begin(), files.end(), at) != files.end()) file = at;
    }
  }
  for (const std::string& f : files) {
    const bool has_hits = hits.count(f) > 0;
    std::string label = f.substr(f.rfind('/') + 1);
    if (has_hits) label += " *";
    if (f != files.front()) same_line_if_fits(checkbox_width(label.c_str()));  // a narrow pane: a line each
    if (ImGui::RadioButton(label.c_str(), file == f)) file = f;
  }
  const char* note = "(* has lines at this level)";
  same_line_if_fits(ImGui::CalcTextSize(note).x);
  ImGui::TextDisabled("%s", note);

  const EmbeddedFile* embedded = find_embedded(embedded_kernel_sources(), file);
  const bool learners = file == views.trace.meta.variant_file && !file.empty();
  const auto& carried = views.trace.meta.sources;
  const auto in_trace = std::find_if(carried.begin(), carried.end(), [&](const SourceText& s) { return s.path == file; });
  const std::string* on_disk = learners && in_trace == carried.end() ? file_on_disk(file) : nullptr;
  // The text the trace carries (a recorded program's); the learner's file from disk; a built-in
  // one from those compiled in. Null: none.
  const std::string_view* text = nullptr;
  std::string_view found;
  if (in_trace != carried.end()) found = in_trace->text, text = &found;
  else if (on_disk) found = *on_disk, text = &found;
  else if (embedded && !learners) found = embedded->text, text = &found;
  // The learner's build errors in this file: its lines marked, the message beside.
  std::map<unsigned, std::string> errors;
  if (const ShownRun* o = ctx.session.outcome(); o && learners)
    for (const lab::Diagnostic& d : o->lab_diagnostics)
      if (d.in_lab_file && d.severity == "error" && !errors.count(d.line)) errors[d.line] = d.message;
  // The run's races whose lines are in this file: both lines marked, each naming the other (the
  // pane's header says the first race whole).
  std::map<unsigned, std::string> races;
  for (const Race& r : views.races) {
    const auto [first, second] = race_locations(r, views.trace.meta);
    if (second.file == file) races.emplace(second.line, race_note(r, r.second.site, r.first.site, views.trace.meta));
    if (first.file == file) races.emplace(first.line, race_note(r, r.first.site, r.second.site, views.trace.meta));
  }
  // Lines where a warp's lanes split in this launch: how many requests there left out lanes of
  // their warp that were still running (the divergence a branch there causes).
  std::map<unsigned, std::uint64_t> splits;
  for (const DivergentSite& d : views.split_sites)
    if (const SourceLocation at = site_location(d.site, views.trace.meta); at.file == file) splits[at.line] += d.requests;
  const float legend_h = legend_reserve(1);  // as tall as it drew: two lines in a compare pane
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::BeginChild("##source_text", ImVec2(avail.x, std::max(60.0f, avail.y - legend_h)), false,
                    ImGuiWindowFlags_HorizontalScrollbar);
  if (ctx.app.probes) {
    ctx.probe_touch("source", "hit_lines");
    ctx.probe_touch("source", "split_lines");
  }
  if (!text) {
    ImGui::TextDisabled(learners ? "%s cannot be read." : "%s is not embedded in this build.", file.c_str());
    ImGui::EndChild();
    return;
  }
  // Where the run stopped on a kernel bug, when that is in this file.
  const SourceLocation fault_at = views.fault() ? fault_location(views.trace.meta) : SourceLocation{};
  const unsigned fault_line = fault_at.file == file ? fault_at.line : 0;
  const auto it = hits.find(file);
  static const std::map<unsigned, std::uint32_t> kNone;
  const std::map<unsigned, std::uint32_t>& lines_hit = it == hits.end() ? kNone : it->second;
  if (ctx.app.mono_font) ImGui::PushFont(ctx.app.mono_font);
  const std::vector<std::string_view> lines = split_lines(*text);
  const float line_h = ImGui::GetTextLineHeightWithSpacing();
  const float gutter = ImGui::CalcTextSize("x999999 123 ").x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // Scroll the first highlighted line into view when the level changes.
  static std::uint16_t scrolled_step[2] = {0xFFFE, 0xFFFE};
  static std::string scrolled_file[2];
  if ((scrolled_step[ctx.side] != ctx.step || scrolled_file[ctx.side] != file) &&
      (!lines_hit.empty() || fault_line || !errors.empty() || !races.empty())) {
    const unsigned first = !errors.empty() ? errors.begin()->first
                           : fault_line    ? fault_line
                           : !races.empty() ? races.begin()->first
                                            : lines_hit.begin()->first;
    const float target = float(first - 1) * line_h;
    ImGui::SetScrollY(std::max(0.0f, target - ImGui::GetWindowHeight() * 0.3f));
    scrolled_step[ctx.side] = ctx.step;
    scrolled_file[ctx.side] = file;
  }
  ImGuiListClipper clipper;
  clipper.Begin(int(lines.size()), line_h);
  while (clipper.Step())
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const unsigned number = unsigned(i + 1);
      const auto hit = lines_hit.find(number);
      const ImVec2 p = ImGui::GetCursorScreenPos();
      if (hit != lines_hit.end()) {
        const float right = p.x + std::max(ImGui::GetContentRegionAvail().x, 2000.0f);
        dl->AddRectFilled(ImVec2(p.x, p.y), ImVec2(right, p.y + line_h), with_alpha(colors().active_lane, 0.22f));
        dl->AddRectFilled(ImVec2(p.x, p.y), ImVec2(p.x + 6.0f * ctx.app.ui_scale, p.y + line_h), colors().active_lane);
        if (ctx.app.probes) ctx.probe("source", "hit_lines", p.x + 3.0f * ctx.app.ui_scale, p.y + line_h * 0.5f);
        char count[16];
        std::snprintf(count, sizeof count, "x%u", hit->second);
        dl->AddText(ImVec2(p.x + 9.0f * ctx.app.ui_scale, p.y), colors().sky_blue, count);
      }
      const auto split = splits.find(number);
      if (split != splits.end()) {  // a bar between the line number and the code, clear of the hit count
        const float x = p.x + gutter - 8.0f * ctx.app.ui_scale;
        dl->AddRectFilled(ImVec2(x, p.y), ImVec2(x + 4.0f * ctx.app.ui_scale, p.y + line_h), colors().diverged_lane);
        if (ctx.app.probes) ctx.probe("source", "split_lines", x + 2.0f * ctx.app.ui_scale, p.y + line_h * 0.5f);
      }
      if (number == fault_line || errors.count(number) || races.count(number)) {
        const float right = p.x + std::max(ImGui::GetContentRegionAvail().x, 2000.0f);
        dl->AddRectFilled(ImVec2(p.x, p.y), ImVec2(right, p.y + line_h), with_alpha(colors().problem, 0.30f));
        dl->AddRectFilled(ImVec2(p.x, p.y), ImVec2(p.x + 6.0f * ctx.app.ui_scale, p.y + line_h), colors().problem);
      }
      char num[16];
      std::snprintf(num, sizeof num, "%4u", number);
      const float num_x = p.x + gutter - ImGui::CalcTextSize("1234  ").x;
      dl->AddText(ImVec2(num_x, p.y), colors().line_number, num);
      ImGui::SetCursorScreenPos(ImVec2(p.x + gutter, p.y));
      ImGui::TextUnformatted(lines[std::size_t(i)].data(), lines[std::size_t(i)].data() + lines[std::size_t(i)].size());
      if (const auto error = errors.find(number); error != errors.end()) {
        ImGui::SameLine(0, 24.0f * ctx.app.ui_scale);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "error: %s", error->second.c_str());
      } else if (const auto race = races.find(number); race != races.end()) {
        ImGui::SameLine(0, 24.0f * ctx.app.ui_scale);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", race->second.c_str());
        if (ctx.app.probes) ctx.probe("source", "race_lines", p.x + 3.0f * ctx.app.ui_scale, p.y + line_h * 0.5f);
      } else if (split != splits.end()) {
        ImGui::SameLine(0, 24.0f * ctx.app.ui_scale);
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().diverged_lane), "a warp's lanes split here %llu time%s",
                           static_cast<unsigned long long>(split->second), split->second == 1 ? "" : "s");
      }
    }
  if (ctx.app.mono_font) ImGui::PopFont();
  ImGui::EndChild();
  legend_begin();
  legend_item(colors().active_lane, "issued events at this level (xN: how many, over the block's threads)");
  if (!splits.empty())
    legend_item(colors().diverged_lane, "a warp's lanes split here: its requests left out lanes still running (this launch)");
  if (views.fault()) legend_item(colors().problem, "where the simulator stopped the kernel");
  if (!errors.empty()) legend_item(colors().problem, "where your file does not compile (the views show its last good run)");
  if (!races.empty()) legend_item(colors().problem, "a data race: two threads touch one location, one writes, nothing orders them");
  legend_end();
}

}  // namespace wl::ui
