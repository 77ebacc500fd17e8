// The Timing view: a recorded or live GPU sweep as three plots against n (time, bandwidth,
// share of the device copy's bandwidth), or against a swept parameter at one n, with a choice
// between the two where a family ships both; and the family's ladder at one point (reduce's
// beside the 2007 G80 table).
// Starts live sweeps on the Timing worker; never calls the GPU itself.
#include "ui/view_drawers.h"  // draw_<id>_view: declared there with what it draws
#include "app_state.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <utility>

#include "assets_dir.h"
#include "run/backend_run.h"
#include "probe_log.h"
#include "ui/ladder_presets.h"
#include "ui/layout.h"
#include "ui/palette.h"
#include "ui/plot.h"
#include "ui/theme.h"
#include "ui/timing_plots.h"

namespace wl::ui {
namespace {

constexpr int kSmallestSweepLog2 = 10, kLargestSweepLog2 = 28;
constexpr int kBackToBackRuns = 20;  // a live sweep's samples, when runs go back to back

// Empty when a live sweep can run here; else why not. Asked once: it probes the driver.
const std::string& live_sweep_refusal() {
  static const std::string reason = [] {
    std::string why;
    if (gpu_usable(&why)) return std::string();
    return why.empty() ? std::string("no usable GPU") : why;
  }();
  return reason;
}

// What the family is timed against: "CUB", "NCCL".
std::string family_library(const std::string& family) {
  const Family* f = find_family(family);
  return f ? f->library_name() : std::string(kCubSeries);
}

void problem_line(const std::string& text) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", text.c_str());
  ImGui::PopTextWrapPos();
}

std::string sweep_label(const ProfileEntry& p) {
  const std::string file = p.path.substr(p.path.find_last_of('/') + 1);
  if (!p.sweep) return file + " (does not load)";
  const std::string axis = p.sweep->against_param() ? ", against " + p.sweep->swept_param : "";
  return p.sweep->device + ", " + p.sweep->date + axis + " (" + file + ")";
}

// Grey text after the last item: on its line where it fits, else on a line of its own, wrapped.
void note_after(const std::string& text) {
  same_line_if_fits(ImGui::CalcTextSize(text.c_str()).x);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", text.c_str());
  ImGui::PopTextWrapPos();
}

// A combo as wide as its preview (capped at `most`), so the preview is never cut; a narrow window
// gets `shorter` instead when the full text does not fit.
float combo_width_for(std::string& preview, const std::string& shorter, float most) {
  const float chrome = 2.0f * ImGui::GetStyle().FramePadding.x + ImGui::GetFrameHeight() + 2.0f;  // 2: rounding
  const float room = std::min(most, ImGui::GetContentRegionAvail().x);
  if (ImGui::CalcTextSize(preview.c_str()).x + chrome > room && !shorter.empty()) preview = shorter;
  return std::min(room, ImGui::CalcTextSize(preview.c_str()).x + chrome);
}

void adopt_finished_sweep(TimingState& t) {
  std::optional<TimingWorkerResult> result = t.worker.take_result();
  if (!result) return;
  t.live_error = result->error;
  if (result->sweep) {
    t.live = std::move(result->sweep);
    t.show(-1);
  }
}

void source_chooser(TimingState& t) {
  std::string current = "no sweep", shorter;
  if (t.shown < 0 && t.live) {
    current = "measured now on " + t.live->device;
  } else if (std::size_t(t.shown) < t.profiles.size()) {
    const ProfileEntry& p = t.profiles[std::size_t(t.shown)];
    current = sweep_label(p);
    if (p.sweep) shorter = p.sweep->device + ", " + p.sweep->date;  // the file's name is in the list
  }
  ImGui::SetNextItemWidth(combo_width_for(current, shorter, ImGui::GetFontSize() * 36.0f));
  if (ImGui::BeginCombo("##sweep", current.c_str())) {
    for (std::size_t i = 0; i < t.profiles.size(); ++i) {
      if (!t.profiles[i].sweep) continue;  // listed below the row as an error line instead
      if (ImGui::Selectable(sweep_label(t.profiles[i]).c_str(), t.shown == int(i))) t.show(int(i));
    }
    if (t.live && ImGui::Selectable(("measured now on " + t.live->device).c_str(), t.shown < 0)) t.show(-1);
    ImGui::EndCombo();
  }
}

void live_sweep_controls(AppState& state) {
  TimingState& t = state.timing;
  if (t.worker.busy()) {
    ImGui::SameLine();
    const TimingWorkerProgress p = t.worker.progress();
    char overlay[160];
    std::snprintf(overlay, sizeof overlay, "%zu / %zu  %s", p.done, p.total, p.what.c_str());
    ImGui::ProgressBar(p.total ? float(p.done) / float(p.total) : 0.0f, ImVec2(ImGui::GetFontSize() * 18.0f, 0), overlay);
    same_line_if_fits(button_width("Cancel"));
    if (ImGui::Button("Cancel")) t.worker.cancel();
    return;
  }
  const std::string& refusal = live_sweep_refusal();
  ImGui::BeginDisabled(!refusal.empty());
  // The sweep times what the controls have chosen: family, operator, type, block size, input
  // pattern and the family's parameters.
  const RunRequest& chosen = state.sessions[0].settings.request;
  const bool requested = std::exchange(t.sweep_requested, false);
  same_line_if_fits(button_width("Run sweep"));
  if (ImGui::Button("Run sweep") || (requested && refusal.empty())) {
    SweepRequest request;
    request.family = chosen.family;
    request.op = chosen.op;
    request.type = chosen.type;
    request.block = chosen.block;
    request.params = chosen.params;
    parse_pattern(state.sessions[0].settings.pattern, request.pattern);
    for (int k = kSmallestSweepLog2; k <= kLargestSweepLog2; ++k) request.sizes.push_back(std::uint64_t(1) << k);
    request.timing.back_to_back = t.back_to_back ? kBackToBackRuns : 1;
    t.worker.start(request);
  }
  if (refusal.empty() && ImGui::IsItemHovered())
    ImGui::SetTooltip("every variant, %s and the device copy at n = 2^%d .. 2^%d: %s %s, block %u",
                      family_library(chosen.family).c_str(), kSmallestSweepLog2, kLargestSweepLog2, chosen.op.c_str(),
                      chosen.type.c_str(), chosen.block);
  same_line_if_fits(checkbox_width("Back to back"));
  ImGui::Checkbox("Back to back", &t.back_to_back);
  if (refusal.empty() && ImGui::IsItemHovered())
    ImGui::SetTooltip("off: each run alone on an idle GPU, what one call costs\n"
                      "on: %d runs queued back to back a sample, what a run costs in a stream of work", kBackToBackRuns);
  ImGui::EndDisabled();
  if (!refusal.empty()) note_after("no live sweep: " + refusal);
}

void export_buttons(AppState& state, const TimingSweep& sweep) {
  std::string name = "warplens-timing-" + sweep.device + "-" + sweep.date +
                     (sweep.against_param() ? "-" + sweep.swept_param : "");
  std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum((unsigned char)c) && c != '-'; }, '-');
  same_line_if_fits(button_width("Export CSV"));
  if (ImGui::Button("Export CSV")) state.export_timing_csv_path = name + ".csv";
  same_line_if_fits(button_width("Export PNG"));
  if (ImGui::Button("Export PNG")) {
    state.export_png_path = name + ".png";
    state.export_png_scale = 2.0f;  // slides: twice the window
  }
}

void no_sweep_yet(const TimingState& t) {
  ImGui::PushTextWrapPos(0.0f);
  if (t.profiles.empty() && profiles_dir().empty())
    ImGui::TextDisabled("%s", missing_data_message(DataKind::Assets).c_str());
  else if (t.profiles.empty())
    ImGui::TextDisabled("No recorded timing profile in %s.", profiles_dir().c_str());
  else
    ImGui::TextDisabled("No timing profile loads (see above).");
  ImGui::TextDisabled("Record one on a machine with an NVIDIA GPU:");
  ImGui::TextColored(accent_color(), "  warplens bench --sizes 2^10..2^28 --save-profile assets/profiles/<gpu>.json");
  ImGui::TextDisabled("then copy the file here, or open it with --profile FILE. "
                      "On a GPU machine, Run sweep measures one now.");
  ImGui::PopTextWrapPos();
}

// One row: against n or a parameter, where the shown sweep has a sibling along another axis
// (TimingState::axis_choices); and, for a sweep over a parameter, the n its plots are at (a
// choice when it was measured at several). True when it switched to another sweep. Each axis
// offered is a probe of "timing.axes" (its text's middle).
bool axis_controls(TimingState& t, const TimingSweep& sweep, std::uint64_t plot_n, ProbeLog* probes) {
  const std::vector<TimingState::AxisChoice> choices = t.axis_choices();
  if (!sweep.against_param() && choices.size() < 2) return false;  // n alone, as ever: nothing to say
  ImGui::TextUnformatted("Against");
  if (choices.size() > 1) {
    for (const TimingState::AxisChoice& c : choices) {
      ImGui::SameLine();
      const bool clicked = ImGui::RadioButton(c.axis.c_str(), c.which == t.shown);
      if (probes) probes->add("timing.axes", ImGui::GetItemRectMax().x - ImGui::CalcTextSize(c.axis.c_str()).x * 0.5f,
                              (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f);
      if (clicked && c.which != t.shown) {
        t.show(c.which);
        return true;
      }
    }
  } else {
    ImGui::SameLine();
    ImGui::TextColored(accent_color(), "%s", sweep.axis_name().c_str());
  }
  if (!sweep.against_param()) return false;
  ImGui::SameLine(0, ImGui::GetFontSize() * 1.5f);
  ImGui::TextUnformatted("at n =");
  ImGui::SameLine();
  const std::vector<std::uint64_t> sizes = sweep.sizes();
  if (sizes.size() > 1) {
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
    if (ImGui::BeginCombo("##plot_n", size_label(plot_n).c_str())) {
      for (const std::uint64_t size : sizes)
        if (ImGui::Selectable(size_label(size).c_str(), size == plot_n)) t.plot_n = size, t.ladder_param.reset();
      ImGui::EndCombo();
    }
    ImGui::SameLine();
  } else {
    ImGui::TextColored(accent_color(), "%s", size_label(plot_n).c_str());
    ImGui::SameLine();
  }
  ImGui::TextDisabled("(%s elements; %s varies, n stays)", thousands(plot_n).c_str(), sweep.swept_param.c_str());
  return false;
}

// Against n, the size the ladder is at; against a parameter, its value (at the plots' n).
void ladder_controls(TimingState& t, const TimingSweep& sweep, const std::vector<const LadderPreset*>& presets,
                     std::uint64_t n, std::uint64_t param) {
  ImGui::TextUnformatted("Ladder");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  if (ImGui::BeginCombo("##preset", presets[std::size_t(t.preset)]->name.c_str())) {
    for (std::size_t i = 0; i < presets.size(); ++i)
      if (ImGui::Selectable(presets[i]->name.c_str(), t.preset == int(i))) t.preset = int(i), t.ladder_n = 0;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (sweep.against_param()) {
    ImGui::Text("at %s =", sweep.swept_param.c_str());
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
    if (ImGui::BeginCombo("##ladder_param", axis_value_label(sweep, param).c_str())) {
      for (const std::uint64_t value : sweep.param_values())
        if (ImGui::Selectable(axis_value_label(sweep, value).c_str(), value == param)) t.ladder_param = value;
      ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::TextDisabled("n = %s", size_label(n).c_str());
  } else {
    ImGui::TextUnformatted("at n =");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.0f);
    if (ImGui::BeginCombo("##ladder_n", size_label(n).c_str())) {
      for (const std::uint64_t size : sweep.sizes())
        if (ImGui::Selectable(size_label(size).c_str(), size == n)) t.ladder_n = size;
      ImGui::EndCombo();
    }
  }
  note_after(presets[std::size_t(t.preset)]->story);
}

// A published table of the same ladder (the family's FamilyShowcase::historic).
void historic_table(const HistoricTable& table, float width) {
  ImGui::TextColored(accent_color(), "%s", table.title.c_str());
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
  ImGui::TextDisabled("%s", table.source.c_str());
  ImGui::PopTextWrapPos();
  if (!ImGui::BeginTable("##historic", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit, ImVec2(width, 0)))
    return;
  ImGui::TableSetupColumn("kernel", ImGuiTableColumnFlags_WidthStretch);
  for (const char* c : {"ms", "GB/s", "step", "total"}) ImGui::TableSetupColumn(c);
  ImGui::TableHeadersRow();
  for (const HistoricRow& r : table.rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushTextWrapPos(0.0f);  // a long name takes two lines rather than lose its end
    ImGui::Text("%d  %s", r.kernel, r.what.c_str());
    ImGui::PopTextWrapPos();
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", r.ms);
    ImGui::TableNextColumn();
    ImGui::Text("%.3f", r.gbs);
    ImGui::TableNextColumn();
    if (r.step_speedup > 0) ImGui::Text("%.2fx", r.step_speedup);
    ImGui::TableNextColumn();
    if (r.cumulative_speedup > 0) ImGui::Text("%.2fx", r.cumulative_speedup);
  }
  ImGui::EndTable();
}

}  // namespace

static void draw_timing_contents(AppState& state);

void draw_timing_view(ViewContext& ctx) {
  AppState& state = ctx.app;
  TimingState& t = state.timing;
  if (!t.loaded) t.reload(profiles_dir());
  ImGui::BeginChild("##timing");  // scrolls when a large UI scale does not fit
  draw_timing_contents(state);
  ImGui::EndChild();
}

static void draw_timing_contents(AppState& state) {
  TimingState& t = state.timing;
  adopt_finished_sweep(t);
  t.follow_family(state.sessions[0].settings.request.family, state.sessions[0].settings.request.params);
  if (state.probes) state.probes->touch("timing.notes");

  source_chooser(t);
  same_line_if_fits(button_width("Reload"));
  if (ImGui::Button("Reload")) t.reload(profiles_dir());
  live_sweep_controls(state);
  const TimingSweep* sweep = t.shown_sweep();
  if (sweep) export_buttons(state, *sweep);

  if (state.probes) state.probes->touch("timing.errors");
  for (const ProfileEntry& p : t.profiles)
    if (!p.sweep) {
      const ImVec2 at = ImGui::GetCursorScreenPos();
      if (state.probes) state.probes->add("timing.errors", at.x, at.y + ImGui::GetTextLineHeight() * 0.5f);
      problem_line("Cannot load a timing profile: " + p.error);
    }
  if (!t.live_error.empty()) problem_line("The live sweep failed: " + t.live_error);
  if (!sweep) {
    no_sweep_yet(t);
    return;
  }

  if (state.heading_font) ImGui::PushFont(state.heading_font);
  ImGui::PushTextWrapPos(0.0f);
  if (t.shown < 0) ImGui::Text("measured now on %s", sweep->device.c_str());
  else ImGui::Text("recorded on %s, %s", sweep->device.c_str(), sweep->date.c_str());
  ImGui::PopTextWrapPos();
  if (state.heading_font) ImGui::PopFont();
  std::string subject = sweep->family;  // a histogram has no operator
  for (const std::string* part : {&sweep->op, &sweep->type})
    if (!part->empty()) subject += " " + *part;
  const std::string method = sweep->back_to_back > 1
                                 ? "median of " + std::to_string(sweep->repeats) + " samples of " +
                                       std::to_string(sweep->back_to_back) + " runs back to back"
                                 : "median of " + std::to_string(sweep->repeats) + " runs (each alone)";
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s, input: %s, block %u, %s after %d warm-up", subject.c_str(), sweep->input.c_str(),
                      sweep->block, method.c_str(), sweep->warmup);
  ImGui::PopTextWrapPos();
  const std::uint64_t plot_n = plotted_size(*sweep, t.plot_n);
  if (state.probes) state.probes->touch("timing.axes");
  if (axis_controls(t, *sweep, plot_n, state.probes)) return;  // another sweep: drawn from the next frame

  const PlotData plots[] = {build_timing_plot(*sweep, TimingMetric::Milliseconds, plot_n),
                            build_timing_plot(*sweep, TimingMetric::GigabytesPerSecond, plot_n),
                            build_timing_plot(*sweep, TimingMetric::PercentOfCopy, plot_n)};
  const char* const probe_groups[] = {"timing.time.points", "timing.bandwidth.points", "timing.percent.points"};
  draw_plot_legend(plots[0]);
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const float plot_w = (avail.x - 2 * gap) / 3.0f;
  const float line = ImGui::GetTextLineHeight();

  // The ladder of the shown sweep's family, which may not be the family chosen in the controls.
  const std::vector<const LadderPreset*> presets = ladder_presets_for(sweep->family);
  const bool has_ladder = !presets.empty();
  if (has_ladder && (sweep->family != t.preset_family || std::size_t(t.preset) >= presets.size())) {
    t.preset_family = sweep->family;  // another family's ladders: start at its first
    t.preset = 0;
  }
  const LadderPreset* preset = has_ladder ? presets[std::size_t(t.preset)] : nullptr;
  const std::uint64_t n =
      !preset ? 0 : sweep->against_param() ? plot_n : t.ladder_n ? t.ladder_n : default_ladder_size(*sweep, *preset);
  const std::uint64_t param =
      preset && sweep->against_param() ? t.ladder_param.value_or(default_ladder_param(*sweep, *preset, n)) : 0;
  const BarData bars = preset ? build_ladder_bars(*sweep, *preset, n, param) : BarData{};
  // Every bar on screen, not only the first few (presenter mode): the bars need a line and a third
  // each plus their title and axis (draw_bars), under the ladder's controls and its story (two
  // lines where it wraps); the published table beside them needs its title, source and rows.
  // The plots take the rest, at most half the view, at least enough to read.
  // The published table beside them scrolls in its own box where it is the taller (presenter
  // mode at 1080: its wrapped names), so it never pushes the ladder's last bars off the screen.
  const float bars_need = line * (1.1f * float(bars.bars.size()) + 3.0f + float(bars.notes.size()));
  const HistoricTable* historic = preset && preset->beside_historic_table ? &showcase_of(sweep->family).historic : nullptr;
  const float ladder_need = ImGui::GetFrameHeightWithSpacing() + line * 2.5f + bars_need;
  const float plot_min = line * 7.5f;  // title, axis title, ticks and a few rows of points
  const float plot_h = has_ladder ? std::clamp(avail.y - ladder_need, std::min(plot_min, avail.y * 0.52f), avail.y * 0.52f)
                                  : std::max(160.0f, avail.y * 0.96f);
  for (int i = 0; i < 3; ++i) {
    if (i) ImGui::SameLine(0, gap);
    PlotOptions options;
    options.legend = false;  // one legend above all three
    options.probes = state.probes;
    options.probe_group = probe_groups[i];
    options.note_probe_group = "timing.notes";
    draw_plot(probe_groups[i], plots[i], ImVec2(plot_w, plot_h), options);
  }
  if (!preset) return;
  ImGui::Separator();
  ladder_controls(t, *sweep, presets, n, param);
  const ImVec2 rest = ImGui::GetContentRegionAvail();
  // Wide enough for the published table's kernel names in a line or two.
  const float table_w = historic ? std::min(rest.x * 0.45f, ImGui::GetFontSize() * 38.0f) : 0.0f;
  PlotOptions bar_options;
  bar_options.probes = state.probes;
  bar_options.probe_group = "timing.ladder.bars";
  // Never squeeze the bars' labels together (large UI scales): the view scrolls instead.
  const float bars_h = std::max(rest.y, bars_need);
  draw_bars("##ladder", bars, ImVec2(rest.x - table_w - (table_w > 0 ? gap * 2 : 0.0f), bars_h), bar_options);
  if (!historic) return;
  ImGui::SameLine(0, gap * 2);
  ImGui::BeginChild("##historic_box", ImVec2(table_w + ImGui::GetStyle().ScrollbarSize, bars_h));
  historic_table(*historic, table_w);
  ImGui::EndChild();
}

}  // namespace wl::ui
