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

// CUB's ScanTileStatus (cub/agent/single_pass_scan_operators.cuh): the numbers it stores.
constexpr std::uint64_t kCubTileOutOfBounds = 0, kCubTileInvalid = 99, kCubTilePartial = 100, kCubTileInclusive = 101;

// A descriptor's status word: its first half (4 of 8 bytes; 8 of 16).
std::uint64_t cub_status(const Event& e) { return e.size == 16 ? e.value[0] : e.value[0] & 0xFFFFFFFFu; }

std::optional<TileStatusWords> find_cub_words(const Trace& run, std::uint16_t launch) {
  struct Candidate {
    std::uint64_t published = 0, other = 0;
    std::map<std::uint32_t, std::uint64_t> block_address;  // each block's descriptor
    bool one_each = true;                                   // no block stores two places
  };
  std::map<std::pair<BufferId, std::uint8_t>, Candidate> by_buffer;  // (buffer, size)
  for (const Event& e : run.events) {
    if (e.launch != launch || !is_store(e.op) || (e.size != 8 && e.size != 16) || e.buffer == kNoBuffer) continue;
    Candidate& c = by_buffer[{e.buffer, e.size}];
    const std::uint64_t status = cub_status(e);
    if (status != kCubTilePartial && status != kCubTileInclusive) {
      ++c.other;
      continue;
    }
    ++c.published;
    auto [it, fresh] = c.block_address.emplace(e.block, e.address);
    if (!fresh && it->second != e.address) c.one_each = false;
  }
  for (const auto& [key, c] : by_buffer) {
    if (c.published == 0 || c.other > 0 || !c.one_each) continue;
    const auto& [first_block, first_address] = *c.block_address.begin();
    // Named copies: C++17 lambdas cannot capture a structured binding (clang refuses).
    const BufferId buffer = key.first;
    const std::uint64_t stride = key.second;
    if (first_address < std::uint64_t(first_block) * stride) continue;
    const std::uint64_t base = first_address - std::uint64_t(first_block) * stride;
    const bool by_block = std::all_of(c.block_address.begin(), c.block_address.end(), [&](const auto& b) {
      return b.second == base + std::uint64_t(b.first) * stride;
    });
    if (!by_block) continue;
    // And a look-back: a block reads a word of that size below its own, its predecessor's.
    const bool looks_back = std::any_of(run.events.begin(), run.events.end(), [&](const Event& e) {
      return e.launch == launch && is_load(e.op) && e.buffer == buffer && e.size == stride &&
             e.address >= base && e.address < base + std::uint64_t(e.block) * stride;
    });
    if (looks_back) return TileStatusWords{TileStatusWords::Cub, buffer, base, stride};
  }
  return std::nullopt;
}

// What a status word says, in either format; the out-of-bounds padding CUB puts before tile 0
// reads as a status found (it ends a wait), never as a tile's.
enum class WordSays { Invalid, Aggregate, Inclusive, OutOfBounds, Other };
WordSays word_says(const TileStatusWords& words, const Event& e, std::uint32_t epoch) {
  if (words.format == TileStatusWords::Own) {
    const TileStatus s = tile_status_of(e.value[0], epoch);
    return s == TileStatus::Aggregate ? WordSays::Aggregate : s == TileStatus::InclusivePrefix ? WordSays::Inclusive
                                                                                               : WordSays::Invalid;
  }
  switch (cub_status(e)) {
    case kCubTileInvalid: return WordSays::Invalid;
    case kCubTilePartial: return WordSays::Aggregate;
    case kCubTileInclusive: return WordSays::Inclusive;
    case kCubTileOutOfBounds: return WordSays::OutOfBounds;
    default: return WordSays::Other;
  }
}

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

std::optional<TileStatusWords> find_tile_status_words(const Trace& run, std::uint16_t launch) {
  if (const BufferRecord* own = status_buffer(run.meta)) {
    const std::uint64_t stride = word_stride_bytes(*own, run.meta, launch);
    return TileStatusWords{TileStatusWords::Own, own->id, 0, stride};
  }
  return find_cub_words(run, launch);
}

LookbackTimeline build_lookback_timeline(const Trace& run, std::uint16_t launch) {
  LookbackTimeline out;
  const std::optional<TileStatusWords> words = find_tile_status_words(run, launch);
  if (!words) return out;
  const BufferId status = words->buffer;
  const std::uint64_t stride = words->stride;
  out.nanoseconds = run.meta.backend == "gpu";
  const Clock clock = clock_of(run, launch);

  // The tile a block scanned is where it published; its events in time order. The launch's
  // epoch is the one its publishes carry: words of another epoch read as no status.
  std::map<std::uint32_t, std::vector<const Event*>> by_block;
  std::uint32_t epoch = 0;
  for (const Event& e : run.events) {
    if (e.launch != launch) continue;
    by_block[e.block].push_back(&e);
    if (e.buffer == status && is_store(e.op) && words->format == TileStatusWords::Own) epoch = tile_epoch_of(e.value[0]);
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
      if (e->buffer != status || e->address < words->base) continue;
      if (words->format == TileStatusWords::Cub && e->size != stride) continue;  // the descriptor's value alone
      const std::uint32_t index = std::uint32_t((e->address - words->base) / stride);
      const WordSays s = word_says(*words, *e, epoch);
      const std::uint64_t at = clock.at(e->time);
      if (is_store(e->op)) {
        t.tile = index;
        published = true;
        if (s == WordSays::Aggregate) t.aggregate = std::min(t.aggregate, at);
        if (s == WordSays::Inclusive) t.inclusive = std::min(t.inclusive, at);
      } else if (is_load(e->op) && s != WordSays::OutOfBounds) {
        ++t.reads;
        auto key = std::make_pair(e->thread, index);
        auto it = open.find(key);
        if (s == WordSays::Invalid) {
          if (it == open.end()) it = open.emplace(key, TileWait{index, at, kNever, 0}).first;
          ++it->second.spins;
        } else if (it != open.end() && it->second.until == kNever) {
          it->second.until = at;
        }
      }
    }
    if (!published) continue;
    // A tile publishes its inclusive prefix only once its look-back has found what it needed:
    // a wait still open then ended by that time, whatever its last recorded read said.
    for (auto& [key, wait] : open) {
      if (wait.until == kNever && t.inclusive != kNever && wait.from < t.inclusive) wait.until = t.inclusive;
      t.waits.push_back(wait);
    }
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
