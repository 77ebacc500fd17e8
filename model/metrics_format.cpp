#include "model/metrics_format.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace wl {
namespace {

using nlohmann::json;

json shared_json(const SharedCounts& c) {
  return {{"requests", c.requests}, {"wavefronts", c.wavefronts}, {"ideal", c.ideal}, {"conflicts", c.conflicts}};
}

json global_json(const GlobalCounts& c) {
  return {{"requests", c.requests}, {"sectors", c.sectors}, {"ideal", c.ideal}};
}

json contention_json(const ContentionCounts& c) {
  const AddressHits& h = c.hottest;
  const json hottest = h.lanes == 0 ? json(nullptr)
                                    : json{{"buffer", h.at.buffer}, {"address", h.at.address},
                                           {"lanes", h.lanes}, {"passes", h.passes}};
  return {{"requests", c.requests}, {"lanes", c.lanes}, {"passes", c.passes}, {"hottest", hottest}};
}

// The contention fields are left out of traces without atomics, whose JSON stays as it was.
json row_json(const StepMetrics& r, bool total, bool atomics) {
  json row = {{"step", total ? json(nullptr) : json(r.step)},
          {"label", r.label},
          {"ops", r.ops},
          {"active_threads", r.active_threads},
          {"warps_active", r.warps_active},
          {"active_lanes", r.active_lanes},
          {"divergent_warps", r.divergent_warps},
          {"lane_utilization", r.lane_utilization},
          {"barriers", r.barriers},
          {"shared_ld", shared_json(r.shared_ld)},
          {"shared_st", shared_json(r.shared_st)},
          {"shared_atom", shared_json(r.shared_atom)},
          {"global_ld", global_json(r.global_ld)},
          {"global_st", global_json(r.global_st)},
          {"global_atom", global_json(r.global_atom)}};
  if (atomics) {
    row["shared_contention"] = contention_json(r.shared_contention);
    row["global_contention"] = contention_json(r.global_contention);
  }
  return row;
}

// A table whose columns sit under group captions; groups are separated by " | ".
class TextTable {
 public:
  void column(std::string group, std::string name) { columns_.push_back({std::move(group), std::move(name)}); }
  void row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  void rule() { rows_.emplace_back(); }  // an empty row prints as a dashed line

  std::string str() const {
    std::vector<std::size_t> width(columns_.size());
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      width[c] = columns_[c].name.size();
      for (const auto& r : rows_)
        if (c < r.size()) width[c] = std::max(width[c], r[c].size());
    }
    // A group is at least as wide as its caption: widen its last column if needed.
    for (std::size_t c = 0; c < columns_.size(); c = group_end(c)) {
      const std::size_t span = group_width(c, width);
      if (span < columns_[c].group.size()) width[group_end(c) - 1] += columns_[c].group.size() - span;
    }

    std::string out;
    for (std::size_t c = 0; c < columns_.size(); c = group_end(c)) {
      if (c > 0) out += " | ";
      out += columns_[c].group + std::string(group_width(c, width) - columns_[c].group.size(), ' ');
    }
    out = trimmed(out);
    std::vector<std::string> names;
    for (const Column& col : columns_) names.push_back(col.name);
    out += cells_line(names, width);
    for (const auto& r : rows_) {
      std::vector<std::string> dashes;
      if (r.empty())
        for (std::size_t w : width) dashes.push_back(std::string(w, '-'));
      out += cells_line(r.empty() ? dashes : r, width);
    }
    return out;
  }

 private:
  struct Column {
    std::string group, name;
  };
  bool starts_group(std::size_t c) const { return c == 0 || columns_[c].group != columns_[c - 1].group; }
  std::size_t group_end(std::size_t c) const {
    std::size_t e = c + 1;
    while (e < columns_.size() && !starts_group(e)) ++e;
    return e;
  }
  std::size_t group_width(std::size_t c, const std::vector<std::size_t>& width) const {
    std::size_t span = 0;
    for (std::size_t k = c; k < group_end(c); ++k) span += width[k] + (k > c ? 2 : 0);
    return span;
  }
  std::string cells_line(const std::vector<std::string>& cells, const std::vector<std::size_t>& width) const {
    std::string out;
    for (std::size_t c = 0; c < columns_.size(); ++c) {
      if (c > 0) out += starts_group(c) ? " | " : "  ";
      const std::string text = c < cells.size() ? cells[c] : std::string();
      const std::string pad(width[c] - std::min(width[c], text.size()), ' ');
      out += c == 0 ? text + pad : pad + text;  // labels left, numbers right
    }
    return trimmed(out);
  }
  static std::string trimmed(std::string s) {
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s + "\n";
  }

  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

std::string percent(double x) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * x);
  return buf;
}

void shared_columns(TextTable& t, const std::string& group) {
  t.column(group, "req");
  t.column(group, "wavefronts");
  t.column(group, "conflicts");
}
void global_columns(TextTable& t, const std::string& group) {
  t.column(group, "req");
  t.column(group, "sectors");
  t.column(group, "ideal");
}
void shared_cells(std::vector<std::string>& cells, const SharedCounts& c) {
  for (std::uint64_t v : {c.requests, c.wavefronts, c.conflicts}) cells.push_back(std::to_string(v));
}
void global_cells(std::vector<std::string>& cells, const GlobalCounts& c) {
  for (std::uint64_t v : {c.requests, c.sectors, c.ideal}) cells.push_back(std::to_string(v));
}

void contention_columns(TextTable& t, const std::string& group) {
  for (const char* name : {"req", "lanes", "passes", "hottest", "hits"}) t.column(group, name);
}
// The hottest address as a byte address; global ones as buffer:offset.
void contention_cells(std::vector<std::string>& cells, const ContentionCounts& c, bool global) {
  for (std::uint64_t v : {c.requests, c.lanes, c.passes}) cells.push_back(std::to_string(v));
  const AddressHits& h = c.hottest;
  const std::string address = (global ? std::to_string(h.at.buffer) + ":" : "") + std::to_string(h.at.address);
  cells.push_back(h.lanes == 0 ? "" : address);
  cells.push_back(h.lanes == 0 ? "" : std::to_string(h.lanes));
}

std::string contention_table(const Metrics& m) {
  TextTable t;
  t.column("", "step");
  contention_columns(t, "shared atomic passes");
  contention_columns(t, "global atomic passes");
  auto add_row = [&](const StepMetrics& r) {
    std::vector<std::string> cells{r.label};
    contention_cells(cells, r.shared_contention, false);
    contention_cells(cells, r.global_contention, true);
    t.row(std::move(cells));
  };
  for (const StepMetrics& r : m.steps) add_row(r);
  t.rule();
  add_row(m.total);
  return t.str();
}

bool has_atomics(const Metrics& m) { return m.total.shared_atom.requests > 0 || m.total.global_atom.requests > 0; }

}  // namespace

json metrics_to_json(const Metrics& m) {
  json steps = json::array();
  const bool atomics = has_atomics(m);
  for (const StepMetrics& r : m.steps) steps.push_back(row_json(r, false, atomics));
  return {{"steps", std::move(steps)},
          {"total", row_json(m.total, true, atomics)},
          {"num_steps", m.num_steps()},
          {"barriers", m.barriers()},
          {"incomplete", m.incomplete}, {"incomplete_where", m.incomplete_where}};
}

std::string format_metrics_table(const Metrics& m) {
  const bool atomics = has_atomics(m);
  TextTable t;
  for (const char* name : {"step", "ops", "threads", "warps", "divergent", "lanes", "barriers"}) t.column("", name);
  shared_columns(t, "shared loads");
  shared_columns(t, "shared stores");
  if (atomics) shared_columns(t, "shared atomics");
  global_columns(t, "global loads");
  global_columns(t, "global stores");
  if (atomics) global_columns(t, "global atomics");

  auto add_row = [&](const StepMetrics& r) {
    std::vector<std::string> cells{r.label};
    for (std::uint64_t v : {r.ops, r.active_threads, r.warps_active, r.divergent_warps}) cells.push_back(std::to_string(v));
    cells.push_back(percent(r.lane_utilization));
    cells.push_back(std::to_string(r.barriers));
    shared_cells(cells, r.shared_ld);
    shared_cells(cells, r.shared_st);
    if (atomics) shared_cells(cells, r.shared_atom);
    global_cells(cells, r.global_ld);
    global_cells(cells, r.global_st);
    if (atomics) global_cells(cells, r.global_atom);
    t.row(std::move(cells));
  };
  for (const StepMetrics& r : m.steps) add_row(r);
  t.rule();
  add_row(m.total);

  std::string out;
  if (m.incomplete)
    out += "warning: the trace hit its event cap (" + m.incomplete_where + "); these counts cover only the recorded events\n";
  out += t.str();
  // Same-address serialisation gets its own table below, so the one above keeps its layout.
  if (atomics) out += "\n" + contention_table(m);
  return out;
}

json peer_traffic_to_json(const PeerTraffic& traffic) {
  json ranks = json::array();
  for (unsigned r = 0; r < traffic.total.ranks; ++r) {
    json steps = json::array();
    for (const auto& [step, bytes] : traffic.steps)
      steps.push_back({{"step", step_name(step)}, {"peer_read_bytes", bytes.read_by(r)},
                       {"peer_write_bytes", bytes.written_by(r)}});
    ranks.push_back({{"rank", r}, {"peer_read_bytes", traffic.total.read_by(r)},
                     {"peer_write_bytes", traffic.total.written_by(r)}, {"steps", std::move(steps)}});
  }
  return ranks;
}

}  // namespace wl
