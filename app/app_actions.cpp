#include "app_actions.h"

#include <algorithm>
#include <map>

#include "data_dirs.h"
#include "kernels/family/family.h"

namespace wl {
namespace {

// The view's own rows where it plays through them (a pipelined all-reduce's rounds), else the
// steps of the traces shown.
std::vector<std::uint16_t> shown_steps(AppState& s, bool wait_for_rows = false) {
  std::vector<std::uint16_t> steps;
  if (const std::vector<std::string> rows = view_playback_rows(s, wait_for_rows); !rows.empty()) {
    for (std::size_t k = 0; k < rows.size(); ++k) steps.push_back(playback_row_step(k));
    return steps;
  }
  for (int side = 0; side < (s.compare ? 2 : 1); ++side)
    if (const TraceViews* v = s.sessions[side].views()) steps.insert(steps.end(), v->steps.begin(), v->steps.end());
  return steps;
}

// A run that stopped on a bug, run from the screen, opens at the step it stopped in, unless a
// lesson chose the step.
void go_to_fault(AppState& state, const Session& s) {
  const TraceViews* v = s.views();
  if (state.lesson.active() || !v) return;
  if (const TraceFault* f = v->fault()) state.playback.go_to(f->step);
}

}  // namespace

void update_sessions(AppState& state) {
  bool changed = false;
  const Session* faulted = nullptr;
  for (Session& s : state.sessions) {
    if (s.update()) {
      changed = true;
      const ShownRun* o = s.outcome();
      if (o && o->problem == RunProblem::TraceFile) state.banner = o->message;
      if (o && o->problem == RunProblem::KernelBug) faulted = &s;
    }
  }
  if (changed || state.playback.empty()) state.playback.set_steps(shown_steps(state));
  if (faulted) go_to_fault(state, *faulted);
}

std::vector<std::string> view_playback_rows(AppState& state, bool wait) {
  if (!state.view || !state.view->playback_rows || !state.view->build) return {};
  Session& s = state.sessions[0];
  if (!s.views() || !can_draw(*state.view, *s.views())) return {};
  const ViewModel* model = s.view_model(*state.view, wait || state.wait_for_models);
  return model ? state.view->playback_rows(*model) : std::vector<std::string>{};
}

void follow_view_rows(AppState& state) {
  std::vector<std::uint16_t> steps = shown_steps(state);
  std::sort(steps.begin(), steps.end());
  steps.erase(std::unique(steps.begin(), steps.end()), steps.end());
  if (steps != state.playback.steps()) state.playback.set_steps(std::move(steps));
}

void watch_lab_file(AppState& state) {
  if (state.lab.path.empty()) return;
  std::error_code ec;
  const std::filesystem::file_time_type now = std::filesystem::last_write_time(state.lab.path, ec);
  if (ec || now == state.lab.seen) return;  // gone for a moment (an editor saving): wait for it
  state.lab.seen = now;
  run_sessions(state);
}

void watch_program_files(AppState& state) {
  if (!state.program.program && !state.program.entry) return;
  const std::vector<std::string> files =
      state.program.program ? state.program.program->request.files : std::vector<std::string>{state.program.entry->file};
  std::vector<std::filesystem::file_time_type> now(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::error_code ec;
    now[i] = std::filesystem::last_write_time(files[i], ec);
    if (ec) return;  // gone for a moment (an editor saving): wait for it
  }
  if (now == state.program.seen) return;
  const bool first = state.program.seen.empty();
  state.program.seen = now;
  if (first) return;
  if (state.program.program) state.sessions[0].run_program(*state.program.program);
  else state.sessions[0].run_entry(*state.program.entry);
}

void finish_sessions(AppState& state) {
  for (Session& s : state.sessions) {
    s.finish();
    const ShownRun* o = s.outcome();
    if (o && o->problem == RunProblem::TraceFile) state.banner = o->message;
  }
  state.playback.set_steps(shown_steps(state, true));
}

void mirror_input(AppState& state) {
  RunSettings& right = state.sessions[1].settings;
  const RunSettings& left = state.sessions[0].settings;
  const RunSettings before = right;
  right = left;
  if (!left.lab_file.empty() && !before.lab_file.empty()) {  // a learner's kernel beside another (--compare-with)
    right.lab_file = before.lab_file;
    right.lab_family = before.lab_family;
    right.lab_kernel = before.lab_kernel;
    right.request.variant = before.request.variant;
  } else {
    right.lab_file.clear();  // a built-in variant
    // Its own variant, where the left's family has it (after a family switch it may not).
    const Family* family = find_family(left.request.family);
    const std::string& variant = before.request.variant;
    right.request.variant = family && family->find_variant(variant) ? variant : compare_partner_of(left.request);
    if (family)  // a learner's contract may take parameters its family's variants do not (items)
      for (auto p = right.request.params.begin(); p != right.request.params.end();) {
        const std::vector<FamilyParam> params = family->params();
        const bool known = std::any_of(params.begin(), params.end(), [&](const FamilyParam& q) { return q.name == p->first; });
        if (!known) {
          const std::string note = "the right side, " + right.request.variant + ", has no parameter '" + p->first +
                                   "': it runs without it";
          if (std::find(state.notes.begin(), state.notes.end(), note) == state.notes.end()) state.notes.push_back(note);
        }
        p = known ? std::next(p) : right.request.params.erase(p);
      }
  }
  if (state.compare_params) right.request.params = *state.compare_params;
}

void run_sessions(AppState& state) {
  state.sessions[0].run();
  if (state.compare) {
    mirror_input(state);
    state.sessions[1].run();
  }
}

std::string compare_partner_of(const RunRequest& r) {
  const Family* family = find_family(r.family);
  return family ? family->compare_partner(r.variant) : r.variant;
}

void switch_family(RunRequest& r, const Family& family) {
  r.family = family.id();
  const std::vector<VariantSummary>& variants = family.variants();
  const auto first = std::find_if(variants.begin(), variants.end(), [](const VariantSummary& v) { return !v.pitfall; });
  r.variant = (first != variants.end() ? *first : variants.front()).id;
  const std::vector<std::string> ops = family.ops(), types = family.types();
  if (!ops.empty() && std::find(ops.begin(), ops.end(), r.op) == ops.end()) r.op = ops.front();
  if (std::find(types.begin(), types.end(), r.type) == types.end()) r.type = types.front();
  r.params.clear();
}

void set_compare(AppState& state, bool on) {
  state.compare = on;
  if (!on) {
    state.playback.set_steps(shown_steps(state));
    return;
  }
  Session& right = state.sessions[1];
  if (right.holds_trace_file()) {  // --compare-trace: the right is a file, compared as it is
    state.playback.set_steps(shown_steps(state));
    return;
  }
  if (!right.views() && !right.busy()) {
    const std::string variant =
        right.settings.request.variant == state.sessions[0].settings.request.variant || !right.outcome()
            ? compare_partner_of(state.sessions[0].settings.request)
            : right.settings.request.variant;
    right.settings.request.variant = variant;
  }
  mirror_input(state);
  right.run();
  state.playback.set_steps(shown_steps(state));
}

void toggle_compare(AppState& state) { set_compare(state, !state.compare); }

void show_comparison(AppState& state, const std::string& family, const ComparisonPreset& c) {
  RunSettings& left = state.sessions[0].settings;
  left.request.family = family;
  left.request.params = c.params;
  left.request.variant = c.left;
  if (!c.op.empty()) left.request.op = c.op;
  if (!c.type.empty()) left.request.type = c.type;
  if (!c.pattern.empty()) left.pattern = c.pattern;
  left.request.n = c.n;
  left.request.block = c.block;
  left.inspect_block = 0;
  state.sessions[1].settings.request.variant = c.right;
  state.compare = true;
  bool compare = false;
  if (!parse_view(c.view, state.view, compare)) state.view = default_view(shown_views(state), showcase_of(family).default_view);
  run_sessions(state);
  state.playback.go_to(c.step);
}

std::vector<ViewTab> shown_views(const AppState& state) {
  const Session& s = state.sessions[0];
  const std::string& family = s.settings.request.family;
  // The trace shown decides, where it is of this family (a run of another is on its way: the
  // family's views until it comes).
  const TraceViews* views = s.views() && s.views()->trace.meta.family == family ? s.views() : nullptr;
  if (!find_family(family) && views) {  // a program recorded on a GPU: every view its trace can give
    std::vector<std::string> own;
    for (const ViewDecl* v : all_views())
      if (v->own) own.push_back(v->id);
    return view_tabs(own, views);
  }
  return view_tabs(showcase_of(family).views, views);
}

void keep_view_shown(AppState& state) {
  if (state.sessions[0].busy()) return;  // a lesson's view waits for the run that has it
  const std::vector<ViewTab> tabs = shown_views(state);
  if (shown(tabs, state.view)) return;
  // Asked for (--view, a lesson, a key) and not offered for this run: say why, never silently.
  if (const TraceViews* v = state.sessions[0].views(); v && state.view) {
    std::string needs;
    for (const std::string& word : gives_words(state.view->needs & ~v->gives)) needs += (needs.empty() ? "" : ", ") + word;
    state.status_message = std::string("The ") + state.view->title + " view is not offered for " + v->trace.meta.variant +
                           (needs.empty() ? ": it draws a kernel of another shape" : ": its trace gives no " + needs);
  }
  state.view = default_view(tabs, showcase_of(state.sessions[0].settings.request.family).default_view);
}

void next_variant(AppState& state) {
  RunSettings& s = state.sessions[0].settings;
  const Family* family = find_family(s.request.family);
  if (!family) return;
  const auto& infos = family->variants();
  std::size_t at = 0;
  for (std::size_t i = 0; i < infos.size(); ++i)
    if (s.request.variant == infos[i].id) at = i;
  // The next variant that can run these settings (some need a larger block).
  for (std::size_t k = 1; k <= infos.size(); ++k) {
    RunRequest next = s.request;
    next.variant = infos[(at + k) % infos.size()].id;
    if (validate(next).empty()) {
      s.request.variant = next.variant;
      break;
    }
  }
  s.inspect_block = 0;
  run_sessions(state);
}

bool open_lesson(AppState& state, const std::string& path) {
  if (!state.lesson.open(path)) {
    state.banner = state.lesson.error();
    return false;
  }
  apply_lesson_slide(state);
  return true;
}

void apply_lesson_slide(AppState& state) {
  const LessonSlide* slide = state.lesson.slide();
  if (!slide) return;
  RunSettings& s = state.sessions[0].settings;
  s.request.family = slide->family;
  s.request.variant = slide->variant;
  s.request.params = slide->params;
  s.request.n = slide->n;
  s.request.block = slide->block;
  s.request.op = slide->op;
  s.request.type = slide->type;
  s.pattern = slide->pattern;
  s.seed = slide->seed;
  s.inspect_block = 0;
  s.inspect_launch = 0;
  bool compare = false;
  parse_view(slide->view, state.view, compare);
  state.compare = compare || !slide->compare.empty();
  if (state.compare)
    state.sessions[1].settings.request.variant = slide->compare.empty() ? compare_partner_of(s.request) : slide->compare;
  if (slide->trace.empty()) {
    run_sessions(state);
  } else {  // a shipped trace on the left, the slide's run beside it
    if (state.compare) {
      mirror_input(state);
      state.sessions[1].run();
    }
    state.sessions[0].load_trace(assets_dir() + "/" + slide->trace);
  }
  if (!state.sessions[0].settings_error().empty())
    state.banner = state.lesson.lesson()->source + ":" + std::to_string(slide->line) + ": " +
                   state.sessions[0].settings_error();
  else if (state.compare && !state.sessions[1].settings_error().empty())
    state.banner = state.lesson.lesson()->source + ":" + std::to_string(slide->line) + ": " +
                   state.sessions[1].settings_error();
  state.playback.pause();
  state.playback.go_to(slide->step);
  state.cameras[0] = state.cameras[1] = TreeCamera{};
  state.cameras[0].focus_level = state.cameras[1].focus_level = slide->zoom_level;
}

void next_slide(AppState& state) {
  if (state.lesson.next()) apply_lesson_slide(state);
}

void previous_slide(AppState& state) {
  if (state.lesson.previous()) apply_lesson_slide(state);
}

}  // namespace wl
