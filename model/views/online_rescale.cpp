#include "model/views/online_rescale.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "core/bits.h"
#include "core/row_norms.h"
#include "model/views/trace_views.h"

namespace wl {
namespace {

// Sites below this are the variant's own file's lines (kernels/dialect/README.md).
constexpr std::uint16_t kSharedLayerSites = 1000;

struct ThreadReads {
  std::vector<std::pair<std::uint32_t, float>> loads;  // (seq, value) of the input, in order
  std::vector<std::uint32_t> rescales;                  // seq of each taken rescale branch
};

BufferId input_buffer(const TraceMeta& meta) {
  for (const BufferRecord& b : meta.buffers)
    if (b.name == "input") return b.id;
  return kNoBuffer;
}

}  // namespace

bool fits_online_softmax(const Trace& whole) {
  if (parse_row_op(whole.meta.op) != RowOp::Softmax) return false;
  const BufferId input = input_buffer(whole.meta);
  struct Running {
    float max = -std::numeric_limits<float>::infinity();
    float last = 0;          // the value read last
    bool unchecked = false;  // a read no branch of the kernel's own file has followed yet
  };
  // Events are in canonical order (each thread's in seq order within its block and step).
  std::map<std::pair<std::uint32_t, std::uint16_t>, Running> threads;
  unsigned checked = 0;
  for (const Event& e : whole.events) {
    if (e.launch != 0 || e.step != kLoadStep) continue;
    Running& t = threads[{e.block, e.thread}];
    if (e.op == OpKind::GlobalLoad && e.buffer == input) {
      if (t.unchecked) t.max = std::max(t.max, t.last);  // no branch compared it: just keep the max
      t.last = from_bits<float>(e.value[0]);
      t.unchecked = true;
    } else if (e.op == OpKind::Branch && e.site < kSharedLayerSites && t.unchecked) {
      // The first branch of the kernel's own file after a read: taken exactly when the read
      // raised the running max, or this is not a running max.
      if (e.taken() != (t.last > t.max)) return false;
      t.max = std::max(t.max, t.last);
      t.unchecked = false;
      ++checked;
    }
  }
  return checked > 0;
}

OnlineRescale build_online_rescale(const Trace& whole) {
  OnlineRescale out;
  const BufferId input = input_buffer(whole.meta);
  // (block, thread) -> what it read and where it rescaled, in the load step of launch 0.
  std::map<std::pair<std::uint32_t, std::uint16_t>, ThreadReads> threads;
  for (const Event& e : whole.events) {
    if (e.launch != 0 || e.step != kLoadStep) continue;
    ThreadReads& t = threads[{e.block, e.thread}];
    if (e.op == OpKind::GlobalLoad && e.buffer == input) t.loads.emplace_back(e.seq, from_bits<float>(e.value[0]));
    if (e.op == OpKind::Branch && e.site < kSharedLayerSites && e.taken()) t.rescales.push_back(e.seq);
  }
  for (auto& [key, t] : threads) {
    std::sort(t.loads.begin(), t.loads.end());
    std::sort(t.rescales.begin(), t.rescales.end());
  }
  for (auto it = threads.begin(); it != threads.end();) {
    const std::uint32_t block = it->first.first;
    RowRescales row;
    row.row = block;
    std::vector<std::vector<float>> chunks;  // chunk -> the values read in it
    for (; it != threads.end() && it->first.first == block; ++it) {
      const ThreadReads& t = it->second;
      for (std::size_t k = 0; k < t.loads.size(); ++k) {
        if (chunks.size() <= k) chunks.resize(k + 1), row.chunks.resize(k + 1);
        chunks[k].push_back(t.loads[k].second);
        ++row.chunks[k].threads;
      }
      // A rescale follows the read it compares: it belongs to the chunk of the last read before it.
      for (std::uint32_t seq : t.rescales) {
        const auto after = std::lower_bound(t.loads.begin(), t.loads.end(), std::make_pair(seq, 0.0f),
                                            [](const auto& a, const auto& b) { return a.first < b.first; });
        const std::size_t k = std::size_t(after - t.loads.begin());
        if (k == 0 || k > row.chunks.size()) continue;
        ++row.chunks[k - 1].rescales;
        ++row.rescales;
      }
    }
    double max = -std::numeric_limits<double>::infinity(), sum = 0;
    for (std::size_t k = 0; k < chunks.size(); ++k) {
      double chunk_max = max;
      for (float x : chunks[k]) chunk_max = std::max(chunk_max, double(x));
      RescaleChunk& c = row.chunks[k];
      c.max_grew = chunk_max > max;
      if (c.max_grew && std::isfinite(max)) sum *= std::exp(max - chunk_max);  // the rescale, exactly
      max = chunk_max;
      for (float x : chunks[k])
        if (std::isfinite(max) && x != -std::numeric_limits<float>::infinity()) sum += std::exp(x - max);
      c.max = max;
      c.sum = sum;
    }
    out.rows.push_back(std::move(row));
  }
  if (out.rows.empty()) out.note = "The trace holds no reads of the input in the load step.";
  return out;
}

const ViewDecl& online_rescale_view() {
  static const ViewDecl view{"online-rescale", "Online rescale", true, -1, kGivesRows, fits_online_softmax,
                             model_of_whole<build_online_rescale>};
  return view;
}

}  // namespace wl
