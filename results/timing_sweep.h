// A timing sweep: the median time of each series (a family's variants, and the reference lines
// CUB and the device copy) at each size, as `warplens bench --sizes` measures it on the GPU and
// the Timing panel draws it; or at each (value of one family parameter, size), as `bench
// --sweep-param cols=...` measures it, for a plot against that parameter. Family-neutral: a
// series is a name and its points. Saved as JSON (a recorded profile, assets/profiles/) and as
// CSV. No CUDA, no GL.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wl {

inline constexpr const char* kCopySeries = "device copy";  // cudaMemcpy of the input, device to device
inline constexpr const char* kCubSeries = "CUB";           // cub::DeviceReduce (or the family's CUB call)

struct TimingPoint {
  std::uint64_t n = 0;
  double ms = 0;       // one run's time: the median of the timed samples, CUDA events
  double bytes = 0;    // bytes moved at this n, as the family counts them (a scan: read + write)
  bool ok = true;      // the result matched the CPU reference
  std::string error;   // not measured: the size did not fit, or CUDA failed (ms is then 0)
  std::uint64_t param = 0;  // the swept parameter's value here (TimingSweep::swept_param); 0 against n

  bool measured() const { return error.empty() && ms > 0; }
  double gbs() const { return measured() ? bytes / ms / 1e6 : 0; }
};

enum class SeriesKind : std::uint8_t { Variant, Reference };

struct TimingSeries {
  std::string name;  // a variant id, or kCubSeries / kCopySeries
  SeriesKind kind = SeriesKind::Variant;
  std::vector<TimingPoint> points;  // ascending (param, n)

  // The point at n (and, in a sweep over a parameter, at its value `param`); nullptr when none.
  const TimingPoint* at(std::uint64_t n, std::uint64_t param = 0) const;
};

struct TimingSweep {
  std::string device;  // the GPU's name, as CUDA reports it
  std::string date;    // the day it ran, YYYY-MM-DD
  std::string family;  // the family swept
  std::string op, type;
  std::string input = "random";  // the input pattern, and the family's parameters: "skewed, bins=256, skew=90"
  unsigned block = 0;
  int warmup = 0, repeats = 0;
  int back_to_back = 1;  // runs a sample queued between its events (kernels/gpu/timing_plan.h)
  std::string roofline = kCopySeries;  // the reference series shares are of: the device copy, or the family's own
  // The family parameter each size was also timed at several values of ("cols"; each point's
  // `param`); empty: a sweep against n alone. `input` lists the parameters held fixed.
  std::string swept_param;
  std::vector<TimingSeries> series;

  const TimingSeries* find(std::string_view name) const;
  std::vector<std::uint64_t> sizes() const;         // every n of any series, ascending
  std::vector<std::uint64_t> param_values() const;  // every value of the swept parameter, ascending
  bool against_param() const { return !swept_param.empty(); }
  std::string axis_name() const { return against_param() ? swept_param : "n"; }  // what plots run along
};

// Names a point as the sweep's errors do: "2^20", or "cols=4096 at 2^26" in a sweep over a parameter.
std::string point_label(const TimingSweep& sweep, const TimingPoint& point);

// A series' bandwidth at (n, param) as a percentage of the roofline's (TimingSweep::roofline) at
// the same point; empty when either was not measured there.
std::optional<double> percent_of_copy(const TimingSweep& sweep, const TimingSeries& series, std::uint64_t n,
                                      std::uint64_t param = 0);

// JSON: {"format": "warplens-timing-sweep", "version": 1, device, date, ..., series: [...]}; a
// sweep over a parameter is version 2, with "swept_param" and each point's "param". Both are read.
std::string sweep_to_json(const TimingSweep& sweep);
// Throws std::runtime_error with a message that names the problem, for a corrupt file or one
// that is not a sweep.
TimingSweep sweep_from_json(std::string_view text);
TimingSweep load_sweep(const std::string& path);  // throws std::runtime_error, naming the path
void save_sweep(const TimingSweep& sweep, const std::string& path);

// CSV, one row per point: series,kind,n,ms,gbs,percent_of_copy,ok,error; a sweep over a
// parameter has a column named after it before n (series,kind,cols,n,...).
std::string sweep_to_csv(const TimingSweep& sweep);

// The ladder: series in the given order at one point (n, and the swept parameter's value), each
// with its speedup over the step before and over the first. Series not measured there are left out.
struct LadderStep {
  std::string name;
  double ms = 0;
  double step_speedup = 1;        // previous step's time / this time
  double cumulative_speedup = 1;  // first step's time / this time
};
std::vector<LadderStep> ladder(const TimingSweep& sweep, const std::vector<std::string>& order, std::uint64_t n,
                               std::uint64_t param = 0);

}  // namespace wl
