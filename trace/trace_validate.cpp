#include "trace/trace_validate.h"

#include <algorithm>
#include <set>
#include <string>

#include "trace/event_info.h"
#include "trace/trace_error.h"

namespace wl {
namespace {

void check_string(const std::string& s, const std::string& field) {
  if (s.size() > kMaxMetaStringLength)
    throw_invalid_trace(field + " is " + std::to_string(s.size()) + " bytes long (max " + std::to_string(kMaxMetaStringLength) +
            ")");
}

bool is_access_size(unsigned s) { return s == 1 || s == 2 || s == 4 || s == 8 || s == 16; }

std::string step_text(StepId s) { return std::to_string(s) + " (" + step_name(s) + ")"; }

void validate_launches(const TraceMeta& meta) {
  for (std::size_t i = 0; i < meta.launches.size(); ++i) {
    const LaunchRecord& l = meta.launches[i];
    const std::string name = "launch " + std::to_string(i);
    check_string(l.name, name + " name");
    if (l.block_dim == 0 || l.block_dim > kMaxBlockDim)
      throw_invalid_trace(name + ": block_dim " + std::to_string(l.block_dim) + " is outside [1, " +
              std::to_string(kMaxBlockDim) + "]");
  }
  // meta.grid_dim / block_dim repeat the first launch, for readers that know one launch only.
  const std::uint32_t grid = meta.launches.empty() ? 0 : meta.launches[0].grid_dim;
  const std::uint32_t block = meta.launches.empty() ? 0 : meta.launches[0].block_dim;
  const std::string of = meta.launches.empty() ? " (no launches)" : " of launch 0";
  if (meta.block_dim != block)
    throw_invalid_trace("meta.block_dim " + std::to_string(meta.block_dim) + " != block_dim " + std::to_string(block) + of);
  if (meta.grid_dim != grid)
    throw_invalid_trace("meta.grid_dim " + std::to_string(meta.grid_dim) + " != grid_dim " + std::to_string(grid) + of);
}

void validate_buffers(const TraceMeta& meta) {
  std::set<std::string> names;
  for (std::size_t i = 0; i < meta.buffers.size(); ++i) {
    const BufferRecord& b = meta.buffers[i];
    const std::string name = "buffer " + std::to_string(b.id);
    if (b.id == kNoBuffer) throw_invalid_trace("meta.buffers: id 0 means no buffer and cannot name one");
    if (i > 0 && b.id <= meta.buffers[i - 1].id) throw_invalid_trace("meta.buffers: ids are not ascending and unique at " + name);
    check_string(b.name, name + " name");
    check_string(b.type, name + " type");
    if (unsigned(b.role) > unsigned(BufferRole::Temp))
      throw_invalid_trace(name + ": unknown role " + std::to_string(unsigned(b.role)));
    if (!names.insert(b.name).second) throw_invalid_trace("meta.buffers: two buffers are named '" + b.name + "'");
  }
}

void validate_steps(const TraceMeta& meta) {
  for (std::size_t i = 0; i < meta.steps.size(); ++i) {
    const StepRecord& s = meta.steps[i];
    check_string(s.name, "step " + std::to_string(s.id) + " name");
    if (i > 0 && s.id <= meta.steps[i - 1].id)
      throw_invalid_trace("meta.steps: ids are not ascending and unique at step " + step_text(s.id));
  }
}

void validate_clocks(const TraceMeta& meta) {
  if (!(meta.sm_clock_mhz >= 0 && meta.sm_clock_mhz < 1e6))
    throw_invalid_trace("meta.sm_clock_mhz " + std::to_string(meta.sm_clock_mhz) + " is not a clock rate");
  if (!meta.clocks.empty() && meta.sm_clock_mhz == 0) throw_invalid_trace("warp clocks without meta.sm_clock_mhz");
  for (std::size_t i = 0; i < meta.clocks.size(); ++i) {
    const WarpClock& c = meta.clocks[i];
    const std::string what = "clock #" + std::to_string(i) + ": ";
    if (c.launch >= meta.launches.size()) throw_invalid_trace(what + "launch " + std::to_string(c.launch) + " was not recorded");
    const LaunchRecord& l = meta.launches[c.launch];
    if (c.block >= l.grid_dim) throw_invalid_trace(what + "block " + std::to_string(c.block) + " >= grid_dim");
    if (c.warp >= (l.block_dim + 31) / 32) throw_invalid_trace(what + "warp " + std::to_string(c.warp) + " past the block");
    if (c.exit > 1) throw_invalid_trace(what + "exit flag " + std::to_string(c.exit));
  }
}

}  // namespace

void validate_meta(const TraceMeta& meta) {
  check_string(meta.family, "meta.family");
  check_string(meta.variant, "meta.variant");
  for (const SourceText& t : meta.sources) {
    check_string(t.path, "meta.sources.path");
    if (t.text.size() > kMaxSourceTextLength) throw_invalid_trace("meta.sources.text is longer than " + std::to_string(kMaxSourceTextLength) + " bytes");
  }
  check_string(meta.op, "meta.op");
  check_string(meta.type, "meta.type");
  check_string(meta.backend, "meta.backend");
  validate_launches(meta);
  validate_buffers(meta);
  validate_steps(meta);
  std::uint32_t largest_grid = 0;
  for (const LaunchRecord& l : meta.launches) largest_grid = std::max(largest_grid, l.grid_dim);
  const auto& rb = meta.recorded_blocks;
  for (std::size_t i = 0; i < rb.size(); ++i) {
    if (rb[i] >= largest_grid)
      throw_invalid_trace("recorded block " + std::to_string(rb[i]) + " >= grid_dim " + std::to_string(largest_grid) +
              " (the largest launch)");
    if (i > 0 && rb[i] <= rb[i - 1]) throw_invalid_trace("meta.recorded_blocks is not sorted and unique");
  }
  validate_clocks(meta);
  if (meta.ranks == 0 || meta.ranks > kMaxRanks) throw_invalid_trace("meta.ranks = " + std::to_string(meta.ranks) + " is outside 1 .. " + std::to_string(kMaxRanks));
  for (const LaunchRecord& l : meta.launches)
    if (l.rank >= meta.ranks) throw_invalid_trace("launch " + l.name + " names rank " + std::to_string(l.rank) + " of " + std::to_string(meta.ranks));
  for (const BufferRecord& b : meta.buffers)
    if (b.rank >= meta.ranks) throw_invalid_trace("buffer " + b.name + " names rank " + std::to_string(b.rank) + " of " + std::to_string(meta.ranks));
  if (const auto& f = meta.fault) {
    check_string(f->kind, "meta.fault.kind");
    check_string(f->message, "meta.fault.message");
    if (f->launch >= meta.launches.size()) throw_invalid_trace("meta.fault names launch " + std::to_string(f->launch) + ", which was not recorded");
    const LaunchRecord& l = meta.launches[f->launch];
    if (f->block >= l.grid_dim || f->thread >= l.block_dim)
      throw_invalid_trace("meta.fault names block " + std::to_string(f->block) + ", thread " + std::to_string(f->thread) +
              " outside its launch");
  }
}

namespace {

// The tables each event is checked against, made once a trace: millions of events each look
// up their block, step and buffer.
class EventCheck {
 public:
  explicit EventCheck(const TraceMeta& meta) : meta_(meta), step_listed_(0x10000, false), buffer_known_(256, false) {
    for (const StepRecord& s : meta.steps) step_listed_[s.id] = true;
    for (const BufferRecord& b : meta.buffers) buffer_known_[b.id] = true;
    const auto& rb = meta.recorded_blocks;
    if (!rb.empty() && rb.back() < kBlockBitmapLimit) {
      block_recorded_.assign(rb.back() + 1, false);
      for (std::uint32_t b : rb) block_recorded_[b] = true;
    }
  }

  void operator()(const Event& e, std::size_t index) const {
    auto fail = [&](const std::string& what) { throw_invalid_trace("event #" + std::to_string(index) + ": " + what); };
    if (unsigned(e.op) >= unsigned(OpKind::Count)) fail("unknown op kind " + std::to_string(unsigned(e.op)));
    if (e.launch >= meta_.launches.size())
      fail("launch " + std::to_string(e.launch) + " >= the " + std::to_string(meta_.launches.size()) +
           " launches of meta.launches");
    const LaunchRecord& launch = meta_.launches[e.launch];
    // Words are made only for a failure.
    const auto of = [&] { return " of launch " + std::to_string(e.launch); };
    if (e.thread >= launch.block_dim)
      fail("thread " + std::to_string(e.thread) + " >= block_dim " + std::to_string(launch.block_dim) + of());
    if (e.block >= launch.grid_dim)
      fail("block " + std::to_string(e.block) + " >= grid_dim " + std::to_string(launch.grid_dim) + of());
    if (!recorded(e.block)) fail("block " + std::to_string(e.block) + " is not in meta.recorded_blocks");
    if (!step_listed_[e.step]) fail("step " + step_text(e.step) + " is not in meta.steps");
    if (e.buffer != kNoBuffer && !buffer_known_[e.buffer])
      fail("unknown buffer " + std::to_string(unsigned(e.buffer)) + " (not in meta.buffers)");
    if (is_memory_access(e.op)) {
      if (!is_access_size(e.size)) fail("access size " + std::to_string(e.size) + " is not 1, 2, 4, 8 or 16");
      if (e.address % e.size != 0)
        fail("address " + std::to_string(e.address) + " is not aligned to its size " + std::to_string(e.size));
      if (is_global_access(e.op) && e.buffer == kNoBuffer) fail("global access without a buffer");
    } else if (e.size != 0 && !(is_access_size(e.size) && e.size <= 8)) {
      fail("size " + std::to_string(e.size) + " of a " + op_name(e.op) + " event is not 0, 1, 2, 4 or 8");
    }
  }

 private:
  static constexpr std::uint32_t kBlockBitmapLimit = 1u << 24;  // past it (a GPU grid's far block), a search

  bool recorded(std::uint32_t block) const {
    const auto& rb = meta_.recorded_blocks;
    if (rb.empty()) return true;
    if (!block_recorded_.empty()) return block < block_recorded_.size() && block_recorded_[block];
    return std::binary_search(rb.begin(), rb.end(), block);
  }

  const TraceMeta& meta_;
  std::vector<bool> step_listed_, buffer_known_, block_recorded_;
};

}  // namespace

void validate_trace(const Trace& trace) {
  validate_meta(trace.meta);
  const EventCheck check(trace.meta);
  for (std::size_t i = 0; i < trace.events.size(); ++i) check(trace.events[i], i);
}

}  // namespace wl
