#include "ui/timing_view.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>
#include <utility>

#include "assets_dir.h"
#include "kernels/backend/backend_run.h"
#include "probe_log.h"
#include "ui/ladder_presets.h"
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
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kProblemColor), "%s", text.c_str());
  ImGui::PopTextWrapPos();
}

std::string sweep_label(const ProfileEntry& p) {
  const std::string file = p.path.substr(p.path.find_last_of('/') + 1);
  if (!p.sweep) return file + " (does not load)";
  const std::string axis = p.sweep->against_param() ? ", against " + p.sweep->swept_param : "";
  return p.sweep->device + ", " + p.sweep->date + axis + " (" + file + ")";
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
  std::string current = "no sweep";
  if (t.shown < 0 && t.live) current = "measured now on " + t.live->device;
  else if (std::size_t(t.shown) < t.profiles.size()) current = sweep_label(t.profiles[std::size_t(t.shown)]);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 30.0f);
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
  ImGui::SameLine();
  if (t.worker.busy()) {
    const TimingWorkerProgress p = t.worker.progress();
    char overlay[160];
    std::snprintf(overlay, sizeof overlay, "%zu / %zu  %s", p.done, p.total, p.what.c_str());
    ImGui::ProgressBar(p.total ? float(p.done) / float(p.total) : 0.0f, ImVec2(ImGui::GetFontSize() * 18.0f, 0), overlay);
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) t.worker.cancel();
    return;
  }
  const std::string& refusal = live_sweep_refusal();
  ImGui::BeginDisabled(!refusal.empty());
  // The sweep times what the controls have chosen: family, operator, type, block size, input
  // pattern and the family's parameters.
  const RunRequest& chosen = state.sessions[0].settings.request;
  const bool requested = std::exchange(t.sweep_requested, false);
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
  ImGui::SameLine();
  ImGui::Checkbox("Back to back", &t.back_to_back);
  if (refusal.empty() && ImGui::IsItemHovered())
    ImGui::SetTooltip("off: each run alone on an idle GPU, what one call costs\n"
                      "on: %d runs queued back to back a sample, what a run costs in a stream of work", kBackToBackRuns);
  ImGui::EndDisabled();
  if (!refusal.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("no live sweep: %s", refusal.c_str());
  }
}

void export_buttons(AppState& state, const TimingSweep& sweep) {
  std::string name = "warplens-timing-" + sweep.device + "-" + sweep.date +
                     (sweep.against_param() ? "-" + sweep.swept_param : "");
  std::replace_if(name.begin(), name.end(), [](char c) { return !std::isalnum((unsigned char)c) && c != '-'; }, '-');
  ImGui::SameLine();
  if (ImGui::Button("Export CSV")) state.export_timing_csv_path = name + ".csv";
  ImGui::SameLine();
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
  ImGui::TextColored(accent_color(), "  warplens bench --sizes 2^10..2^28 --record assets/profiles/<gpu>.json");
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
  ImGui::SameLine();
  ImGui::TextDisabled("%s", presets[std::size_t(t.preset)]->story.c_str());
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
    ImGui::Text("%d  %s", r.kernel, r.what.c_str());
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

void draw_timing_view(AppState& state) {
  TimingState& t = state.timing;
  if (!t.loaded) t.reload(profiles_dir());
  ImGui::BeginChild("##timing");  // scrolls when a large UI scale does not fit
  draw_timing_contents(state);
  ImGui::EndChild();
}

static void draw_timing_contents(AppState& state) {
  TimingState& t = state.timing;
  adopt_finished_sweep(t);
  t.follow_family(state.sessions[0].settings.request.family);
  if (state.probes) state.probes->touch("timing.notes");

  source_chooser(t);
  ImGui::SameLine();
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
  if (t.shown < 0) ImGui::Text("measured now on %s", sweep->device.c_str());
  else ImGui::Text("recorded on %s, %s", sweep->device.c_str(), sweep->date.c_str());
  if (state.heading_font) ImGui::PopFont();
  std::string subject = sweep->family;  // a histogram has no operator
  for (const std::string* part : {&sweep->op, &sweep->type})
    if (!part->empty()) subject += " " + *part;
  const std::string method = sweep->back_to_back > 1
                                 ? "median of " + std::to_string(sweep->repeats) + " samples of " +
                                       std::to_string(sweep->back_to_back) + " runs back to back"
                                 : "median of " + std::to_string(sweep->repeats) + " runs (each alone)";
  ImGui::TextDisabled("%s, input: %s, block %u, %s after %d warm-up", subject.c_str(), sweep->input.c_str(),
                      sweep->block, method.c_str(), sweep->warmup);
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
  // The ladder takes the lower half; a family without one (rows) gives the plots the view.
  const bool has_ladder = !ladder_presets_for(sweep->family).empty();
  const float plot_h = std::max(160.0f, avail.y * (has_ladder ? 0.52f : 0.96f));
  for (int i = 0; i < 3; ++i) {
    if (i) ImGui::SameLine(0, gap);
    PlotOptions options;
    options.legend = false;  // one legend above all three
    options.probes = state.probes;
    options.probe_group = probe_groups[i];
    options.note_probe_group = "timing.notes";
    draw_plot(probe_groups[i], plots[i], ImVec2(plot_w, plot_h), options);
  }

  // The ladder of the shown sweep's family, which may not be the family chosen in the controls.
  const std::vector<const LadderPreset*> presets = ladder_presets_for(sweep->family);
  if (presets.empty()) return;
  if (sweep->family != t.preset_family || std::size_t(t.preset) >= presets.size()) {
    t.preset_family = sweep->family;  // another family's ladders: start at its first
    t.preset = 0;
  }
  const LadderPreset& preset = *presets[std::size_t(t.preset)];
  ImGui::Separator();
  const std::uint64_t n =
      sweep->against_param() ? plot_n : t.ladder_n ? t.ladder_n : default_ladder_size(*sweep, preset);
  const std::uint64_t param =
      sweep->against_param() ? t.ladder_param.value_or(default_ladder_param(*sweep, preset, n)) : 0;
  ladder_controls(t, *sweep, presets, n, param);
  const ImVec2 rest = ImGui::GetContentRegionAvail();
  const float table_w = preset.beside_historic_table ? std::min(rest.x * 0.42f, ImGui::GetFontSize() * 34.0f) : 0.0f;
  PlotOptions bar_options;
  bar_options.probes = state.probes;
  bar_options.probe_group = "timing.ladder.bars";
  const BarData bars = build_ladder_bars(*sweep, preset, n, param);
  // Never squeeze the bars' labels together (large UI scales): the view scrolls instead.
  const float bars_h = std::max(rest.y, ImGui::GetTextLineHeight() * (1.35f * float(bars.bars.size()) + 3.0f +
                                                                       float(bars.notes.size())));
  draw_bars("##ladder", bars, ImVec2(rest.x - table_w - (table_w > 0 ? gap * 2 : 0.0f), bars_h), bar_options);
  if (!preset.beside_historic_table) return;
  ImGui::SameLine(0, gap * 2);
  ImGui::BeginGroup();
  historic_table(showcase_of(sweep->family).historic, table_w);
  ImGui::EndGroup();
}

}  // namespace wl::ui
