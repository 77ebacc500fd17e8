#include "results/timing_sweep.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <type_traits>

namespace wl {
namespace {

constexpr const char* kFormat = "warplens-timing-sweep";
// Version 2 adds the parameter axis ("swept_param", each point's "param"). A sweep against n is
// still written as version 1, which builds from before the axis read; one over a parameter is
// version 2, which they refuse by its number instead of drawing its points against n.
constexpr int kVersionAgainstN = 1, kVersionAgainstParam = 2;

const char* kind_name(SeriesKind k) { return k == SeriesKind::Reference ? "reference" : "variant"; }

nlohmann::json point_json(const TimingSweep& sweep, const TimingPoint& p) {
  nlohmann::json j = {{"n", p.n}, {"ms", p.ms}, {"bytes", p.bytes}, {"ok", p.ok}};
  if (sweep.against_param()) j["param"] = p.param;
  if (!p.error.empty()) j["error"] = p.error;
  return j;
}

// Reads a field, naming it when it is missing or of the wrong type.
template <class T>
T field(const nlohmann::json& j, const char* name, const std::string& where) {
  if (!j.is_object() || !j.contains(name)) throw std::runtime_error(where + ": missing \"" + name + "\"");
  const nlohmann::json& v = j.at(name);
  const auto wrong = [&](const char* why) { return std::runtime_error(where + ": \"" + name + "\" " + why); };
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    // nlohmann would cast a float (2e64) or a negative number to T: undefined behaviour, found
    // by tools/fuzz.sh (profile). Only whole numbers that fit are taken.
    if (!v.is_number_integer()) throw wrong("is not a whole number");
    const bool fits = v.is_number_unsigned()
                          ? v.get<std::uint64_t>() <= std::uint64_t(std::numeric_limits<T>::max())
                          : v.get<std::int64_t>() >= std::int64_t(std::numeric_limits<T>::min()) &&
                                (v.get<std::int64_t>() < 0 ||
                                 std::uint64_t(v.get<std::int64_t>()) <= std::uint64_t(std::numeric_limits<T>::max()));
    if (!fits) throw wrong("is out of range");
    return v.is_number_unsigned() ? T(v.get<std::uint64_t>()) : T(v.get<std::int64_t>());
  } else if constexpr (std::is_floating_point_v<T>) {
    if (!v.is_number()) throw wrong("is not a number");
    return v.get<T>();
  } else {
    try {
      return v.get<T>();
    } catch (const nlohmann::json::exception&) {
      throw wrong("has the wrong type");
    }
  }
}

TimingPoint point_from(const nlohmann::json& j, bool against_param, const std::string& where) {
  TimingPoint p;
  p.n = field<std::uint64_t>(j, "n", where);
  if (against_param) p.param = field<std::uint64_t>(j, "param", where);
  p.ms = field<double>(j, "ms", where);
  p.bytes = field<double>(j, "bytes", where);
  p.ok = field<bool>(j, "ok", where);
  if (j.contains("error")) p.error = field<std::string>(j, "error", where);
  if (!std::isfinite(p.ms) || p.ms < 0 || !std::isfinite(p.bytes) || p.bytes < 0)
    throw std::runtime_error(where + ": a time or byte count is negative or not a number");
  return p;
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string size_name(std::uint64_t n) {
  if (n && (n & (n - 1)) == 0) {
    int k = 0;
    while ((std::uint64_t(1) << k) != n) ++k;
    return "2^" + std::to_string(k);
  }
  return std::to_string(n);
}

}  // namespace

const TimingPoint* TimingSeries::at(std::uint64_t n, std::uint64_t param) const {
  for (const TimingPoint& p : points)
    if (p.n == n && p.param == param) return &p;
  return nullptr;
}

const TimingSeries* TimingSweep::find(std::string_view name) const {
  for (const TimingSeries& s : series)
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<std::uint64_t> TimingSweep::sizes() const {
  std::vector<std::uint64_t> out;
  for (const TimingSeries& s : series)
    for (const TimingPoint& p : s.points) out.push_back(p.n);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<std::uint64_t> TimingSweep::param_values() const {
  std::vector<std::uint64_t> out;
  if (!against_param()) return out;
  for (const TimingSeries& s : series)
    for (const TimingPoint& p : s.points) out.push_back(p.param);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string point_label(const TimingSweep& sweep, const TimingPoint& point) {
  if (!sweep.against_param()) return size_name(point.n);
  return sweep.swept_param + "=" + std::to_string(point.param) + " at " + size_name(point.n);
}

std::optional<double> percent_of_copy(const TimingSweep& sweep, const TimingSeries& series, std::uint64_t n,
                                      std::uint64_t param) {
  const TimingSeries* copy = sweep.find(sweep.roofline);
  const TimingPoint* p = series.at(n, param);
  const TimingPoint* c = copy ? copy->at(n, param) : nullptr;
  if (!p || !c || !p->measured() || !c->measured()) return std::nullopt;
  return 100 * p->gbs() / c->gbs();
}

std::string sweep_to_json(const TimingSweep& sweep) {
  const int version = sweep.against_param() ? kVersionAgainstParam : kVersionAgainstN;
  nlohmann::json j = {{"format", kFormat},          {"version", version},      {"device", sweep.device},
                      {"date", sweep.date},         {"family", sweep.family},  {"op", sweep.op},
                      {"type", sweep.type},         {"input", sweep.input},    {"block", sweep.block},
                      {"warmup", sweep.warmup},
                      {"repeats", sweep.repeats},   {"back_to_back", sweep.back_to_back},
                      {"roofline", sweep.roofline},
                      {"series", nlohmann::json::array()}};
  if (sweep.against_param()) j["swept_param"] = sweep.swept_param;
  for (const TimingSeries& s : sweep.series) {
    nlohmann::json points = nlohmann::json::array();
    for (const TimingPoint& p : s.points) points.push_back(point_json(sweep, p));
    j["series"].push_back({{"name", s.name}, {"kind", kind_name(s.kind)}, {"points", points}});
  }
  return j.dump(1) + "\n";
}

TimingSweep sweep_from_json(std::string_view text) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    throw std::runtime_error(std::string("not JSON (") + e.what() + ")");
  }
  if (!j.is_object() || !j.contains("format") || j["format"] != kFormat)
    throw std::runtime_error("not a WarpLens timing sweep");
  const int version = field<int>(j, "version", "sweep");
  if (version != kVersionAgainstN && version != kVersionAgainstParam)
    throw std::runtime_error("timing sweep version " + std::to_string(version) + " (this build reads " +
                             std::to_string(kVersionAgainstN) + " and " + std::to_string(kVersionAgainstParam) + ")");
  TimingSweep sweep;
  if (version == kVersionAgainstParam) {
    sweep.swept_param = field<std::string>(j, "swept_param", "sweep");
    if (sweep.swept_param.empty()) throw std::runtime_error("sweep: \"swept_param\" is empty");
  }
  sweep.device = field<std::string>(j, "device", "sweep");
  sweep.date = field<std::string>(j, "date", "sweep");
  sweep.family = field<std::string>(j, "family", "sweep");
  sweep.op = field<std::string>(j, "op", "sweep");
  sweep.type = field<std::string>(j, "type", "sweep");
  // Profiles recorded before it was written were random.
  sweep.input = j.contains("input") ? field<std::string>(j, "input", "sweep") : "random";
  sweep.block = field<unsigned>(j, "block", "sweep");
  sweep.warmup = field<int>(j, "warmup", "sweep");
  sweep.repeats = field<int>(j, "repeats", "sweep");
  // Profiles recorded before it was written timed each run alone.
  sweep.back_to_back = j.contains("back_to_back") ? field<int>(j, "back_to_back", "sweep") : 1;
  if (sweep.back_to_back < 1) throw std::runtime_error("sweep: \"back_to_back\" is less than 1");
  // Profiles recorded before it was written were bounded by the device copy.
  sweep.roofline = j.contains("roofline") ? field<std::string>(j, "roofline", "sweep") : kCopySeries;
  const nlohmann::json series = field<nlohmann::json>(j, "series", "sweep");
  if (!series.is_array()) throw std::runtime_error("sweep: \"series\" is not a list");
  for (const nlohmann::json& s : series) {
    TimingSeries out;
    out.name = field<std::string>(s, "name", "series");
    const std::string where = "series '" + out.name + "'";
    const std::string kind = field<std::string>(s, "kind", where);
    if (kind != "variant" && kind != "reference") throw std::runtime_error(where + ": unknown kind '" + kind + "'");
    out.kind = kind == "reference" ? SeriesKind::Reference : SeriesKind::Variant;
    const nlohmann::json points = field<nlohmann::json>(s, "points", where);
    if (!points.is_array()) throw std::runtime_error(where + ": \"points\" is not a list");
    for (const nlohmann::json& p : points) out.points.push_back(point_from(p, sweep.against_param(), where));
    std::sort(out.points.begin(), out.points.end(), [](const TimingPoint& a, const TimingPoint& b) {
      return a.param != b.param ? a.param < b.param : a.n < b.n;
    });
    sweep.series.push_back(std::move(out));
  }
  return sweep;
}

TimingSweep load_sweep(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::stringstream text;
  text << in.rdbuf();
  try {
    return sweep_from_json(text.str());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

void save_sweep(const TimingSweep& sweep, const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  out << sweep_to_json(sweep);
  if (!out) throw std::runtime_error(path + ": cannot write");
}

std::string sweep_to_csv(const TimingSweep& sweep) {
  const std::string param_column = sweep.against_param() ? csv_field(sweep.swept_param) + "," : "";
  std::string csv = "series,kind," + param_column + "n,ms,gbs,percent_of_copy,ok,error\n";
  for (const TimingSeries& s : sweep.series)
    for (const TimingPoint& p : s.points) {
      const std::optional<double> pct = percent_of_copy(sweep, s, p.n, p.param);
      csv += csv_field(s.name) + "," + kind_name(s.kind) + "," +
             (sweep.against_param() ? std::to_string(p.param) + "," : "") + std::to_string(p.n) + "," +
             (p.measured() ? number(p.ms) : "") + "," + (p.measured() ? number(p.gbs()) : "") + "," +
             (pct ? number(*pct) : "") + "," + (p.ok ? "1" : "0") + "," + csv_field(p.error) + "\n";
    }
  return csv;
}

std::vector<LadderStep> ladder(const TimingSweep& sweep, const std::vector<std::string>& order, std::uint64_t n,
                               std::uint64_t param) {
  std::vector<LadderStep> steps;
  for (const std::string& name : order) {
    const TimingSeries* s = sweep.find(name);
    const TimingPoint* p = s ? s->at(n, param) : nullptr;
    if (!p || !p->measured()) continue;
    LadderStep step;
    step.name = name;
    step.ms = p->ms;
    if (!steps.empty()) {
      step.step_speedup = steps.back().ms / p->ms;
      step.cumulative_speedup = steps.front().ms / p->ms;
    }
    steps.push_back(step);
  }
  return steps;
}

}  // namespace wl
