#include "run/gpu_sweep.h"

#include <ctime>
#include <stdexcept>

#include "run/backend_run.h"
#include "kernels/gpu/gpu_error.h"
#if defined(WARPLENS_HAVE_CUDA)
#include "kernels/device/device_info.h"
#include "kernels/gpu/gpu_measure.h"
#endif

namespace wl {

std::vector<SweepStep> sweep_steps(const SweepRequest& request) {
  std::vector<SweepStep> steps;
  const std::vector<std::uint64_t> values =
      request.swept_param.empty() ? std::vector<std::uint64_t>{0} : request.param_values;
  for (std::uint64_t value : values)
    for (std::uint64_t n : request.sizes) steps.push_back({value, n});
  return steps;
}

RunRequest step_request(const SweepRequest& request, const SweepStep& step, const std::string& variant) {
  RunRequest r;
  r.family = request.family;
  r.variant = variant;
  r.op = request.op;
  r.type = request.type;
  r.block = request.block;
  r.n = step.n;
  r.params = request.params;
  if (!request.swept_param.empty()) r.params[request.swept_param] = step.param;
  r.sm_count = default_sm_count();
  return r;
}

std::string handwritten_series(const std::string& variant) { return variant + " (plain CUDA)"; }

#if defined(WARPLENS_HAVE_CUDA)
namespace {

std::string today() {
  const std::time_t now = std::time(nullptr);
  char day[16];
  std::strftime(day, sizeof day, "%Y-%m-%d", std::gmtime(&now));
  return day;
}

std::string size_name(std::uint64_t n) {
  for (unsigned k = 0; k < 64; ++k)
    if (n == std::uint64_t(1) << k) return "2^" + std::to_string(k);
  return std::to_string(n);
}

std::string mib(double bytes) { return std::to_string(std::uint64_t(bytes / (1 << 20))) + " MiB"; }

// What a timed run holds on the GPU at most, from the bytes it moves (at least the input's): the
// input (rotated copies stay under twice the L2 for inputs that fit it) and an output, or the
// copy's two buffers, and a margin for partials and CUB's scratch.
double bytes_needed(double input_bytes) { return 2 * input_bytes + (64 << 20); }

TimingSeries& series(TimingSweep& sweep, const std::string& name, SeriesKind kind) {
  for (TimingSeries& s : sweep.series)
    if (s.name == name) return s;
  sweep.series.push_back({name, kind, {}});
  return sweep.series.back();
}

}  // namespace

TimingSweep sweep_gpu(const SweepRequest& request, const SweepProgress& progress, const std::atomic<bool>& cancel) {
  std::string why;
  if (!gpu_usable(&why)) throw GpuError(why);
  const Family* family = find_family(request.family);
  if (!family) throw std::invalid_argument("unknown family '" + request.family + "' (" + family_ids_text() + ")");
  std::vector<std::string> variants = request.variants;
  if (variants.empty())
    for (const VariantSummary& v : family->variants())
      if (!v.pitfall) variants.push_back(v.id);

  TimingSweep sweep;
  sweep.device = query_device().name;
  sweep.date = today();
  sweep.family = request.family;
  sweep.op = request.op;
  sweep.type = request.type;
  sweep.input = pattern_names()[std::size_t(request.pattern)];
  for (const auto& [name, value] : request.params)  // the parameters held fixed
    if (name != request.swept_param) sweep.input += ", " + name + "=" + std::to_string(value);
  sweep.swept_param = request.swept_param;
  sweep.block = request.block;
  sweep.warmup = request.timing.warmup;
  sweep.repeats = request.timing.repeats;
  sweep.back_to_back = request.timing.back_to_back;
  if (const std::string roofline = family->roofline_name(); !roofline.empty()) sweep.roofline = roofline;
  const std::vector<SweepStep> steps = sweep_steps(request);
  const std::size_t total = steps.size() * (variants.size() + 2 + (sweep.roofline != kCopySeries));
  std::size_t done = 0;
  auto report = [&](const std::string& what) {
    ++done;
    if (progress) progress(done, total, what);
  };

  for (const SweepStep& step : steps) {
    if (cancel) break;
    const std::uint64_t n = step.n;
    const RunRequest base = step_request(request, step, variants.empty() ? std::string() : variants.front());
    TimingPoint at;  // where this step's points lie, to name them
    at.n = n;
    at.param = step.param;
    const std::string where = point_label(sweep, at);
    const double bytes = family->bytes_moved(base);
    const GpuMemory memory = gpu_memory();
    std::string skip;
    if (bytes_needed(bytes) > double(memory.free_bytes))
      skip = size_name(n) + " needs about " + mib(bytes_needed(bytes)) + "; the GPU has " + mib(double(memory.free_bytes)) + " free";
    std::vector<unsigned char> input;
    if (skip.empty()) input = family->make_input(base, request.pattern, 12345);

    // Runs one timing at this size; a failure becomes the point's error, and the sweep goes on.
    auto measure = [&](const std::string& name, SeriesKind kind, double point_bytes, auto&& time) {
      TimingPoint p = at;
      p.bytes = point_bytes;
      p.error = skip;
      if (p.error.empty()) {
        try {
          const GpuTime t = time();
          p.ms = t.ms;
          p.ok = t.ok;
          if (t.ms <= 0) p.error = "not timed: " + request.family + " has no such call";
        } catch (const std::exception& e) {
          p.error = where + ": " + e.what();
        }
      }
      series(sweep, name, kind).points.push_back(p);
      report(name + " at " + where);
    };
    // The copy copies the input (n elements of the type), whatever the family: its time is
    // then the least a kernel reading the input and writing as much can take (a scan's very
    // traffic), and a reduction reads half of what it moves.
    const double input_bytes = family->Family::bytes_moved(base);
    measure(kCopySeries, SeriesKind::Reference, 2 * input_bytes, [&] {
      return GpuTime{time_device_copy_ms(std::uint64_t(input_bytes), request.timing), true};
    });
    // A family's own roofline moves n elements once: from one GPU to another, for the all-reduce,
    // so that its GB/s is the link's, as busbw is.
    if (sweep.roofline != kCopySeries)
      measure(sweep.roofline, SeriesKind::Reference, input_bytes,
              [&] { return family->time_roofline(base, request.timing); });
    measure(family->library_name(), SeriesKind::Reference, bytes,
            [&] { return family->time_library(base, input.data(), request.timing); });
    for (const std::string& id : variants) {
      if (cancel) break;
      RunRequest r = base;
      r.variant = id;
      const std::string problem = validate(r);
      measure(id, SeriesKind::Variant, bytes, [&] {
        if (!problem.empty()) throw std::invalid_argument(problem);
        return family->time_gpu(r, input.data(), request.timing);
      });
      if (request.handwritten && problem.empty() && skip.empty()) {
        // Only where the family has the kernel: no series of errors for the others.
        TimingPoint p = at;
        p.bytes = bytes;
        try {
          const GpuTime t = family->time_handwritten(r, input.data(), request.timing);
          p.ms = t.ms;
          p.ok = t.ok;
        } catch (const std::exception& e) {
          p.error = where + ": " + e.what();
        }
        if (p.ms > 0 || !p.error.empty()) series(sweep, handwritten_series(id), SeriesKind::Reference).points.push_back(p);
      }
    }
  }
  return sweep;
}

#else

TimingSweep sweep_gpu(const SweepRequest&, const SweepProgress&, const std::atomic<bool>&) {
  throw GpuError("this build has no CUDA backend");
}

#endif

}  // namespace wl
