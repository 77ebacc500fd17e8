#include "model/views/lookback_timeline.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/tile_word.h"
#include "model/views/trace_views.h"
#include "model/views/view_registry.h"

namespace wl {
namespace {

const BufferRecord* status_buffer(const TraceMeta& meta) {
  for (const BufferRecord& b : meta.buffers)
    if (b.name == kTileStatusBufferName) return &b;
  return nullptr;
}

// The bytes from one tile's word to the next: the buffer holds kTileWordSpacing words a tile
// (core/tile_word.h); a trace saved before words had a line each holds one. A size of 0 is
// unknown (docs/TRACE_FORMAT.md): the layout of today.
std::uint64_t word_stride_bytes(const BufferRecord& status, const TraceMeta& meta, std::uint16_t launch) {
  const std::uint32_t grid = launch < meta.launches.size() ? meta.launches[launch].grid_dim : 0;
  const bool side_by_side = status.elements > 0 && status.elements < tile_status_words(grid);
  return sizeof(TileWord) * (side_by_side ? 1 : kTileWordSpacing);
}

bool is_load(OpKind op) { return op == OpKind::GlobalLoad; }
bool is_store(OpKind op) { return op == OpKind::GlobalStore; }

// Event times are 32 bits of nanoseconds; a GPU's timer may wrap during a launch. When the
// launch's times span more than half the range (2.1 s, far longer than a recorded launch
// runs), the timer wrapped: times in the lower half are taken as past the wrap. Times are
// then relative to the earliest.
struct Clock {
  std::uint64_t base = 0;
  bool wrapped = false;
  std::uint64_t at(std::uint32_t t) const {
    std::uint64_t x = t;
    if (wrapped && t < (1u << 31)) x += std::uint64_t(1) << 32;
    return x - base;
  }
};

Clock clock_of(const Trace& run, std::uint16_t launch) {
  std::uint32_t lo = ~0u, hi = 0;
  for (const Event& e : run.events)
    if (e.launch == launch) lo = std::min(lo, e.time), hi = std::max(hi, e.time);
  Clock c;
  c.wrapped = hi - lo > (1u << 31);
  if (!c.wrapped) {
    c.base = lo;
    return c;
  }
  std::uint64_t base = ~std::uint64_t(0);
  for (const Event& e : run.events)
    if (e.launch == launch) base = std::min(base, e.time < (1u << 31) ? e.time + (std::uint64_t(1) << 32) : e.time);
  c.base = base;
  return c;
}

}  // namespace

LookbackTimeline build_lookback_timeline(const Trace& run, std::uint16_t launch) {
  LookbackTimeline out;
  const BufferRecord* status_record = status_buffer(run.meta);
  if (!status_record) return out;
  const BufferId status = status_record->id;
  const std::uint64_t stride = word_stride_bytes(*status_record, run.meta, launch);
  out.nanoseconds = run.meta.backend == "gpu";
  const Clock clock = clock_of(run, launch);

  // The tile a block scanned is where it published; its events in time order. The launch's
  // epoch is the one its publishes carry: words of another epoch read as no status.
  std::map<std::uint32_t, std::vector<const Event*>> by_block;
  std::uint32_t epoch = 0;
  for (const Event& e : run.events) {
    if (e.launch != launch) continue;
    by_block[e.block].push_back(&e);
    if (e.buffer == status && is_store(e.op)) epoch = tile_epoch_of(e.value[0]);
  }
  for (auto& [block, events] : by_block) {
    std::stable_sort(events.begin(), events.end(),
                     [&](const Event* a, const Event* b) { return clock.at(a->time) < clock.at(b->time); });
    TileTimeline t;
    t.block = block;
    t.start = clock.at(events.front()->time);
    t.end = clock.at(events.back()->time);
    out.end = std::max(out.end, t.end);
    bool published = false;
    // Per thread, per predecessor: the wait in progress.
    std::map<std::pair<std::uint16_t, std::uint32_t>, TileWait> open;
    for (const Event* e : events) {
      if (e->buffer != status) continue;
      const std::uint32_t index = std::uint32_t(e->address / stride);
      const TileStatus s = tile_status_of(e->value[0], epoch);
      const std::uint64_t at = clock.at(e->time);
      if (is_store(e->op)) {
        t.tile = index;
        published = true;
        if (s == TileStatus::Aggregate) t.aggregate = std::min(t.aggregate, at);
        if (s == TileStatus::InclusivePrefix) t.inclusive = std::min(t.inclusive, at);
      } else if (is_load(e->op)) {
        ++t.reads;
        auto key = std::make_pair(e->thread, index);
        auto it = open.find(key);
        if (s == TileStatus::Invalid) {
          if (it == open.end()) it = open.emplace(key, TileWait{index, at, kNever, 0}).first;
          ++it->second.spins;
        } else if (it != open.end() && it->second.until == kNever) {
          it->second.until = at;
        }
      }
    }
    if (!published) continue;
    for (auto& [key, wait] : open) t.waits.push_back(wait);
    std::sort(t.waits.begin(), t.waits.end(),
              [](const TileWait& a, const TileWait& b) { return a.predecessor > b.predecessor; });
    out.tiles.push_back(std::move(t));
  }
  std::sort(out.tiles.begin(), out.tiles.end(), [](const TileTimeline& a, const TileTimeline& b) { return a.tile < b.tile; });
  return out;
}

std::string describe_wait(const LookbackTimeline& t, const TileTimeline& tile, const TileWait& wait) {
  char text[160];
  const std::uint64_t length = (wait.until == kNever ? t.end : wait.until) - wait.from;
  if (t.nanoseconds)
    std::snprintf(text, sizeof text, "tile %u (block %u) waited %.2f us on tile %u, %u read%s with no status%s", tile.tile,
                  tile.block, double(length) / 1000.0, wait.predecessor, wait.spins, wait.spins == 1 ? "" : "s",
                  wait.until == kNever ? " (still waiting when the trace ends)" : "");
  else
    std::snprintf(text, sizeof text, "tile %u (block %u) waited %llu ticks on tile %u, %u read%s with no status%s",
                  tile.tile, tile.block, (unsigned long long)length, wait.predecessor, wait.spins,
                  wait.spins == 1 ? "" : "s", wait.until == kNever ? " (still waiting when the trace ends)" : "");
  return text;
}

const ViewDecl& lookback_view() {
  static const ViewDecl view{"lookback", "Look-back", true, -1, kGivesTileStatus, nullptr, [](const TraceViews& v) {
                               return make_view_model(build_lookback_timeline(v.whole(), std::uint16_t(v.launch)));
                             }};
  return view;
}

}  // namespace wl
