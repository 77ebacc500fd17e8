#include "model/views/row_threads.h"

#include <algorithm>
#include <tuple>

#include "core/row_norms.h"
#include "model/global_sectors.h"
#include "model/views/trace_views.h"
#include "model/views/view_registry.h"

namespace wl {
namespace {

unsigned element_bytes(const std::string& type) { return type.size() == 3 && type.substr(1) == "64" ? 8 : 4; }

// A thread's load followed at once by its store of the same bits to shared memory: staged there.
bool staged_in_shared(const Event& load, const Event* next) {
  return next && next->block == load.block && next->thread == load.thread && next->op == OpKind::SharedStore &&
         next->size == load.size && next->value[0] == load.value[0] && next->value[1] == load.value[1];
}

unsigned distinct(std::vector<std::uint64_t>& keys) {
  std::sort(keys.begin(), keys.end());
  return unsigned(std::unique(keys.begin(), keys.end()) - keys.begin());
}

}  // namespace

RowThreads build_row_threads(const Trace& launch, const std::vector<WarpRequest>& requests) {
  RowThreads m;
  const TraceMeta& meta = launch.meta;
  const BufferRecord* input = nullptr;
  for (const BufferRecord& b : meta.buffers)
    if (b.name == "input") input = &b;
  if (!input) {
    m.note = "This view maps a row-wise kernel's matrix (the rows family) onto its threads; this trace read no "
             "buffer named \"input\".";
    return m;
  }
  const auto cols = meta.params.find("cols");
  m.cols = cols == meta.params.end() ? kDefaultRowCols : cols->second;
  if (m.cols == 0 || meta.n % m.cols != 0) {
    m.note = "The trace's n = " + std::to_string(meta.n) + " is not a whole number of rows of cols = " +
             std::to_string(m.cols) + ", so its elements have no row and column.";
    return m;
  }
  m.rows = meta.n / m.cols;
  m.block_dim = meta.block_dim;
  m.grid_dim = meta.grid_dim;
  if (!meta.launches.empty()) m.launch = meta.launches.front().name;
  const unsigned bytes = element_bytes(input->type);

  // Each thread's events in its own order, so a load's next operation is the one after it.
  std::vector<const Event*> order;
  order.reserve(launch.events.size());
  for (const Event& e : launch.events) order.push_back(&e);
  std::sort(order.begin(), order.end(), [](const Event* a, const Event* b) {
    return std::tie(a->block, a->thread, a->seq) < std::tie(b->block, b->thread, b->seq);
  });
  std::vector<ElementOwner> loads;  // every element each load read, in the threads' order
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Event& e = *order[i];
    if (e.op != OpKind::GlobalLoad || e.buffer != input->id) continue;
    const bool shared = staged_in_shared(e, i + 1 < order.size() ? order[i + 1] : nullptr);
    for (unsigned k = 0; k < std::max(1u, e.size / bytes); ++k) {
      const std::uint64_t element = e.address / bytes + k;
      if (element < meta.n) loads.push_back({element, e.block, e.thread, shared});
    }
  }
  // The first load of an element owns it (stable: the lowest block and thread, then its first).
  std::stable_sort(loads.begin(), loads.end(),
                   [](const ElementOwner& a, const ElementOwner& b) { return a.element < b.element; });
  for (std::size_t i = 0; i < loads.size();) {
    std::size_t j = i + 1;
    bool other_thread = false;
    for (; j < loads.size() && loads[j].element == loads[i].element; ++j)
      other_thread |= loads[j].block != loads[i].block || loads[j].thread != loads[i].thread;
    m.owners.push_back(loads[i]);
    m.in_shared += loads[i].in_shared;
    m.shared_by += other_thread;
    i = j;
  }
  if (m.owners.empty()) {
    m.note = "The recorded blocks read no element of the input in this launch.";
    return m;
  }
  const std::uint64_t first_row = m.owners.front().element / m.cols;
  for (std::size_t i = 1; i < m.owners.size() && m.owners[i].element / m.cols == first_row; ++i) {
    const ElementOwner &a = m.owners[i - 1], &b = m.owners[i];
    if (b.block == a.block && b.thread < a.thread && b.element == a.element + 1) m.wraps.push_back(b.element % m.cols);
  }
  for (std::size_t i = 0; i < m.owners.size();) {
    const std::uint64_t row = m.owners[i].element / m.cols;
    m.row_summaries.push_back({row, cell_owners(m, row, 0, m.cols)});
    i += std::size_t(m.row_summaries.back().owners.recorded);
  }

  // The first warp request of the input: the lowest recorded block's first warp that loaded it.
  for (const WarpRequest& r : requests) {
    if (r.op != OpKind::GlobalLoad) continue;
    OutlinedRequest out;
    out.block = r.block;
    out.warp = r.warp;
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      if (!r.active(lane) || r.buffer[lane] != input->id) continue;
      ++out.lanes;
      for (unsigned k = 0; k < std::max(1u, unsigned(r.lane_size[lane]) / bytes); ++k)
        out.elements.push_back(r.address[lane] / bytes + k);
    }
    if (out.lanes == 0) continue;  // another buffer's load (three-pass reads its statistics)
    const SectorCost cost = global_sector_cost(r);
    out.sectors = cost.sectors;
    out.ideal = cost.ideal;
    std::sort(out.elements.begin(), out.elements.end());
    out.elements.erase(std::unique(out.elements.begin(), out.elements.end()), out.elements.end());
    std::vector<std::uint64_t> rows;
    for (std::uint64_t e : out.elements) rows.push_back(e / m.cols);
    out.rows = distinct(rows);
    m.request = std::move(out);
    break;
  }
  return m;
}

const ElementOwner* owner_of(const RowThreads& m, std::uint64_t row, std::uint64_t col) {
  if (col >= m.cols || row >= m.rows) return nullptr;
  const std::uint64_t element = row * m.cols + col;
  const auto at = std::lower_bound(m.owners.begin(), m.owners.end(), element,
                                   [](const ElementOwner& o, std::uint64_t e) { return o.element < e; });
  return at != m.owners.end() && at->element == element ? &*at : nullptr;
}

const ElementOwner* first_owner(const RowThreads& m, std::uint64_t row, std::uint64_t first_col, std::uint64_t last_col) {
  if (row >= m.rows || first_col >= last_col) return nullptr;
  const std::uint64_t begin = row * m.cols + first_col, end = row * m.cols + std::min(last_col, m.cols);
  const auto at = std::lower_bound(m.owners.begin(), m.owners.end(), begin,
                                   [](const ElementOwner& o, std::uint64_t e) { return o.element < e; });
  return at != m.owners.end() && at->element < end ? &*at : nullptr;
}

CellOwners row_owners(const RowThreads& m, std::uint64_t row) {
  const auto at = std::lower_bound(m.row_summaries.begin(), m.row_summaries.end(), row,
                                   [](const RowSummary& s, std::uint64_t r) { return s.row < r; });
  return at != m.row_summaries.end() && at->row == row ? at->owners : CellOwners{};
}

CellOwners cell_owners(const RowThreads& m, std::uint64_t row, std::uint64_t first_col, std::uint64_t last_col) {
  CellOwners c;
  if (row >= m.rows) return c;
  last_col = std::min(last_col, m.cols);
  const std::uint64_t begin = row * m.cols + first_col, end = row * m.cols + last_col;
  auto at = std::lower_bound(m.owners.begin(), m.owners.end(), begin,
                             [](const ElementOwner& o, std::uint64_t e) { return o.element < e; });
  std::vector<std::uint64_t> blocks, warps, threads;
  for (; at != m.owners.end() && at->element < end; ++at) {
    if (c.first == CellOwners::kNone) c.first = std::size_t(at - m.owners.begin());
    ++c.recorded;
    c.in_shared += at->in_shared;
    blocks.push_back(at->block);
    warps.push_back(std::uint64_t(at->block) << 32 | at->warp());
    threads.push_back(std::uint64_t(at->block) << 32 | at->thread);
  }
  if (!blocks.empty()) {
    c.first_block = *std::min_element(blocks.begin(), blocks.end());
    c.last_block = *std::max_element(blocks.begin(), blocks.end());
  }
  c.blocks = distinct(blocks);
  c.warps = distinct(warps);
  c.threads = distinct(threads);
  return c;
}

std::string row_owner_text(const RowThreads& m, const CellOwners& row) {
  if (row.first == CellOwners::kNone) return "not recorded";
  if (row.blocks > 1 && row.last_block - row.first_block + 1 == row.blocks)
    return "blocks " + std::to_string(row.first_block) + " .. " + std::to_string(row.last_block);
  if (row.blocks > 1) return std::to_string(row.blocks) + " blocks";
  const ElementOwner& o = m.owners[row.first];
  const std::string block = "block " + std::to_string(o.block);
  if (row.threads == 1) return block + ", thread " + std::to_string(o.thread);
  if (row.warps == 1) return block + ", warp " + std::to_string(o.warp());
  return block + ", " + std::to_string(row.warps) + " warps";
}

const ViewDecl& row_threads_view() {
  static const ViewDecl view{"row-threads", "Rows to threads", true, -1, kGivesRows, nullptr,
                             [](const TraceViews& v) { return make_view_model(build_row_threads(v.trace, v.requests)); }};
  return view;
}

}  // namespace wl
