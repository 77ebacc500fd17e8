// `warplens bench`: times a family's variants' uninstrumented builds on the GPU against the
// family's library call (CUB's, NCCL's) and a device copy in the same run, through sweep_gpu for
// any family. At one n (--n) a table of each variant against them, and against the variant
// hand-written in plain CUDA where the family has it (the reduce ladder); with --sizes, a sweep
// over sizes, written as the app's profiles; with --sweep-param, over a family parameter's values
// at each size too. Inputs larger than L2 (or rotated through copies that cover it), random,
// never zeros; CUDA events; warm-up; the median of many repeats. Ratios, not lone numbers.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/run_options.h"
#include "cli/size_option.h"
#include "cli/sweep_param_option.h"
#include "run/backend_run.h"
#include "run/gpu_sweep.h"
#include "run/run_words.h"
#include "kernels/gpu/gpu_error.h"
#include "results/timing_sweep.h"

namespace wl::cli {
namespace {

struct BenchOptions {
  std::uint64_t n = std::uint64_t(1) << 26;  // 256 MiB of f32: five times an H100's L2
  std::string op = "sum";
  std::string type;  // empty: the family's first (at one n, f32 where the family takes it)
  unsigned block = 256;
  TimingPlan timing{5, 30, 1};
  std::string json_out;
  // A sweep over sizes instead of one n: what the app's Timing panel draws.
  std::string sizes;
  std::string variants;  // comma-separated; empty: every variant but the pitfalls
  std::string family = kDefaultFamily;
  std::string pattern = "random";
  std::vector<std::string> params;  // "name=value"
  std::string sweep_param;          // "cols=1024,2048": a sweep against it too, at each size
  std::string json, csv, profile;  // profile: --save-profile
};

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    if (comma > start) out.push_back(text.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

// How the samples were taken, for the table's heading.
std::string timing_method(const TimingPlan& timing) {
  if (timing.back_to_back <= 1) return ", each run alone";
  return ", " + std::to_string(timing.back_to_back) + " runs back to back a sample";
}

bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (out) return true;
  std::cerr << "warplens bench: cannot write " << path << "\n";
  return false;
}

// One row a series: GB/s (and the share of the roofline) at each of `columns` (n, param).
void print_table(const TimingSweep& sweep, const std::string& axis, const std::vector<TimingPoint>& columns) {
  std::printf("%-22s", axis.c_str());
  for (const TimingPoint& c : columns) std::printf(" %14llu", (unsigned long long)(sweep.against_param() ? c.param : c.n));
  std::printf("\n");
  for (const TimingSeries& s : sweep.series) {
    std::printf("%-22s", s.name.c_str());
    for (const TimingPoint& c : columns) {
      const TimingPoint* p = s.at(c.n, c.param);
      const std::optional<double> pct = percent_of_copy(sweep, s, c.n, c.param);
      if (!p || !p->measured()) std::printf(" %14s", "-");
      else std::printf(" %7.0f (%3.0f%%)%s", p->gbs(), pct ? *pct : 0.0, p->ok ? "" : "!");
    }
    std::printf("\n");
  }
}

// Against n: a column a size. Against a parameter: a table a size, a column a value.
void print_sweep(const TimingSweep& sweep) {
  if (!sweep.against_param()) {
    std::vector<TimingPoint> columns;
    for (std::uint64_t n : sweep.sizes()) columns.push_back({n, 0, 0, true, "", 0});
    print_table(sweep, "n", columns);
    return;
  }
  for (std::uint64_t n : sweep.sizes()) {
    std::printf("at n = %llu:\n", (unsigned long long)n);
    std::vector<TimingPoint> columns;
    for (std::uint64_t value : sweep.param_values()) columns.push_back({n, 0, 0, true, "", value});
    print_table(sweep, sweep.swept_param, columns);
  }
}

// The request of `b`, checked before any GPU is asked for: 0, or the exit code after saying why.
// At one n (no --sizes, no --sweep-param) the hand-written twins are timed too.
int sweep_request(const BenchOptions& b, SweepRequest& request, const Family*& family) {
  const bool one_n = b.sizes.empty() && b.sweep_param.empty();
  request.family = b.family;
  request.variants = split_commas(b.variants);
  family = find_family(b.family);
  if (!family) {
    std::cerr << "warplens bench: unknown family '" << b.family << "' (" << family_ids_text() << ")\n";
    return 2;
  }
  const std::vector<std::string> types = family->types();
  request.op = family->ops().empty() ? "" : b.op;
  request.type = !b.type.empty() ? b.type
                 : one_n && std::find(types.begin(), types.end(), "f32") != types.end() ? "f32"
                                                                                       : types.front();
  request.block = b.block;
  request.handwritten = one_n;
  std::string problem;
  if (!parse_pattern(b.pattern, request.pattern)) {
    std::cerr << "warplens bench: unknown input pattern '" << b.pattern << "'\n";
    return 2;
  }
  if (!parse_params(b.params, request.params, problem)) {
    std::cerr << "warplens bench: " << problem << "\n";
    return 2;
  }
  request.timing = b.timing;
  if (b.sizes.empty()) {
    request.sizes = {b.n};  // --sweep-param alone: at --n
  } else if (!parse_sizes(b.sizes, request.sizes, problem)) {
    std::cerr << "warplens bench: --sizes: " << problem << "\n";
    return 2;
  }
  if (!b.sweep_param.empty() && !take_sweep_param(b.sweep_param, *family, request, problem)) {
    std::cerr << "warplens bench: --sweep-param: " << problem << "\n";
    return 2;
  }
  if (one_n) {  // a request no variant takes (an operator the family lacks) is a usage error
    std::vector<std::string> ids = request.variants;
    if (ids.empty())
      for (const VariantSummary& v : family->variants())
        if (!v.pitfall) ids.push_back(v.id);
    std::string first;
    for (const std::string& id : ids) {
      const std::string why = validate(step_request(request, {0, b.n}, id));
      if (why.empty()) return 0;
      if (first.empty()) first = id + ": " + why;
    }
    std::cerr << "warplens bench: no variant takes this request (" << first << ")\n";
    return 2;
  }
  return 0;
}

// Runs the sweep: 0, or the exit code after saying why.
int measure(const SweepRequest& request, TimingSweep& sweep) {
  try {
    const std::atomic<bool> never{false};
    sweep = sweep_gpu(request, [](std::size_t done, std::size_t total, const std::string& what) {
      std::fprintf(stderr, "\r[%zu/%zu] %-48s", done, total, what.c_str());
    }, never);
    std::fprintf(stderr, "\n");
  } catch (const GpuError& e) {
    std::cerr << "warplens bench: needs a GPU (" << e.what() << ")\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "warplens bench: " << e.what() << "\n";
    return 2;
  }
  return 0;
}

// The points not measured, a line each, and the files asked for: 0, or 1 when one could not be written.
int finish(const BenchOptions& b, const TimingSweep& sweep) {
  for (const TimingSeries& s : sweep.series)
    for (const TimingPoint& p : s.points)
      if (!p.error.empty()) std::printf("%s: %s\n", s.name.c_str(), p.error.c_str());
  bool wrote = true;
  if (!b.json.empty()) wrote = write_file(b.json, sweep_to_json(sweep)) && wrote;
  if (!b.profile.empty()) wrote = write_file(b.profile, sweep_to_json(sweep)) && wrote;
  if (!b.csv.empty()) wrote = write_file(b.csv, sweep_to_csv(sweep)) && wrote;
  return wrote ? 0 : 1;
}

// `bench --sizes` (or --sweep-param): a table of GB/s, a row a series.
int run_sweep(const BenchOptions& b) {
  SweepRequest request;
  const Family* family = nullptr;
  TimingSweep sweep;
  if (const int code = sweep_request(b, request, family)) return code;
  if (const int code = measure(request, sweep)) return code;
  std::printf("%s, %s %s%s%s, %s input, block %u, median of %d after %d warm-up runs%s; GB/s (%% of the %s)\n",
              sweep.device.c_str(), sweep.family.c_str(), sweep.op.c_str(), sweep.op.empty() ? "" : " ",
              sweep.type.c_str(), sweep.input.c_str(), sweep.block, sweep.repeats, sweep.warmup,
              timing_method(b.timing).c_str(), sweep.roofline.c_str());
  print_sweep(sweep);
  return finish(b, sweep);
}

// A series' time at n, 0 where it has none or was not measured.
double ms_at(const TimingSweep& sweep, const std::string& series, std::uint64_t n) {
  const TimingSeries* s = sweep.find(series);
  const TimingPoint* p = s ? s->at(n) : nullptr;
  return p && p->measured() ? p->ms : 0;
}

// The heading and the references at n: the device copy (or the family's own roofline), the library.
void print_references(const TimingSweep& sweep, const Family& family, std::uint64_t n, const TimingPlan& timing) {
  RunRequest input;  // the input's bytes: n elements of the type
  input.type = sweep.type;
  input.n = n;
  std::printf("%s, %s %s%s%s, n = %llu (%.0f MiB), block %u, median of %d after %d warm-up runs%s\n",
              sweep.device.c_str(), sweep.family.c_str(), sweep.op.c_str(), sweep.op.empty() ? "" : " ",
              sweep.type.c_str(), (unsigned long long)n, family.Family::bytes_moved(input) / (1 << 20), sweep.block,
              sweep.repeats, sweep.warmup, timing_method(timing).c_str());
  std::vector<std::string> names{kCopySeries};
  if (sweep.roofline != kCopySeries) names.push_back(sweep.roofline);
  names.push_back(family.library_name());
  std::string line;
  for (const std::string& name : names) {
    const TimingSeries* s = sweep.find(name);
    const TimingPoint* p = s ? s->at(n) : nullptr;
    if (!p || !p->measured()) continue;
    char text[160];
    const std::optional<double> pct = percent_of_copy(sweep, *s, n);
    if (name == sweep.roofline)
      std::snprintf(text, sizeof text, "%s: %.3f ms (%.0f GB/s%s)", name.c_str(), p->ms, p->gbs(),
                    name == kCopySeries ? " read+write" : "");
    else
      std::snprintf(text, sizeof text, "%s: %.3f ms (%.0f GB/s, %.0f%% of the %s)", name.c_str(), p->ms, p->gbs(),
                    pct ? *pct : 0.0, sweep.roofline.c_str());
    line += (line.empty() ? "" : "   ") + std::string(text);
  }
  std::printf("%s\n\n", line.c_str());
}

// A row a variant measured at n: its time, GB/s and share of the roofline, its time over the
// library's, its check and, with `handwritten`, its hand-written twin's time and its own over it.
void print_variants(const TimingSweep& sweep, const std::string& library, std::uint64_t n, bool handwritten) {
  const std::string vs = "vs " + library;
  std::printf("%-22s %9s %8s %9s %8s %6s", "variant", "ms", "GB/s", "%copy", vs.c_str(), "check");
  if (handwritten) std::printf(" %10s %9s", "handwrit.", "dialect/");
  std::printf("\n%-22s %9s %8s %9s %8s %6s", "", "", "", "", "(time)", "");
  if (handwritten) std::printf(" %10s %9s", "ms", "hand");
  std::printf("\n");
  const double library_ms = ms_at(sweep, library, n);
  for (const TimingSeries& s : sweep.series) {
    const TimingPoint* t = s.kind == SeriesKind::Variant ? s.at(n) : nullptr;
    if (!t || !t->measured()) continue;
    const std::optional<double> pct = percent_of_copy(sweep, s, n);
    std::printf("%-22s %9.3f %8.0f %8.0f%% ", s.name.c_str(), t->ms, t->gbs(), pct ? *pct : 0.0);
    if (library_ms > 0) std::printf("%7.2fx", t->ms / library_ms);
    else std::printf("%8s", "-");
    std::printf(" %6s", t->ok ? "ok" : "WRONG");
    if (const double hand_ms = ms_at(sweep, handwritten_series(s.name), n); hand_ms > 0)
      std::printf(" %10.3f %8.3fx", hand_ms, t->ms / hand_ms);
    std::printf("\n");
  }
  std::printf("\n%s: variant time / %s time (below 1 beats %s).", vs.c_str(), library.c_str(), library.c_str());
  if (handwritten)
    std::printf(" dialect/hand: timed dialect build\nover the same kernel hand-written in plain CUDA (1.00 = no overhead).");
  std::printf("\n");
}

// --json-out: the table's numbers. "cub_ms" is the library's time (NCCL's for the all-reduce).
nlohmann::json one_n_json(const TimingSweep& sweep, const std::string& library, std::uint64_t n) {
  const double library_ms = ms_at(sweep, library, n);
  nlohmann::json out = {{"family", sweep.family}, {"n", n}, {"op", sweep.op}, {"type", sweep.type},
                        {"block", sweep.block}, {"repeats", sweep.repeats}, {"back_to_back", sweep.back_to_back},
                        {"library", library}, {"copy_ms", ms_at(sweep, kCopySeries, n)}, {"cub_ms", library_ms},
                        {"variants", nlohmann::json::array()}};
  for (const TimingSeries& s : sweep.series) {
    const TimingPoint* t = s.kind == SeriesKind::Variant ? s.at(n) : nullptr;
    if (!t || !t->measured()) continue;
    nlohmann::json row = {{"variant", s.name}, {"ms", t->ms}, {"gbs", t->gbs()}, {"ok", t->ok}};
    if (library_ms > 0) row["vs_cub"] = t->ms / library_ms;
    if (const double hand_ms = ms_at(sweep, handwritten_series(s.name), n); hand_ms > 0) {
      row["handwritten_ms"] = hand_ms;
      row["dialect_over_handwritten"] = t->ms / hand_ms;
    }
    out["variants"].push_back(row);
  }
  return out;
}

// `bench` at one n (--n): every variant of the family, through the same sweep.
int run_one_n(const BenchOptions& b) {
  SweepRequest request;
  const Family* family = nullptr;
  TimingSweep sweep;
  if (const int code = sweep_request(b, request, family)) return code;
  if (const int code = measure(request, sweep)) return code;
  bool handwritten = false;
  for (const TimingSeries& s : sweep.series)
    handwritten = handwritten || (s.kind == SeriesKind::Variant && sweep.find(handwritten_series(s.name)));
  print_references(sweep, *family, b.n, b.timing);
  print_variants(sweep, family->library_name(), b.n, handwritten);
  if (!b.json_out.empty() && !write_file(b.json_out, one_n_json(sweep, family->library_name(), b.n).dump(2) + "\n"))
    return 1;
  return finish(b, sweep);
}

}  // namespace

void register_bench_command(CLI::App& app, CommandStatus& status) {
  CLI::App* bench = app.add_subcommand("bench", "Time every variant on the GPU against CUB and a device copy");
  auto b = std::make_shared<BenchOptions>();
  bench->add_option("--n", b->n, "elements: 1048576 or 2^20 (default: larger than L2)")
      ->capture_default_str()
      ->transform(size_text());
  bench->add_option("--op", b->op, "sum, min, max or product")->capture_default_str();
  bench->add_option("--type", b->type, "i32, f32 or f64; by default the family's first (at one n, f32 where it takes it)");
  bench->add_option("--block", b->block, "threads per block")->capture_default_str();
  bench->add_option("--warmup", b->timing.warmup, "untimed runs first")
      ->capture_default_str()
      ->check(CLI::Range(0, 100000));
  bench->add_option("--repeats", b->timing.repeats, "timed samples; the median is reported")
      ->capture_default_str()
      ->check(CLI::Range(1, 100000));
  bench->add_option("--back-to-back", b->timing.back_to_back,
                    "runs queued back to back in each sample (1: each run alone on an idle GPU; more: a run's "
                    "cost in a stream of work; at most 100, so a sample's launches fit CUDA's launch queue)")
      ->capture_default_str()
      ->check(CLI::Range(1, 100));
  bench->add_option("--json-out", b->json_out, "at one n (no --sizes): also write the table's numbers as JSON");
  bench->add_option("--sizes", b->sizes, "sweep sizes instead of one n: 2^10..2^28, 2^20, or a list");
  bench->add_option("--variants", b->variants, "variants to time, comma-separated (default: all)");
  bench->add_option("--family", b->family, "the family")->capture_default_str();
  bench->add_option("--pattern", b->pattern, "the input pattern (random, skewed, image, ...)")->capture_default_str();
  bench->add_option("--param", b->params, "a family parameter, name=value (bins=256, skew=90); repeatable");
  bench->add_option("--sweep-param", b->sweep_param,
                    "sweep a family parameter too, name=values (cols=1024,2048,4096 or cols=2^10..2^15): each value "
                    "timed at each size (--sizes, else --n), for the Timing view's plots against it");
  bench->add_option("--json", b->json, "write the sweep as JSON (the Timing panel reads it)");
  bench->add_option("--csv", b->csv, "write the sweep as CSV");
  bench->add_option("--save-profile", b->profile,
                    "with --sizes: store the sweep as a profile, e.g. assets/profiles/h100.json");
  // "record" means recording a trace everywhere else (warplens record, --record-blocks): the old
  // spelling of --save-profile still works for one release, with a note.
  bench->add_option("--record", b->profile, "old spelling of --save-profile (works this release)");
  bench->callback([&status, bench, b] {
    status.ran = true;
    if (bench->count("--record") > 0)
      std::cerr << "warplens bench: note: --record is now --save-profile (the old spelling goes in the next release)\n";
    status.exit_code = b->sizes.empty() && b->sweep_param.empty() ? run_one_n(*b) : run_sweep(*b);
  });
}

}  // namespace wl::cli
