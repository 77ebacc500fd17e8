#include "ui/controls_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app_actions.h"
#include "kernels/family/family.h"
#include "trace/trace.h"
#include "ui/count_text.h"
#include "ui/palette.h"
#include "ui/progress_line.h"
#include "ui/theme.h"

namespace wl::ui {
namespace {

constexpr ImGuiWindowFlags kPanelFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;

void section_heading(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(accent_color(), "%s", text);
  ImGui::Separator();
}

void problem_text(const std::string& text) {
  if (text.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", text.c_str());
  ImGui::PopTextWrapPos();
}

// A combo over a list of names; true when the choice changed.
bool name_combo(const char* label, std::string& value, const std::vector<std::string>& names) {
  bool changed = false;
  if (ImGui::BeginCombo(label, value.c_str())) {
    for (const std::string& name : names)
      if (ImGui::Selectable(name.c_str(), name == value)) {
        changed = name != value;
        value = name;
      }
    ImGui::EndCombo();
  }
  return changed;
}

// A narrow panel (1280x720) shortens a long variant with "..." rather than cut it; the tooltip has it.
std::string fitted_preview(const std::string& text) {
  const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2.0f * ImGui::GetStyle().FramePadding.x;
  std::string shown = text;
  while (shown.size() > 1 && ImGui::CalcTextSize((shown + "...").c_str()).x > room) shown.pop_back();
  return ImGui::CalcTextSize(text.c_str()).x <= room ? text : shown + "...";
}

bool variant_combo(const char* label, const Family& family, std::string& variant) {
  bool changed = false;
  const std::string preview = fitted_preview(variant);
  if (preview != variant && ImGui::IsMouseHoveringRect(ImGui::GetCursorScreenPos(),
                                                       ImVec2(ImGui::GetCursorScreenPos().x + ImGui::CalcItemWidth(),
                                                              ImGui::GetCursorScreenPos().y + ImGui::GetFrameHeight())))
    ImGui::SetTooltip("%s", variant.c_str());
  if (ImGui::BeginCombo(label, preview.c_str())) {
    for (const VariantSummary& info : family.variants()) {
      std::string item = info.id;
      if (info.pitfall) item += "  (pitfall)";
      if (ImGui::Selectable(item.c_str(), variant == info.id)) {
        changed = variant != info.id;
        variant = info.id;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\n%s", info.lesson.c_str(), info.origin.c_str());
    }
    ImGui::EndCombo();
  }
  return changed;
}

std::vector<std::string> family_ids() {
  std::vector<std::string> ids;
  for (const Family* f : families()) ids.emplace_back(f->id());
  return ids;
}

// The family's own parameters (a histogram's bins), each an integer field.
bool param_fields(const Family& family, RunRequest& r) {
  bool changed = false;
  for (const FamilyParam& p : family.params()) {
    auto it = r.params.find(p.name);
    std::uint64_t value = it == r.params.end() ? p.default_value : it->second;
    if (ImGui::InputScalar(p.name.c_str(), ImGuiDataType_U64, &value, nullptr, nullptr, "%llu",
                           ImGuiInputTextFlags_EnterReturnsTrue)) {
      r.params[p.name] = value;
      changed = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s (press Enter)", p.help.c_str());
  }
  return changed;
}

// "launch 1: sequential, 1 x 256": a run of several launches records them all ("rank 1: ..."
// over several GPUs).
std::string launch_label(const TraceMeta& meta, std::size_t index) {
  const LaunchRecord& l = meta.launches[index];
  return launch_name(meta, index) + ": " + l.name + ", " + std::to_string(l.grid_dim) + " x " + std::to_string(l.block_dim);
}

void launch_combo(Session& session, const TraceViews& v) {
  const auto& launches = v.whole().meta.launches;
  if (v.launch >= launches.size()) return;
  const TraceMeta& meta = v.whole().meta;
  // The preview drops the kernel's name where the whole label would be cut (the list has it).
  std::string preview = launch_label(meta, v.launch);
  const float room = ImGui::CalcItemWidth() - ImGui::GetFrameHeight() - 2.0f * ImGui::GetStyle().FramePadding.x;
  if (ImGui::CalcTextSize(preview.c_str()).x > room)
    preview = launch_name(meta, v.launch) + ": " + std::to_string(launches[v.launch].grid_dim) + " x " +
              std::to_string(launches[v.launch].block_dim);
  if (ImGui::BeginCombo(meta.ranks > 1 ? "rank##inspect" : "launch##inspect", preview.c_str())) {
    for (std::size_t k = 0; k < launches.size(); ++k)
      if (ImGui::Selectable(launch_label(meta, k).c_str(), k == v.launch))
        session.inspect_launch(std::uint32_t(k));
    ImGui::EndCombo();
  }
}

void lesson_line(const Family& family, const std::string& variant) {
  const VariantSummary* info = family.find_variant(variant);
  if (!info) return;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextDisabled("%s", info->lesson.c_str());
  ImGui::PopTextWrapPos();
}

void result_line(Session& s) {
  const ShownRun* o = s.outcome();
  if (draw_progress_line(s)) return;
  if (!o) return;
  if (!o->ok()) {
    problem_text(o->message);
    if (o->views) ImGui::TextDisabled("(the views show the run up to there)");
    else if (s.views()) ImGui::TextDisabled("(showing the last run that worked)");
    return;
  }
  ImGui::PushTextWrapPos(0.0f);
  if (!o->trace_file.empty()) {
    ImGui::Text("Trace loaded from %s", o->trace_file.c_str());
  } else if (o->checked) {
    ImGui::Text("Result %s", o->result.result_text.c_str());
    if (o->result.check.ok)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().good), "matches the CPU reference");
    else
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "WRONG: the CPU reference is %s",
                         o->result.check.expected.c_str());
    if (!o->result.check.diagnosis.empty()) ImGui::TextColored(warning_color(), "%s", o->result.check.diagnosis.c_str());
    for (const std::string& note : o->notes) ImGui::TextDisabled("%s", note.c_str());
  }
  // The "no GPU" fallback is the status bar's news; a GPU that failed mid-run is this run's.
  if (o->note.rfind("GPU failed", 0) == 0) ImGui::TextColored(warning_color(), "%s", o->note.c_str());
  ImGui::PopTextWrapPos();
}

// The run's settings, which a change runs again: kernel, input, backend; true when one changed.
// `family` follows a family chosen here.
bool run_fields(AppState& state, const Family*& family) {
  RunSettings& s = state.sessions[0].settings;
  bool changed = false;
  section_heading("Kernel");
  if (!s.lab_file.empty()) {  // --lab: the learner's file is the variant; its family is fixed
    ImGui::TextWrapped("%s: your kernel, %s (%s)", family->id().data(), s.request.variant.c_str(), s.lab_file.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Saving the file builds and runs it again, in a process of its own, within these limits:");
    ImGui::PopStyleColor();
    float seconds = float(s.lab_seconds);
    if (ImGui::InputFloat("s limit", &seconds, 0, 0, "%.1f", ImGuiInputTextFlags_EnterReturnsTrue)) {
      s.lab_seconds = std::clamp(double(seconds), 0.1, 3600.0);
      changed = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("seconds your kernel may run before it is stopped (press Enter)");
    int mib = int(s.lab_memory_mib);
    if (ImGui::InputInt("MiB limit", &mib, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue)) {
      s.lab_memory_mib = std::uint64_t(std::clamp(mib, 64, 1 << 20));
      changed = true;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("memory a run on the simulator may take (press Enter)");
  } else {
    if (name_combo("family", s.request.family, family_ids())) {
      switch_family(s.request, *find_family(s.request.family));
      changed = true;
    }
    family = find_family(s.request.family);
    if (!family) family = families().front();
    changed |= variant_combo("variant", *family, s.request.variant);
    lesson_line(*family, s.request.variant);
  }

  section_heading("Input");
  std::uint64_t n = s.request.n;
  if (ImGui::InputScalar("n", ImGuiDataType_U64, &n, nullptr, nullptr, "%llu", ImGuiInputTextFlags_EnterReturnsTrue)) {
    s.request.n = n;
    changed = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("input elements (press Enter)");
  int block = int(s.request.block);
  if (ImGui::InputInt("block", &block, 0, 0, ImGuiInputTextFlags_EnterReturnsTrue)) {
    s.request.block = unsigned(block < 0 ? 0 : block);
    changed = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("threads per block: a power of two up to 1024 (press Enter)");
  if (!family->ops().empty()) changed |= name_combo("operator", s.request.op, family->ops());
  changed |= name_combo("type", s.request.type, family->types());
  changed |= param_fields(*family, s.request);
  changed |= name_combo("pattern", s.pattern, pattern_names());
  std::uint64_t seed = s.seed;
  if (ImGui::InputScalar("seed", ImGuiDataType_U64, &seed, nullptr, nullptr, "%llu", ImGuiInputTextFlags_EnterReturnsTrue)) {
    s.seed = seed;
    changed = true;
  }

  section_heading("Runs on");
  int backend = int(s.backend);
  const char* backends[] = {"GPU if present", "simulator", "GPU"};
  if (ImGui::Combo("backend", &backend, backends, 3)) {
    s.backend = BackendChoice(backend);
    changed = true;
  }
  if (!state.gpu_available) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("No GPU here: runs use the CPU simulator.");
    ImGui::PopTextWrapPos();
  }

  return changed;
}

// A program's launches recorded on the GPU (`warplens record`) or the simulator (--program): what
// ran, which no field here can run again (its input was the program's own).
void recorded_summary(const Session& session) {
  section_heading("Kernel");
  const RunSettings& s = session.settings;
  ImGui::PushTextWrapPos(0.0f);
  const TraceViews* shown = session.views();
  const bool on_gpu = !shown || shown->trace.meta.backend != "sim";
  ImGui::TextWrapped("%s, recorded on the %s from a program", s.request.variant.c_str(), on_gpu ? "GPU" : "simulator");
  if (const TraceViews* v = session.views())
    ImGui::TextDisabled("%s of %s, %s; its input was the program's own, so nothing here runs it again",
                        count_text(v->trace.meta.block_dim, "thread").c_str(),
                        count_text(v->trace.meta.grid_dim, "block").c_str(),
                        count_text(std::uint32_t(v->launch_count), "launch").c_str());
  ImGui::PopTextWrapPos();
}

// --program: how the program ended, every launch it made (a recorded one shown on a click), and
// what it printed.
void program_section(Session& session) {
  const ShownRun* run = session.outcome();
  if (!run || !run->program) return;
  section_heading("Program");
  ImGui::PushTextWrapPos(0.0f);
  if (!run->program_ended.empty()) ImGui::TextWrapped("%s", run->program_ended.c_str());
  ImGui::PopTextWrapPos();
  const TraceViews* v = session.views();
  if (!run->program_launches.empty() &&
      ImGui::BeginChild("launches##program", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 6.5f), true)) {
    for (std::size_t k = 0; k < run->program_launches.size(); ++k) {
      const ProgramLaunch& l = run->program_launches[k];
      char label[512];
      // Short, for a narrow panel: the kernel and its configuration; the line and arguments hover.
      std::snprintf(label, sizeof label, "%zu %s<<<%u, %u>>>%s##launch%zu", k, l.kernel.c_str(),
                    l.grid.x * l.grid.y * l.grid.z, l.block.x * l.block.y * l.block.z,
                    l.error ? " failed" : l.recorded < 0 ? " (not recorded)" : "", k);
      const bool selected = v && l.recorded >= 0 && std::uint32_t(l.recorded) == v->launch;
      if (ImGui::Selectable(label, selected) && l.recorded >= 0) session.inspect_launch(std::uint32_t(l.recorded));
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("line %u: %s(%s)%s%s", l.line, l.kernel.c_str(), l.arguments.c_str(), l.what.empty() ? "" : "\n",
                          l.what.c_str());
    }
  }
  if (!run->program_launches.empty()) ImGui::EndChild();
  ImGui::TextDisabled("output");
  if (ImGui::BeginChild("output##program", ImVec2(0, ImGui::GetTextLineHeightWithSpacing() * 8.5f), true,
                        ImGuiWindowFlags_HorizontalScrollbar))
    ImGui::TextUnformatted(run->program_output.empty() ? "(nothing)" : run->program_output.c_str());
  ImGui::EndChild();
}

}  // namespace

void draw_controls_panel(AppState& state, const PanelRect& rect) {
  set_next_window_rect(rect);
  if (!ImGui::Begin("Controls", nullptr, kPanelFlags)) {
    ImGui::End();
    return;
  }
  Session& session = state.sessions[0];
  RunSettings& s = session.settings;
  bool changed = false;
  // Room for the longest label right of the fields.
  ImGui::PushItemWidth(-(ImGui::CalcTextSize("operator").x + ImGui::GetStyle().ItemInnerSpacing.x * 2.0f));

  const Family* family = find_family(s.request.family);
  if (!family) family = families().front();  // a trace file of a family this build lacks
  const bool recorded = s.request.family == kRecordedFamily;
  if (recorded) recorded_summary(session);
  else changed = run_fields(state, family);
  program_section(session);

  section_heading("Inspect");
  int inspect = int(s.inspect_block);
  if (ImGui::InputInt("block##inspect", &inspect, 1, 8)) {
    if (inspect < 0) inspect = 0;
    session.inspect(std::uint32_t(inspect));
  }
  if (const TraceViews* v = session.views()) {
    if (v->launch_count > 1) launch_combo(session, *v);
    ImGui::TextDisabled("grid of %s, %zu recorded", count_text(v->trace.meta.grid_dim, "block").c_str(), v->blocks.size());
  }

  if (changed) {
    if (s.inspect_block >= grid_blocks(s)) s.inspect_block = 0;  // the grid shrank under it
    run_sessions(state);
  }
  problem_text(session.settings_error());

  section_heading("Result");
  result_line(session);

  section_heading("Compare");
  for (const Family* f : families())  // each family's one-click comparisons
    for (const ComparisonPreset& c : f->showcase().comparisons) {
      if (ImGui::Button(c.label.c_str())) show_comparison(state, std::string(f->id()), c);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.tooltip.c_str());
    }
  bool compare = state.compare;
  if (ImGui::Checkbox("side by side (C)", &compare)) set_compare(state, compare);
  const ShownRun* right = state.sessions[1].outcome();
  if (state.compare && right && !right->trace_file.empty()) {  // --compare-trace: a file, not a run
    ImGui::TextWrapped("with %s", right->trace_file.c_str());
    result_line(state.sessions[1]);
  } else if (state.compare) {
    if (variant_combo("with", *family, state.sessions[1].settings.request.variant)) {
      mirror_input(state);
      state.sessions[1].run();
    }
    lesson_line(*family, state.sessions[1].settings.request.variant);
    problem_text(state.sessions[1].settings_error());
    result_line(state.sessions[1]);
  }
  ImGui::PopItemWidth();
  ImGui::End();
}

}  // namespace wl::ui
