#include "cli_options.h"

#include "cli/size_option.h"
#include "run/run_words.h"
#include "model/views/view_registry.h"

#include <CLI/CLI.hpp>
#include <cstdio>
#include <map>

#include "version.h"

namespace wl {
namespace {

constexpr int kMinSide = 320;
constexpr int kMaxSide = 16384;

// Digits only (no sign, no spaces), within [kMinSide, kMaxSide].
std::optional<int> parse_side(const std::string& digits) {
  if (digits.empty() || digits.size() > 5) return std::nullopt;
  for (const char c : digits)
    if (c < '0' || c > '9') return std::nullopt;
  const int side = std::stoi(digits);
  if (side < kMinSide || side > kMaxSide) return std::nullopt;
  return side;
}

std::string describe_size_error(std::string& text) {
  if (parse_window_size(text)) return {};
  return "invalid size '" + text + "': expected WIDTHxHEIGHT such as 1600x900, each side " +
         std::to_string(kMinSide) + " to " + std::to_string(kMaxSide) + " pixels";
}

}  // namespace

std::optional<std::uint16_t> parse_level(const std::string& text) { return parse_step_name(text); }

std::optional<WindowSize> parse_window_size(const std::string& text) {
  const auto separator = text.find_first_of("xX");
  if (separator == std::string::npos) return std::nullopt;
  const auto width = parse_side(text.substr(0, separator));
  const auto height = parse_side(text.substr(separator + 1));
  if (!width || !height) return std::nullopt;
  return WindowSize{*width, *height};
}

void add_program_options(CLI::App& app, GuiOptions& options) {
  app.set_version_flag("--version", "warplens " WARPLENS_VERSION);
  app.require_subcommand(0, 1);
  app.add_flag("--paths", options.print_paths,
               "Print where the lessons, profiles, exercises and kernel headers are found, and why; exit (as `warplens paths`)");

  app.add_option_function<std::string>(
         "--size",
         [&options](const std::string& text) {
           options.size = *parse_window_size(text);
           options.size_given = true;
         },
         "Window size in pixels, WIDTHxHEIGHT")
      ->check(CLI::Validator(describe_size_error, "", "window size"))
      ->type_name("WxH")
      ->default_str("1600x900");
  app.add_option_function<float>(
         "--ui-scale", [&options](float scale) { options.ui_scale = scale; },
         "UI scale factor (default: the monitor's content scale)")
      ->check(CLI::Range(0.5f, 4.0f))
      ->type_name("FACTOR");
  app.add_option_function<std::string>(
         "--theme", [&options](const std::string& text) { options.theme = parse_theme(text); },
         "dark or light (for projectors), for this run; View > Theme chooses the one remembered")
      ->check(CLI::Validator(
          [](std::string& t) { return parse_theme(t) ? std::string() : "invalid theme '" + t + "': expected dark or light"; },
          "THEME"))
      ->type_name("THEME");
  app.add_option("--screenshot", options.screenshot_path,
                 "Render --frames frames, save the window as this PNG and exit")
      ->type_name("FILE.png");
  app.add_option("--frames", options.frames, "Frames to render before --screenshot is taken")
      ->check(CLI::Range(1, 100000))
      ->type_name("N")
      ->capture_default_str();
  app.add_option("--state-out", options.state_path,
                 "Keep FILE up to date with the app's state as JSON (view, step, compare, cameras, panels, "
                 "probes): for tests that drive the window with real input");
  app.add_option("--probes", options.probes_path,
                 "With --screenshot: write where the views drew what tests check, as JSON")
      ->type_name("FILE.json");
  app.add_option("--screenshot-views", options.screenshot_views,
                 "With --screenshot: one screenshot per entry, [presenter:][compare-]VIEW, in one run "
                 "(each file named FILE-ENTRY.png)")
      ->delimiter(',')
      ->type_name("LIST");
  app.add_option("--bench-frames", options.bench_frames,
                 "Render N frames, print the CPU time per frame (median and max), exit")
      ->check(CLI::Range(1, 1000000))
      ->type_name("N");
  app.add_flag("--bench-load", options.bench_load,
               "With --bench-frames: time every frame from the first, while the run or trace loads and its "
               "views are built (on a worker thread), until it is shown and N frames have been timed")
      ->needs("--bench-frames");

  const char* const export_group = "With --screenshot, also write";
  app.add_option("--export-png", options.exports.png, "A PNG of the frame, rendered again offscreen")
      ->group(export_group)
      ->type_name("FILE.png");
  app.add_option("--export-scale", options.exports.png_scale, "Size of --export-png: 1 to 4 times the window")
      ->group(export_group)
      ->check(CLI::Range(1.0f, 4.0f));
  app.add_option("--export-json", options.exports.json, "The trace as JSON (for --trace too)")->group(export_group)->type_name("FILE.json");
  app.add_option("--export-csv", options.exports.timing_csv, "The Timing view's sweep as CSV")
      ->group(export_group)
      ->type_name("FILE.csv");
  app.add_option("--save-trace", options.exports.trace, "The trace as a .wltrace file (for --trace)")
      ->group(export_group)
      ->type_name("FILE.wltrace");

  StartOptions& s = options.start;
  const char* const start_group = "Start with";
  app.add_option("--family", s.family, "Kernel family (see `warplens list`); with --lab and a .cu file, its contract")
      ->group(start_group)
      ->capture_default_str()
      ->each([&s](const std::string&) { s.family_given = true; });
  app.add_option("--variant", s.variant, "Variant id, e.g. sequential (see `warplens list`)")->group(start_group);
  app.add_option("--compare-with", s.compare_with,
                 "Compare side by side with this variant; with --lab and a .cu file, also another of its kernels, "
                 "or another file's (OTHER.cu or OTHER.cu:KERNEL)")
      ->group(start_group);
  app.add_option("--view", s.view, view_names_text())
      ->group(start_group)
      ->transform(CLI::Validator(
          [](std::string& t) {
            const ViewDecl* view = nullptr;
            bool compare = false;
            if (!parse_view(t, view, compare)) return "unknown view '" + t + "' (" + view_names_text() + ")";
            if (const std::string_view now = renamed_view(t); !now.empty()) {
              std::fprintf(stderr, "warplens: note: the view '%s' is now '%s' (the old name goes in the next release)\n",
                           t.c_str(), std::string(now).c_str());
              t = std::string(now);
            }
            return std::string();
          },
          "VIEW"));
  app.add_option("--level", s.level, "Tree level to show: 0, 1, ..., load or finish")
      ->group(start_group)
      ->check(CLI::Validator(
          [](std::string& t) { return parse_level(t) ? std::string() : "invalid level '" + t + "'"; }, "LEVEL"));
  app.add_option("--n", s.n, "Elements of the input: 1048576 or 2^20")->group(start_group)->transform(cli::size_text());
  app.add_option("--block", s.block, "Threads per block (a power of two, up to 1024)")->group(start_group);
  app.add_option("--op", s.op, "sum, min, max or product; softmax, layernorm or rmsnorm (rows); by default the family's first")->group(start_group);
  app.add_option("--type", s.type, "i32, f32 or f64")->group(start_group);
  app.add_option("--pattern", s.pattern, "random, ones, ascending, all-equal or skewed")->group(start_group);
  app.add_option("--seed", s.seed, "Seed of the random input")->group(start_group);
  const CLI::Validator param_text(
      [](std::string& t) {
        std::map<std::string, std::uint64_t> params;
        std::string error;
        return parse_params({t}, params, error) ? std::string() : error;
      },
      "");
  app.add_option("--param", s.params, "A family parameter, name=value (see `warplens list`); repeatable")
      ->group(start_group)
      ->type_name("NAME=VALUE")
      ->check(param_text);
  app.add_option("--compare-param", s.compare_params,
                 "With --compare-with: the right side's own family parameter, name=value (default: the left's); "
                 "repeatable")
      ->group(start_group)
      ->type_name("NAME=VALUE")
      ->check(param_text)
      ->needs(app.get_option("--compare-with"));
  app.add_option("--backend", s.backend, "auto (GPU if usable), sim or gpu")
      ->group(start_group)
      ->check(CLI::IsMember({"auto", "sim", "gpu"}));
  app.add_option("--inspect-block", s.inspect_block, "The block the views show")->group(start_group);
  app.add_option("--inspect-launch", s.inspect_launch, "The launch the views show, of a run of several (0 = the first)")->group(start_group);
  app.add_option("--sm-count", s.sm_count,
                 "Multiprocessors to size persistent grids and scan tiles for (default: the GPU's, or an H100's 132 without one)")
      ->group(start_group)
      ->check(CLI::Range(1u, 65536u));
  app.add_option("--trace", s.trace_path, "Load a trace file (.wltrace, or the JSON of --export-json) instead of running")
      ->group(start_group)
      ->type_name("FILE");
  app.add_option("--compare-trace", s.compare_trace_path,
                 "With --trace: compare it side by side with this trace file (a kernel recorded on the GPU beside "
                 "the simulator's run of it)")
      ->group(start_group)
      ->type_name("FILE")
      ->needs(app.get_option("--trace"));
  app.add_option("--lesson", s.lesson_path, "Start a guided lesson (assets/lessons/*.lesson)")
      ->group(start_group)
      ->type_name("FILE");
  app.add_option("--lab", s.lab_path,
                 "Your own kernel, a plain-CUDA .cu file or a variant file (see `warplens lab new`): run it on the "
                 "simulator and again whenever the file is saved")
      ->group(start_group)
      ->type_name("FILE");
  // One value: CLI11 ends a list of values at --, and the program's arguments follow it.
  app.add_option("--program", s.program_file,
                 "A whole CUDA program (.cu, then its other .cu and .cpp files): built and run on the simulator as it "
                 "is, its main included, and run again whenever a file is saved; every launch listed and drawn. Its "
                 "arguments follow --; compiler flags go between two: --program a.cu b.cpp -- -I common -- --n=1024")
      ->group(start_group)
      ->type_name("FILE");
  app.add_option("program-words", s.program_rest)  // after --: the --program's words
      ->group("")
      ->needs(app.get_option("--program"));
  app.add_option("--entry", s.lab_entry,
                 "With --lab and a .cu file: a host function that launches its kernels, solve(const float* input, "
                 "float* output, int N) as practice sites write it, called with --family's buffers")
      ->group(start_group)
      ->needs(app.get_option("--lab"));
  app.add_option("--kernel", s.lab_kernel, "With --lab and a .cu file: the __global__ function to run")
      ->group(start_group)
      ->needs(app.get_option("--lab"));
  app.add_option("--profile", s.profiles, "A recorded timing sweep (JSON) for the Timing view; repeatable")
      ->group(start_group)
      ->type_name("FILE");
  app.add_option("--slide", s.lesson_slide, "With --lesson: the slide to start at (from 1)")
      ->group(start_group)
      ->check(CLI::Range(1, 1000));
  app.add_flag("--presenter", s.presenter, "Presenter mode: large text, side panel hidden")->group(start_group);
  app.add_flag("--show-keys", s.show_keys, "Open the keyboard help (as H does)")->group(start_group);
  app.add_flag("--sweep", s.sweep,
               "With --view timing: start a live sweep (GPU only), as Run sweep does; --screenshot waits for it")
      ->group(start_group);
  // A trace says what ran, and each slide of a lesson says what it runs: an option that would be
  // ignored beside them is refused instead (a usage error, exit 2).
  CLI::Option* const trace = app.get_option("--trace");
  CLI::Option* const lesson = app.get_option("--lesson");
  trace->excludes(lesson);
  CLI::Option* const lab = app.get_option("--lab");
  // --family with --lab names a plain-CUDA file's contract; a variant file names its own family.
  lab->excludes(trace)->excludes(lesson)->excludes(app.get_option("--variant"));
  for (const char* name : {"--family", "--variant", "--compare-with", "--compare-param", "--n", "--block", "--op", "--type",
                           "--pattern", "--seed", "--param", "--inspect-block", "--inspect-launch"})
    app.get_option(name)->excludes(trace)->excludes(lesson);
  for (const char* name : {"--backend", "--sm-count"}) app.get_option(name)->excludes(trace);  // a lesson keeps them
  for (const char* name : {"--view", "--level", "--sweep"}) app.get_option(name)->excludes(lesson);
  app.get_option("--slide")->needs(lesson);
}

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {
    return app.exit(e);  // a subcommand failed and chose its own exit code
  } catch (const CLI::ParseError& e) {
    // CLI11 uses one code per error kind; we promise 0 (help/version) or 2.
    return app.exit(e) == 0 ? 0 : kExitUsage;
  }
  return std::nullopt;
}

}  // namespace wl
