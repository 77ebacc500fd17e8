#include "ui/view_area.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app_actions.h"
#include "probe_log.h"
#include "kernels/family/family.h"
#include "model/views/view_registry.h"
#include "model/views/race_report.h"
#include "trace/event_info.h"
#include "ui/compare_deltas.h"
#include "ui/palette.h"
#include "ui/playback_bar.h"
#include "ui/theme.h"
#include "ui/layout.h"
#include "ui/lesson_scope.h"
#include "ui/view_context.h"
#include "ui/view_drawers.h"

namespace wl::ui {
namespace {

constexpr ImGuiWindowFlags kViewAreaFlags =
    ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
    ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoTitleBar |
    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;

// The tabs, and the compare box beside them where it fits; false where it does not (it then
// opens the playback row: a row of its own would take a projector's 1280x720 from the view).
bool view_tabs(AppState& state) {
  const std::vector<ViewTab> tabs = shown_views(state);
  const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  const ImGuiStyle& style = ImGui::GetStyle();
  auto label_of = [](const ViewTab& t, bool with_key) {
    char label[40];
    if (with_key && t.key >= 0) std::snprintf(label, sizeof label, "%s (%d)", t.view->title, t.key);
    else std::snprintf(label, sizeof label, "%s", t.view->title);
    return std::string(label);
  };
  auto width_of = [&](const std::string& label) { return ImGui::CalcTextSize(label.c_str()).x + 2 * style.FramePadding.x; };
  // The keys leave the labels (for their tooltips) when the tabs would not fit one line.
  float all = 0;
  for (const ViewTab& t : tabs) all += width_of(label_of(t, true)) + style.ItemSpacing.x;
  const bool with_keys = ImGui::GetCursorScreenPos().x + all <= right_edge;
  bool first = true;
  for (const ViewTab& t : tabs) {
    const std::string label = label_of(t, with_keys);
    // A tab that would run past the window starts a line of its own.
    if (!first && ImGui::GetItemRectMax().x + style.ItemSpacing.x + width_of(label) <= right_edge) ImGui::SameLine();
    first = false;
    const bool selected = state.view == t.view;
    if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button(label.c_str())) state.view = t.view;
    if (selected) ImGui::PopStyleColor();
    if (!with_keys && t.key >= 0 && ImGui::IsItemHovered()) ImGui::SetTooltip("key %d", t.key);
  }
  const float gap = ImGui::GetFontSize() * 2.0f;
  const float right = ImGui::GetItemRectMax().x + gap + checkbox_width("Compare (C)");
  if (right > ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) return false;
  ImGui::SameLine(0, gap);
  draw_compare_box(state);
  return true;
}

void banner(AppState& state) {
  if (state.probes) state.probes->touch("banner.text");  // a test can check there is none
  if (state.banner.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colors().banner);
  const float h = ImGui::GetTextLineHeightWithSpacing() * 2.2f;
  ImGui::BeginChild("##banner", ImVec2(0, h), true);
  ImGui::PushTextWrapPos(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Dismiss  ").x);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  if (state.probes) state.probes->add("banner.text", at.x, at.y + ImGui::GetTextLineHeight() * 0.5f);
  ImGui::TextUnformatted(state.banner.c_str());
  ImGui::PopTextWrapPos();
  ImGui::SameLine(ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("Dismiss").x);
  if (ImGui::SmallButton("Dismiss")) state.banner.clear();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

// A learner's kernel (--lab): building now, or when it was built, and that a save runs it again.
// A run that finished can still be wrong: its first race in words, and how many more.
void race_line(const Session& s) {
  const TraceViews* v = s.views();
  if (!v || v->races.empty()) return;
  std::string text = "Race: " + race_sentence(v->races.front(), v->trace.meta) + ".";
  if (v->races.size() > 1)
    text += " " + std::to_string(v->races.size() - 1) + " more in the Source view (6).";
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", text.c_str());
  ImGui::PopTextWrapPos();
}

void lab_line(const Session& s) {
  const std::string& path = s.settings.lab_file;
  if (path.empty()) return;
  const std::string name = path.substr(path.rfind('/') + 1);
  if (s.busy()) {
    ImGui::TextColored(warning_color(), "Building and running %s ...", name.c_str());
    return;
  }
  const ShownRun* o = s.outcome();
  if (!o || o->problem == RunProblem::Lab) return;  // the problem line below says what went wrong
  ImGui::PushTextWrapPos(0.0f);
  if (o->lab_build_seconds > 0)
    ImGui::TextDisabled("your kernel, %s: built in %.1f s; save the file to build and run it again", name.c_str(),
                        o->lab_build_seconds);
  else
    ImGui::TextDisabled("your kernel, %s: save the file to build and run it again", name.c_str());
  ImGui::PopTextWrapPos();
}

// One line above a view: which variant, which block, where it ran, and whether the step exists.
void pane_header(AppState& state, const Session& s, std::uint16_t step) {
  const ShownRun* o = s.outcome();
  const TraceViews* v = s.views();
  if (state.heading_font && state.compare) ImGui::PushFont(state.heading_font);
  const std::string variant = v ? v->trace.meta.variant : s.settings.request.variant;
  // A short pane (side by side in a small window) keeps its height for the view: the variant's
  // lesson moves to the name's tooltip. 26 lines: header, canvas and legend of an 800x600 window.
  // A pane alone keeps the lesson: it is what a class reads under the picture.
  const bool short_pane =
      state.compare && ImGui::GetContentRegionAvail().y < ImGui::GetTextLineHeightWithSpacing() * 26.0f;
  ImGui::TextColored(accent_color(), "%s", variant.c_str());
  if (state.heading_font && state.compare) ImGui::PopFont();
  const Family* family = find_family(v ? v->trace.meta.family : s.settings.request.family);
  const VariantSummary* info = family ? family->find_variant(variant) : nullptr;
  if (info && short_pane && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", info->lesson.c_str());
  if (v) {
    const std::string backend = v->trace.meta.backend == "gpu" ? "GPU" : "simulator";
    const std::string op = family && family->ops().empty() ? "" : v->trace.meta.op + " ";
    // A program recorded on a GPU gives no n: its trace says what it is instead.
    const std::string size = v->trace.meta.family == kRecordedFamily ? std::string("a program's launch")
                                                                     : "n = " + std::to_string(v->trace.meta.n);
    char line[256];
    std::snprintf(line, sizeof line, "%s, block %u of %u (%u threads), %s, %s%s", size.c_str(),
                  s.block() ? s.block()->block : 0, v->trace.meta.grid_dim, v->trace.meta.block_dim, backend.c_str(),
                  op.c_str(), v->trace.meta.type.c_str());
    // Beside the variant where it fits, else under it, wrapped: a narrow pane never cuts it. A short
    // pane says n, the block and the backend, the rest on hover.
    if (!state.compare) same_line_if_fits(ImGui::CalcTextSize(line).x);
    ImGui::PushTextWrapPos(0.0f);
    if (short_pane && ImGui::CalcTextSize(line).x > ImGui::GetContentRegionAvail().x) {
      // The backend stays: side by side, a GPU's recording and the simulator's run are told apart by it.
      ImGui::TextDisabled("%s, block %u of %u, %s", size.c_str(), s.block() ? s.block()->block : 0, v->trace.meta.grid_dim,
                          backend.c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", line);
    } else {
      ImGui::TextDisabled("%s", line);
    }
    // Not where playback walks the view's own rows (rounds), which are no step of the trace.
    if (!std::binary_search(v->steps.begin(), v->steps.end(), step) && view_playback_rows(state).empty()) {
      const std::string missing = "(no " + step_name(step) + " here)";
      same_line_if_fits(ImGui::CalcTextSize(missing.c_str()).x);
      ImGui::TextColored(warning_color(), "%s", missing.c_str());
    }
    ImGui::PopTextWrapPos();
  }
  if (info && !short_pane) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", info->lesson.c_str());
    ImGui::PopTextWrapPos();
  }
  lab_line(s);
  if (!s.settings_error().empty()) {  // refused before running: say why, over the last good run
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", s.settings_error().c_str());
    ImGui::PopTextWrapPos();
  } else if (o && !o->ok() && o->problem != RunProblem::TraceFile) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colors().problem), "%s", o->message.c_str());
    ImGui::PopTextWrapPos();
  }
  race_line(s);
}

// A view the trace cannot give (the right side of a comparison, a run of another shape) says
// what it needs rather than draw a picture of nothing; one with a model of its own waits for it.
void draw_view(ViewContext& ctx) {
  const ViewDecl& view = *ctx.view;
  const TraceViews& views = *ctx.session.views();
  const char* variant = views.trace.meta.variant.c_str();
  if (!can_draw(view, views)) {
    std::string needs;
    for (const std::string& word : gives_words(view.needs & ~views.gives)) needs += (needs.empty() ? "" : ", ") + word;
    if (needs.empty()) ImGui::TextWrapped("The %s view draws a kernel of another shape than %s.", view.title, variant);
    else ImGui::TextWrapped("The %s view needs a trace with %s; %s's has none.", view.title, needs.c_str(), variant);
    return;
  }
  if (view.build && !ctx.session.view_model(view, ctx.app.wait_for_models)) {
    const std::string error = ctx.session.view_model_error(view);
    if (error.empty()) ImGui::TextDisabled("Preparing the %s view...", view.title);
    else ImGui::TextWrapped("The %s view could not be built: %s", view.title, error.c_str());
    return;
  }
  if (const ViewDrawFn draw = drawer_of(view)) draw(ctx);
}

void pane(AppState& state, GlRenderer& gl, int side, ImVec2 size) {
  Session& s = state.sessions[side];
  // The views fit their panes; where one cannot (a short pane under long explanations, presenter
  // mode at 1280x720) a scrollbar reaches the rest rather than cut it. The wheel stays the views'.
  ImGui::BeginChild(side == 0 ? "##pane_left" : "##pane_right", size, state.compare, ImGuiWindowFlags_NoScrollWithMouse);
  const std::uint16_t step = state.playback.step();
  pane_header(state, s, step);
  if (s.views() && s.views()->trace.meta.grid_dim == 0) {
    ImGui::TextDisabled("n = 0: no kernel ran. A reduction of nothing is the operator's identity.");
  } else if (s.views()) {
    ViewContext ctx{state, s, side, gl, step, state.view};
    draw_view(ctx);
  } else if (s.busy()) {
    ImGui::TextDisabled("Running the kernel...");
  } else if (!s.settings.lab_file.empty()) {
    ImGui::TextDisabled("Nothing ran yet: fix the file and save it, and it builds and runs again.");
  } else if (!s.outcome()) {
    ImGui::TextDisabled("Pick a variant on the left; it runs at once.");
  } else if (s.outcome()->problem == RunProblem::Cancelled) {
    // The header says it was cancelled: nothing else to show, and no other hint.
  } else {
    ImGui::TextDisabled("Nothing to show yet: pick a variant on the left (it runs at once), open a lesson, "
                        "or open a trace file (File menu).");
  }
  // A pane that must scroll shows its picture cut: tests expect none (screenshot_check).
  if (state.probes) {
    state.probes->touch("pane.cut");
    if (const float hidden = ImGui::GetScrollMaxY(); hidden > 0.5f) {
      const ImVec2 at = ImGui::GetWindowPos();
      state.probes->add("pane.cut", at.x, at.y);
      char note[160];
      std::snprintf(note, sizeof note, "the %s view's %s pane is %.0f px taller than it shows", state.view->id,
                    side == 0 ? "left" : "right", hidden);
      state.probes->note("pane.cut", note);
    }
  }
  ImGui::EndChild();
}

float caption_height(const AppState& state) {
  if (!state.lesson.active()) return 0.0f;
  const float caption_line = state.caption_font ? state.caption_font->FontSize : ImGui::GetFontSize();
  return caption_line * 2.6f + ImGui::GetFrameHeightWithSpacing() * 1.3f;
}

void caption(AppState& state) {
  const LessonPlayer& l = state.lesson;
  if (!l.active()) return;
  ImGui::Separator();
  ImGui::AlignTextToFramePadding();  // the title level with the buttons beside it
  ImGui::TextColored(accent_color(), "Lesson: %s", l.lesson()->title.c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("slide %zu of %zu", l.index() + 1, l.count());
  // Full buttons, not small ones: a small button's frame is one font high and cut the arrows'
  // glyphs at presenter scales (caption_height has room for a frame).
  ImGui::SameLine();
  if (ImGui::Button("\u25c0 previous")) previous_slide(state);
  ImGui::SameLine();
  if (ImGui::Button("next \u25b6")) next_slide(state);
  ImGui::SameLine();
  if (ImGui::Button("close lesson")) state.lesson.close();
  if (const LessonSlide* slide = state.lesson.slide()) {
    if (state.caption_font) ImGui::PushFont(state.caption_font);
    ImGui::PushTextWrapPos(0.0f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    if (state.probes) state.probes->add("lesson.caption", at.x, at.y + ImGui::GetTextLineHeight() * 0.5f);
    ImGui::TextUnformatted(slide->caption.c_str());
    ImGui::PopTextWrapPos();
    if (state.caption_font) ImGui::PopFont();
  }
}

}  // namespace

void draw_view_area(AppState& state, GlRenderer& gl, const PanelRect& rect, bool view_only) {
  set_next_window_rect(rect);
  if (!ImGui::Begin("Views", nullptr, kViewAreaFlags)) {
    ImGui::End();
    return;
  }
  bool compare_box_placed = true;
  if (!view_only) {
    banner(state);
    end_lesson_if_left(state);  // its caption would describe a run no longer shown
    keep_view_shown(state);  // another family or trace may not have it
    compare_box_placed = view_tabs(state);
  }
  if (state.view->sweeps) {  // sweeps, not a trace: no playback, no sides
    if (!compare_box_placed) draw_compare_box(state);
    ImGui::Spacing();
    // Room for a lesson's caption under it, as under a trace's view.
    const float below = view_only ? 0.0f : caption_height(state);
    ImGui::BeginChild("##sweeps", ImVec2(0, std::max(80.0f, ImGui::GetContentRegionAvail().y - below)));
    ViewContext ctx{state, state.sessions[0], 0, gl, state.playback.step(), state.view};
    if (const ViewDrawFn draw = drawer_of(*state.view)) draw(ctx);
    ImGui::EndChild();
    if (!view_only) caption(state);
    ImGui::End();
    return;
  }
  follow_view_rows(state);
  if (!view_only) {
    draw_playback_bar(state, !compare_box_placed);
    ImGui::Spacing();
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  // The deltas table under a comparison needs room the views need more: in a small window
  // (800x600) the two panes would shrink to a strip, so it gives way.
  // 16 lines: a pane's header, a tree of eight rows and its legend; presenter mode at 1920x1080
  // keeps the table (issue 47: 22 lines dropped it there).
  const float pane_min = 16.0f * ImGui::GetFontSize();
  const bool deltas =
      !view_only && state.compare && avail.y - caption_height(state) - compare_deltas_height() >= pane_min;
  const float below = view_only ? 0.0f
                                : caption_height(state) + (deltas            ? compare_deltas_height()
                                                           : state.compare ? compare_summary_height(state, avail.x)
                                                                           : 0.0f);
  const float h = std::max(80.0f, avail.y - below);
  if (state.compare) {
    const float w = (avail.x - ImGui::GetStyle().ItemSpacing.x) * 0.5f;
    pane(state, gl, 0, ImVec2(w, h));
    ImGui::SameLine();
    pane(state, gl, 1, ImVec2(w, h));
    if (deltas) draw_compare_deltas(state, state.playback.step());
    else if (!view_only) draw_compare_summary(state);
  } else {
    pane(state, gl, 0, ImVec2(avail.x, h));
  }
  if (!view_only) caption(state);
  ImGui::End();
}

}  // namespace wl::ui
