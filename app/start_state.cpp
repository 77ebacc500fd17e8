#include "start_state.h"

#include "app_actions.h"
#include "run/backend_run.h"
#include "kernels/family/family.h"
#include "run/run_words.h"
#include "kernels/host/input.h"
#include "lab/exec/lab_run.h"
#include "lab/front/plain_source.h"

#include <algorithm>
#include <filesystem>

namespace wl {

RunSettings default_run_settings() {
  RunSettings s;  // RunRequest's default family and variant
  s.request.n = 64;
  s.request.block = 32;
  s.request.type = "i32";
  s.pattern = "ascending";
  return s;
}

namespace {

// --lab: the file's family and variant, and the run its `run:` line asks for; a plain-CUDA
// file's contract is its `// family:` line, else --family, and its kernel --kernel.
std::string apply_lab_file(RunSettings& s, AppState& state, const StartOptions& o) {
  const std::string& path = o.lab_path;
  std::string error;
  std::optional<lab::LabFile> file = lab::read_lab_file(path, error);
  if (!file) return error;
  if (file->plain) {
    if (o.family_given || file->family.empty()) file->family = o.family;
    if (!o.lab_kernel.empty()) file->id = file->kernel = o.lab_kernel;
    s.lab_family = file->family;
    s.lab_kernel = file->kernel;
  } else if (o.family_given || !o.lab_kernel.empty()) {
    return "--family and --kernel are for plain-CUDA .cu files; " + path + " is a variant of " + file->family;
  }
  const std::optional<lab::LabRequest> asked = lab::lab_default_request(*file, error);
  if (!asked) return error;
  const unsigned sm_count = s.request.sm_count;
  s.request = asked->request;
  s.request.sm_count = sm_count;
  s.pattern = pattern_names()[std::size_t(asked->input.pattern)];
  s.seed = asked->input.seed;
  s.lab_file = path;
  state.lab.path = path;
  std::error_code ec;
  state.lab.seen = std::filesystem::last_write_time(path, ec);
  return {};
}

// --compare-with beside --lab: another kernel of the file, another file (OTHER.cu), or one of
// its kernels (OTHER.cu:KERNEL), which then runs beside the learner's; else a built-in variant.
std::string apply_lab_compare(AppState& state, const StartOptions& o) {
  RunSettings& right = state.sessions[1].settings;
  const RunSettings& left = state.sessions[0].settings;
  std::string path = o.lab_path, kernel = o.compare_with;
  const std::size_t colon = o.compare_with.rfind(':');
  const std::string file_part = colon == std::string::npos ? o.compare_with : o.compare_with.substr(0, colon);
  std::error_code ec;
  if (std::filesystem::is_regular_file(file_part, ec)) {
    path = file_part;
    kernel = colon == std::string::npos ? std::string() : o.compare_with.substr(colon + 1);
  } else if (std::filesystem::is_regular_file(o.compare_with, ec)) {
    path = o.compare_with;
    kernel.clear();
  }
  std::string error;
  const std::optional<lab::LabFile> file = lab::read_lab_file(path, error);
  if (!file) return error;
  const Family* family = find_family(left.request.family);
  const bool another_file = path != o.lab_path;
  const std::vector<lab::PlainKernelDecl> kernels = file->plain ? lab::find_plain_kernels(file->text)
                                                                : std::vector<lab::PlainKernelDecl>{};
  if (!another_file && family && family->find_variant(kernel) &&
      std::none_of(kernels.begin(), kernels.end(), [&](const lab::PlainKernelDecl& k) { return k.name == kernel; })) {
    right.request.variant = kernel;  // a built-in variant: mirror_input makes the right side built in
    return {};
  }
  if (!file->plain) {
    if (!another_file) return "--compare-with '" + kernel + "' is no variant of " + left.request.family;
    if (file->family != left.request.family)
      return "--compare-with: " + path + " is a " + file->family + " variant; " + o.lab_path + " is " + left.request.family;
    right.lab_file = path;
    right.lab_family.clear();
    right.lab_kernel.clear();
    right.request.variant = file->id;
    return {};
  }
  const lab::PlainKernelDecl* chosen = lab::choose_plain_kernel(kernels, kernel, path, error);
  if (!chosen)
    return "--compare-with '" + o.compare_with + "': " + error +
           (another_file ? std::string() : " (or name a built-in variant of " + left.request.family + ")");
  if (!file->family.empty() && file->family != left.request.family)
    return "--compare-with: " + path + " fulfils the " + file->family + " contract; " + o.lab_path + " is run as " +
           left.request.family;
  right.lab_file = path;
  right.lab_family = left.lab_family;
  right.lab_kernel = chosen->name;
  right.request.variant = chosen->name;
  return {};
}

}  // namespace

// --program FILES [-- ARGS] or [-- FLAGS -- ARGS]: settled once, run, and watched.
static std::string start_program(AppState& state, const StartOptions& o) {
  // The other sources lead; then, up to a second --, compiler flags, or else the arguments.
  std::vector<std::string> words = {o.program_file};
  const std::vector<std::string>& rest = o.program_rest;
  auto args = std::find(rest.begin(), rest.end(), "--");
  if (args == rest.end()) args = std::find_if(rest.begin(), rest.end(), [](const std::string& w) { return !is_program_source(w); });
  words.insert(words.end(), rest.begin(), args);
  words.push_back("--");
  words.insert(words.end(), args != rest.end() && *args == "--" ? args + 1 : args, rest.end());
  ProgramRequest request;
  std::string error;
  if (!parse_program_words(words, request, error)) return "--program: " + error;
  // Every launch listed and drawn: the first blocks of each, as a family's run records its first.
  request.launches = "all";
  request.record_blocks = "0-3";
  SettledProgram program;
  if (const std::string problem = settle_program(request, program); !problem.empty()) return "--program: " + problem;
  state.program.program = program;
  watch_program_files(state);  // the files as they are now: a change from here runs it again
  state.sessions[0].run_program(program);
  return {};
}

// --lab FILE --entry NAME: the file's host function called with the family's buffers, watched.
static std::string start_entry(AppState& state, const StartOptions& o) {
  lab::EntryRequest entry;
  entry.file = o.lab_path;
  entry.entry = o.lab_entry;
  RunRequest& r = entry.settings.request;
  r.family.clear();
  if (std::string ignored; const std::optional<lab::LabFile> file = lab::read_lab_file(o.lab_path, ignored)) r.family = file->family;
  if (o.family_given) r.family = o.family;
  if (o.n) r.n = *o.n;
  r.type = o.type;  // empty: the entry's first pointer's
  r.op = o.op;      // empty: the family's first
  state.program.entry = entry;
  watch_program_files(state);
  state.sessions[0].run_entry(entry);
  return {};
}

std::string apply_start_options(AppState& state, const StartOptions& o) {
  RunSettings s = default_run_settings();
  s.request.sm_count = o.sm_count ? *o.sm_count : default_sm_count();
  if (!o.lab_path.empty() && o.lab_entry.empty())  // an entry is the program's: start_entry, below
    if (std::string error = apply_lab_file(s, state, o); !error.empty()) return error;
  // Another family starts at its first variant (an unknown one is the run's error to show).
  if (const Family* family = find_family(o.family); family && o.family != s.request.family && o.lab_path.empty())
    switch_family(s.request, *family);
  if (o.lab_path.empty()) s.request.family = o.family;
  if (!o.variant.empty()) s.request.variant = o.variant;
  if (o.n) s.request.n = *o.n;
  if (o.block) s.request.block = *o.block;
  if (!o.op.empty()) s.request.op = o.op;
  if (!o.type.empty()) s.request.type = o.type;
  if (!o.pattern.empty()) s.pattern = o.pattern;
  if (o.seed) s.seed = *o.seed;
  if (std::string error; !parse_params(o.params, s.request.params, error)) return error;
  if (o.inspect_block) s.inspect_block = *o.inspect_block;
  if (o.inspect_launch) s.inspect_launch = *o.inspect_launch;
  if (!o.backend.empty() && !parse_backend(o.backend, s.backend)) return "unknown backend '" + o.backend + "'";
  state.sessions[0].settings = s;
  state.sessions[1].settings = s;
  state.sessions[1].settings.lab_file.clear();  // the other side of a comparison is built in

  if (!o.view.empty()) {
    bool compare = false;
    if (!parse_view(o.view, state.view, compare)) return "unknown view '" + o.view + "'";
    state.compare = compare;
  }
  if (state.compare && !o.trace_path.empty() && o.compare_trace_path.empty())
    return "--view compare needs two runs; --trace shows one (--compare-trace adds the other)";
  if (!o.compare_params.empty()) {
    std::map<std::string, std::uint64_t> params;
    if (std::string error; !parse_params(o.compare_params, params, error)) return "--compare-param: " + error;
    state.compare_params = params;
  }
  if (!o.compare_with.empty()) {
    state.compare = true;
    if (o.lab_path.empty()) state.sessions[1].settings.request.variant = o.compare_with;
    else if (std::string error = apply_lab_compare(state, o); !error.empty()) return error;
  } else if (state.compare) {
    state.sessions[1].settings.request.variant = compare_partner_of(s.request);
  }
  if (!o.level.empty()) {
    const std::optional<std::uint16_t> step = parse_level(o.level);
    if (!step) return "invalid level '" + o.level + "' (a number, load or finish)";
    state.playback.go_to(*step);
  }
  state.presenter = o.presenter;
  state.show_help = o.show_keys;
  state.timing.extra_profiles = o.profiles;
  if (o.sweep && !state.view->sweeps) return "--sweep starts the Timing view's sweep: add --view timing";
  state.timing.sweep_requested = o.sweep;

  if (!o.lesson_path.empty()) {
    if (!open_lesson(state, o.lesson_path)) return {};  // the banner says why; the app runs on
    for (int k = 1; k < o.lesson_slide; ++k) state.lesson.next();
    apply_lesson_slide(state);
    return {};
  }
  if (!o.program_file.empty()) return start_program(state, o);
  if (!o.lab_entry.empty()) return start_entry(state, o);
  if (!o.trace_path.empty()) {
    state.sessions[0].load_trace(o.trace_path);
    if (!o.compare_trace_path.empty()) {
      state.compare = true;
      state.sessions[1].load_trace(o.compare_trace_path);
    }
    return {};
  }
  run_sessions(state);
  return {};
}

}  // namespace wl
