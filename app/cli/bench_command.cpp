// `warplens bench`: times every variant's uninstrumented build on the GPU against CUB's
// DeviceReduce and a device-to-device copy in the same run, and the Harris ladder against the
// same kernels hand-written in plain CUDA. Inputs larger than L2 (or rotated through copies that
// cover it), random, never zeros; CUDA events; warm-up; the median of many repeats. Ratios, not
// lone numbers. With --sizes, a sweep over sizes (sweep_gpu), written as the app's profiles;
// with --sweep-param, over a family parameter's values at each size too.
#include <CLI/CLI.hpp>

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
#if defined(WARPLENS_HAVE_CUDA)
#include "kernels/families/reduce/bench/bench_reference.h"
#include "kernels/gpu/gpu_measure.h"
#endif

namespace wl::cli {
namespace {

struct BenchOptions {
  std::uint64_t n = std::uint64_t(1) << 26;  // 256 MiB of f32: five times an H100's L2
  std::string op = "sum";
  std::string type;  // empty: the family's first (f32 for reduce)
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

// `bench --sizes` (or --sweep-param): sweeps through sweep_gpu, prints a table of GB/s, writes
// the files.
int run_sweep(const BenchOptions& b) {
  SweepRequest request;
  request.family = b.family;
  request.variants = split_commas(b.variants);
  const Family* family = find_family(b.family);
  if (!family) {
    std::cerr << "warplens bench: unknown family '" << b.family << "' (" << family_ids_text() << ")\n";
    return 2;
  }
  request.op = family->ops().empty() ? "" : b.op;
  request.type = !b.type.empty() ? b.type : family->types().front();
  request.block = b.block;
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
  TimingSweep sweep;
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
  std::printf("%s, %s %s%s%s, %s input, block %u, median of %d after %d warm-up runs%s; GB/s (%% of the %s)\n",
              sweep.device.c_str(), sweep.family.c_str(), sweep.op.c_str(), sweep.op.empty() ? "" : " ",
              sweep.type.c_str(), sweep.input.c_str(), sweep.block, sweep.repeats, sweep.warmup,
              timing_method(b.timing).c_str(), sweep.roofline.c_str());
  print_sweep(sweep);
  for (const TimingSeries& s : sweep.series)
    for (const TimingPoint& p : s.points)
      if (!p.error.empty()) std::printf("%s: %s\n", s.name.c_str(), p.error.c_str());
  bool wrote = true;
  if (!b.json.empty()) wrote = write_file(b.json, sweep_to_json(sweep)) && wrote;
  if (!b.profile.empty()) wrote = write_file(b.profile, sweep_to_json(sweep)) && wrote;
  if (!b.csv.empty()) wrote = write_file(b.csv, sweep_to_csv(sweep)) && wrote;
  return wrote ? 0 : 1;
}

#if defined(WARPLENS_HAVE_CUDA)
int run_bench(const BenchOptions& b) {
  std::string why;
  if (!gpu_usable(&why)) {
    std::cerr << "warplens bench: needs a GPU (" << why << ")\n";
    return 1;
  }
  RunRequest base;
  base.family = b.family;
  base.op = b.op;
  base.type = b.type.empty() ? "f32" : b.type;
  base.n = b.n;
  base.block = b.block;
  base.sm_count = default_sm_count();
  if (const std::string problem = validate(base); !problem.empty()) {
    std::cerr << "warplens bench: " << problem << "\n";
    return 2;
  }
  nlohmann::json out;
  try {
    const Family& family = *find_family(base.family);
    const std::vector<unsigned char> input = family.make_input(base, Pattern::Random, 12345);
    const int bytes_per = int(value_type_bytes(*parse_value_type(base.type)));
    const double bytes = double(b.n) * bytes_per;
    const ReferenceTiming cub = time_cub_reduce(base, input.data(), b.timing);
    const ReferenceTiming copy{time_device_copy_ms(std::uint64_t(bytes), b.timing), 0};
    const double copy_gbs = 2 * bytes / copy.median_ms / 1e6;  // read + write
    const double cub_gbs = bytes / cub.median_ms / 1e6;
    std::printf("%s %s, n = %llu (%.0f MiB), block %d, median of %d after %d warm-up runs%s\n",
                b.op.c_str(), base.type.c_str(), (unsigned long long)b.n, bytes / (1 << 20), b.block,
                b.timing.repeats, b.timing.warmup, timing_method(b.timing).c_str());
    std::printf("device copy: %.3f ms (%.0f GB/s read+write)   CUB DeviceReduce: %.3f ms (%.0f GB/s, %.0f%% of copy)\n\n",
                copy.median_ms, copy_gbs, cub.median_ms, cub_gbs, 100 * cub_gbs / copy_gbs);
    std::printf("%-22s %9s %8s %9s %8s %6s %10s %9s\n", "variant", "ms", "GB/s", "%copy", "vs CUB", "check",
                "handwrit.", "dialect/");
    std::printf("%-22s %9s %8s %9s %8s %6s %10s %9s\n", "", "", "", "", "(time)", "", "ms", "hand");
    out = {{"n", b.n}, {"op", b.op}, {"type", base.type}, {"block", b.block}, {"repeats", b.timing.repeats},
           {"back_to_back", b.timing.back_to_back},
           {"copy_ms", copy.median_ms}, {"cub_ms", cub.median_ms}, {"variants", nlohmann::json::array()}};
    for (const VariantSummary& info : family.variants()) {
      if (info.pitfall) continue;
      RunRequest r = base;
      r.variant = info.id;
      if (!validate(r).empty()) continue;
      const GpuTime t = family.time_gpu(r, input.data(), b.timing);
      const double gbs = bytes / t.ms / 1e6;
      nlohmann::json row = {{"variant", info.id}, {"ms", t.ms}, {"gbs", gbs},
                            {"vs_cub", t.ms / cub.median_ms}, {"ok", t.ok}};
      std::printf("%-22s %9.3f %8.0f %8.0f%% %7.2fx %6s", info.id.c_str(), t.ms, gbs, 100 * gbs / copy_gbs,
                  t.ms / cub.median_ms, t.ok ? "ok" : "WRONG");
      if (b.op == "sum" && base.type == "f32" && has_handwritten(info.id)) {
        const ReferenceTiming h = time_handwritten(r, reinterpret_cast<const float*>(input.data()), b.timing);
        std::printf(" %10.3f %8.3fx", h.median_ms, t.ms / h.median_ms);
        row["handwritten_ms"] = h.median_ms;
        row["dialect_over_handwritten"] = t.ms / h.median_ms;
      }
      std::printf("\n");
      out["variants"].push_back(row);
    }
    std::printf("\nvs CUB: variant time / CUB time (below 1 beats CUB). dialect/hand: timed dialect build\n"
                "over the same kernel hand-written in plain CUDA (1.00 = no overhead).\n");
  } catch (const std::exception& e) {
    std::cerr << "warplens bench: " << e.what() << "\n";
    return 1;
  }
  if (!b.json_out.empty()) std::ofstream(b.json_out) << out.dump(2) << "\n";
  return 0;
}
#else
int run_bench(const BenchOptions&) {
  std::cerr << "warplens bench: this build has no CUDA backend; rebuild with the CUDA toolkit\n";
  return 1;
}
#endif

}  // namespace

void register_bench_command(CLI::App& app, CommandStatus& status) {
  CLI::App* bench = app.add_subcommand("bench", "Time every variant on the GPU against CUB and a device copy");
  auto b = std::make_shared<BenchOptions>();
  bench->add_option("--n", b->n, "elements: 1048576 or 2^20 (default: larger than L2)")
      ->capture_default_str()
      ->transform(size_text());
  bench->add_option("--op", b->op, "sum, min, max or product")->capture_default_str();
  bench->add_option("--type", b->type, "i32, f32 or f64; by default the family's first");
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
  bench->add_option("--json-out", b->json_out, "also write the numbers as JSON");
  bench->add_option("--sizes", b->sizes, "sweep sizes instead of one n: 2^10..2^28, 2^20, or a list");
  bench->add_option("--variants", b->variants, "with --sizes: variants to time, comma-separated (default: all)");
  bench->add_option("--family", b->family, "with --sizes: the family")->capture_default_str();
  bench->add_option("--pattern", b->pattern, "with --sizes: the input pattern (random, skewed, image, ...)")->capture_default_str();
  bench->add_option("--param", b->params, "with --sizes: a family parameter, name=value (bins=256, skew=90); repeatable");
  bench->add_option("--sweep-param", b->sweep_param,
                    "sweep a family parameter too, name=values (cols=1024,2048,4096 or cols=2^10..2^15): each value "
                    "timed at each size (--sizes, else --n), for the Timing view's plots against it; the options "
                    "marked 'with --sizes' apply");
  bench->add_option("--json", b->json, "with --sizes: write the sweep as JSON (the Timing panel reads it)");
  bench->add_option("--csv", b->csv, "with --sizes: write the sweep as CSV");
  bench->add_option("--save-profile", b->profile,
                    "with --sizes: store the sweep as a profile, e.g. assets/profiles/h100.json");
  // "record" means recording a trace everywhere else (warplens record, --record-blocks): the old
  // spelling of --save-profile still works for one release, with a note.
  bench->add_option("--record", b->profile, "old spelling of --save-profile (works this release)");
  bench->callback([&status, bench, b] {
    status.ran = true;
    if (bench->count("--record") > 0)
      std::cerr << "warplens bench: note: --record is now --save-profile (the old spelling goes in the next release)\n";
    status.exit_code = b->sizes.empty() && b->sweep_param.empty() ? run_bench(*b) : run_sweep(*b);
  });
}

}  // namespace wl::cli
