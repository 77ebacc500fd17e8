#include "model/views/dataflow_layout.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "model/views/shared_names.h"

namespace wl {
namespace {

// Space first (global, shared, register), then buffer id, then element / slot / thread.
using ColumnKey = std::tuple<DataflowSpace, BufferId, std::uint32_t>;
using RowKey = std::pair<std::uint16_t, StepId>;

constexpr float kGroupGap = 1.0f;    // between column groups
constexpr float kLaunchGap = 0.5f;   // between the rows of two launches
constexpr float kMaxRowHeight = 4.0f;

// Shared slots fold onto LaunchRecord::shared_columns columns when the launch asks for it.
ColumnKey column_key(const DataflowNode& n, const TraceMeta& meta) {
  if (n.space == DataflowSpace::Shared && n.launch < meta.launches.size() && meta.launches[n.launch].shared_columns)
    return {n.space, n.buffer, n.index % meta.launches[n.launch].shared_columns};
  return {n.space, n.buffer, n.index};
}

std::string group_label(const TraceMeta& meta, DataflowSpace space, BufferId buffer) {
  switch (space) {
    case DataflowSpace::Global: {
      const BufferRecord* b = meta.buffer(buffer);
      return b ? b->name : "buffer " + std::to_string(buffer);
    }
    case DataflowSpace::Shared:  // a kernel with one named array: its name ("XY 0-1023")
      return meta.shared_arrays.size() == 1 ? meta.shared_arrays.front().name : "shared";
    case DataflowSpace::Register: return "registers";
  }
  return {};
}

// Global elements the block's threads loaded, stored or combined into, in any launch, sorted
// and unique (buffer << 32 | element). A canonical trace is searched a launch at a time for
// the block's events; the layout is rebuilt on the UI thread whenever a block is chosen.
std::vector<std::uint64_t> touched_globals(const Trace& run, std::uint32_t block) {
  std::vector<std::uint64_t> out;
  auto add = [&](const Event& e) {
    if (e.block != block) return;
    if (e.op != OpKind::GlobalLoad && e.op != OpKind::GlobalStore && e.op != OpKind::GlobalAtomic) return;
    const ElementSpan span = accessed_elements(e, run.meta);
    for (std::uint32_t k = 0; k < span.count; ++k) out.push_back(std::uint64_t(e.buffer) << 32 | (span.first + k));
  };
  const std::vector<Event>& ev = run.events;
  if (is_canonical(ev)) {
    for (auto at = ev.begin(); at != ev.end();) {
      const std::uint16_t launch = at->launch;
      const auto from = std::lower_bound(at, ev.end(), std::make_pair(launch, block), [](const Event& e, auto key) {
        return std::make_pair(e.launch, e.block) < key;
      });
      auto to = from;
      for (; to != ev.end() && to->launch == launch && to->block == block; ++to) add(*to);
      at = std::upper_bound(to, ev.end(), launch, [](std::uint16_t l, const Event& e) { return l < e.launch; });
    }
  } else {
    for (const Event& e : ev) add(e);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

std::string location_name(const DataflowNode& n, const TraceMeta& meta) {
  switch (n.space) {
    case DataflowSpace::Global: return group_label(meta, n.space, n.buffer) + "[" + std::to_string(n.index) + "]";
    case DataflowSpace::Shared: return shared_slot_name(meta, n.index);  // a slot of the run's type (dataflow.h)
    case DataflowSpace::Register: return "thread " + std::to_string(n.index) + "'s register";
  }
  return {};
}

int DataflowLayout::row_of(std::uint16_t launch, StepId step) const {
  for (std::size_t r = 0; r < rows.size(); ++r)
    if (rows[r].launch == launch && rows[r].step == step) return int(r);
  return -1;
}

DataflowLayout layout_dataflow(const DataflowGraph& graph, const Trace& run, std::uint32_t block,
                               std::size_t max_nodes) {
  DataflowLayout out;
  out.block = block;
  const auto touched = touched_globals(run, block);
  auto shown = [&](const DataflowNode& n) {
    if (n.space == DataflowSpace::Global)
      return std::binary_search(touched.begin(), touched.end(), std::uint64_t(n.buffer) << 32 | n.index);
    return n.block == block;
  };

  std::vector<std::uint32_t> kept;  // graph nodes, in graph (run) order
  for (std::uint32_t i = 0; i < graph.nodes.size(); ++i) {
    if (!shown(graph.nodes[i])) continue;
    ++out.node_total;
    kept.push_back(i);
  }
  if (kept.size() > max_nodes) {
    // More than it draws: every value written (what combines and copies made) first, then what
    // they read, then the rest, each in run order. Capped by run order instead, a block that
    // loads many values before its tree starts (CUB's reduce: 4096) would show loads alone.
    std::vector<std::uint8_t> rank(graph.nodes.size(), 2);
    for (std::uint32_t i : kept) {
      const auto [first, last] = graph.edges_into(i);
      if (first == last) continue;
      rank[i] = 0;
      for (const DataflowEdge* e = first; e != last; ++e) rank[e->from] = std::min<std::uint8_t>(rank[e->from], 1);
    }
    std::stable_sort(kept.begin(), kept.end(), [&](std::uint32_t a, std::uint32_t b) { return rank[a] < rank[b]; });
    kept.resize(max_nodes);
    std::sort(kept.begin(), kept.end());
  }
  out.truncated = out.node_total > kept.size();
  if (kept.empty()) return out;

  // Rows and columns, numbered in order.
  std::map<RowKey, std::uint32_t> row_of;
  std::map<ColumnKey, std::uint32_t> column_of;
  for (std::uint32_t i : kept) {
    const DataflowNode& n = graph.nodes[i];
    row_of.emplace(RowKey{n.launch, n.step}, 0);
    column_of.emplace(column_key(n, run.meta), 0);
  }
  for (auto& [key, index] : row_of) {
    index = std::uint32_t(out.rows.size());
    DataflowRow row;
    row.launch = key.first;
    row.step = key.second;
    row.label = launch_name(run.meta, key.first) + " \u00b7 " + step_label(run.meta, key.second);
    if (key.first < run.meta.launches.size()) row.launch_name = run.meta.launches[key.first].name;
    out.rows.push_back(row);
  }
  float x = 0.0f;
  for (auto& [key, index] : column_of) {
    const auto [space, buffer, element] = key;
    if (out.groups.empty() || out.groups.back().space != space || out.groups.back().buffer != buffer) {
      if (!out.groups.empty()) {
        out.groups.back().right = x;
        x += kGroupGap;
      }
      DataflowColumnGroup g;
      g.space = space;
      g.buffer = buffer;
      g.label = group_label(run.meta, space, buffer);
      for (const LaunchRecord& l : run.meta.launches)
        if (space == DataflowSpace::Shared && l.shared_columns) {  // say the columns are folded
          g.label += " (slot % " + std::to_string(l.shared_columns) + ")";
          break;
        }
      g.first_column = std::uint32_t(out.columns.size());
      g.left = x;
      out.groups.push_back(g);
    }
    index = std::uint32_t(out.columns.size());
    out.columns.push_back({space, buffer, element, std::uint32_t(out.groups.size() - 1), x + 0.5f});
    ++out.groups.back().column_count;
    x += 1.0f;
  }
  out.groups.back().right = x;
  out.width = x;

  // Nodes, each a level below the same-row nodes it came from.
  std::vector<std::uint32_t> layout_index(graph.nodes.size(), kNoDataflowNode);
  for (std::uint32_t i : kept) {
    const DataflowNode& n = graph.nodes[i];
    DataflowLayoutNode ln;
    ln.node = i;
    ln.row = row_of[{n.launch, n.step}];
    ln.column = column_of[column_key(n, run.meta)];
    auto [first, last] = graph.edges_into(i);
    for (const DataflowEdge* e = first; e != last; ++e) {
      const std::uint32_t from = layout_index[e->from];
      if (from != kNoDataflowNode && out.nodes[from].row == ln.row) ln.level = std::max(ln.level, out.nodes[from].level + 1);
    }
    out.rows[ln.row].levels = std::max(out.rows[ln.row].levels, ln.level + 1);
    layout_index[i] = std::uint32_t(out.nodes.size());
    out.nodes.push_back(ln);
  }

  float top = 0.0f;
  for (std::size_t r = 0; r < out.rows.size(); ++r) {
    DataflowRow& row = out.rows[r];
    if (r > 0 && row.launch != out.rows[r - 1].launch) top += kLaunchGap;
    row.top = top;
    row.height = std::min(1.0f + 0.5f * float(row.levels - 1), kMaxRowHeight);
    top += row.height;
  }
  out.height = top;
  for (DataflowLayoutNode& ln : out.nodes) {
    ln.x = out.columns[ln.column].x;
    ln.y = out.rows[ln.row].top + (float(ln.level) + 0.5f) * out.level_height(ln.row);
  }

  for (std::uint32_t to = 0; to < out.nodes.size(); ++to) {
    auto [first, last] = graph.edges_into(out.nodes[to].node);
    for (const DataflowEdge* e = first; e != last; ++e)
      if (layout_index[e->from] != kNoDataflowNode) out.edges.push_back({layout_index[e->from], to, e->thread, e->kind, e->racy});
  }
  return out;
}

}  // namespace wl
