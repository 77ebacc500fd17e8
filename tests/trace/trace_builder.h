// Builds small synthetic traces for tests: events get their per-thread seq automatically, and
// build() lists the steps they use.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>

#include "trace/trace.h"

namespace wl::test {

// The builder's buffer table: a reduction's buffers, as version 1 had them.
constexpr BufferId kInput = 1;
constexpr BufferId kOutput = 2;
constexpr BufferId kPartials = 3;
constexpr BufferId kScratch = 4;

class TraceBuilder {
 public:
  // One launch named "synthetic" of grid_dim blocks of block_dim threads.
  explicit TraceBuilder(std::uint32_t block_dim, std::uint32_t grid_dim = 1, std::string type = "i32") {
    TraceMeta& m = trace_.meta;
    m.family = "reduce";
    m.variant = "synthetic";
    m.op = "sum";
    m.type = std::move(type);
    m.backend = "sim";
    m.n = std::uint64_t(block_dim) * grid_dim;
    m.block_dim = block_dim;
    m.grid_dim = grid_dim;
    m.launches = {{"synthetic", grid_dim, block_dim, 0, m.n}};
    m.buffers = {{kInput, "input", m.type, BufferRole::Input, m.n},
                 {kOutput, "output", m.type, BufferRole::Output, 1},
                 {kPartials, "partials", m.type, BufferRole::Output, grid_dim},
                 {kScratch, "scratch", "u32", BufferRole::Temp, 1}};
  }

  // Adds a launch; following events belong to it.
  TraceBuilder& launch(std::string name, std::uint32_t grid_dim, std::uint32_t block_dim) {
    launch_ = std::uint16_t(trace_.meta.launches.size());
    trace_.meta.launches.push_back({std::move(name), grid_dim, block_dim, 0, std::uint64_t(grid_dim) * block_dim});
    return *this;
  }

  // The step that following events belong to (kernels mark it with ctx.step()).
  TraceBuilder& step(StepId s) {
    step_ = s;
    return *this;
  }

  Event& add(std::uint32_t block, std::uint16_t thread, OpKind op, std::uint16_t site, std::uint32_t address = 0,
             std::uint8_t size = 0, BufferId buffer = kNoBuffer, std::uint64_t v0 = 0, std::uint64_t v1 = 0) {
    Event e{};
    e.launch = launch_;
    e.block = block;
    e.thread = thread;
    e.seq = next_seq_[{launch_, block, thread}]++;
    e.step = step_;
    e.site = site;
    e.op = op;
    e.size = size;
    e.address = address;
    e.buffer = buffer;
    e.value[0] = v0;
    e.value[1] = v1;
    blocks_.insert(block);
    trace_.events.push_back(e);
    return trace_.events.back();
  }

  Event& shared(std::uint32_t block, std::uint16_t thread, OpKind op, std::uint16_t site, std::uint32_t address,
                std::uint8_t size = 4, std::uint64_t v0 = 0) {
    return add(block, thread, op, site, address, size, kNoBuffer, v0);
  }
  Event& global(std::uint32_t block, std::uint16_t thread, OpKind op, std::uint16_t site, std::uint32_t address,
                std::uint8_t size = 4, BufferId buffer = kInput, std::uint64_t v0 = 0) {
    return add(block, thread, op, site, address, size, buffer, v0);
  }
  Event& branch(std::uint32_t block, std::uint16_t thread, std::uint16_t site, bool taken) {
    Event& e = add(block, thread, OpKind::Branch, site, 0, 0, kNoBuffer, taken ? 1 : 0);
    e.flags = taken ? 1 : 0;
    return e;
  }
  Event& barrier(std::uint32_t block, std::uint16_t thread, std::uint16_t site) {
    return add(block, thread, OpKind::Barrier, site);
  }

  std::vector<Event>& events() { return trace_.events; }

  Trace build() const {
    Trace t = trace_;
    t.meta.recorded_blocks.assign(blocks_.begin(), blocks_.end());
    t.meta.steps = steps_used(t.events);
    return t;
  }

 private:
  Trace trace_;
  std::uint16_t launch_ = 0;
  StepId step_ = kLoadStep;
  std::map<std::tuple<std::uint16_t, std::uint32_t, std::uint16_t>, std::uint32_t> next_seq_;
  std::set<std::uint32_t> blocks_;
};

}  // namespace wl::test
