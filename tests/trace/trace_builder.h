// Builds small synthetic traces for tests: events get their per-thread seq automatically.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "trace/trace.h"

namespace wl::test {

class TraceBuilder {
 public:
  explicit TraceBuilder(std::uint32_t block_dim, std::uint32_t grid_dim = 1, std::string type = "i32") {
    trace_.meta.family = "reduce";
    trace_.meta.variant = "synthetic";
    trace_.meta.op = "sum";
    trace_.meta.type = std::move(type);
    trace_.meta.backend = "sim";
    trace_.meta.n = std::uint64_t(block_dim) * grid_dim;
    trace_.meta.block_dim = block_dim;
    trace_.meta.grid_dim = grid_dim;
  }

  // The step that following events belong to (kernels mark it with ctx.step()).
  TraceBuilder& step(std::uint16_t s) {
    step_ = s;
    return *this;
  }

  Event& add(std::uint32_t block, std::uint16_t thread, OpKind op, std::uint16_t site, std::uint32_t address = 0,
             std::uint8_t size = 0, Buffer buffer = Buffer::None, std::uint64_t v0 = 0, std::uint64_t v1 = 0) {
    Event e{};
    e.block = block;
    e.thread = thread;
    e.seq = next_seq_[{block, thread}]++;
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
    return add(block, thread, op, site, address, size, Buffer::None, v0);
  }
  Event& global(std::uint32_t block, std::uint16_t thread, OpKind op, std::uint16_t site, std::uint32_t address,
                std::uint8_t size = 4, Buffer buffer = Buffer::Input, std::uint64_t v0 = 0) {
    return add(block, thread, op, site, address, size, buffer, v0);
  }
  Event& branch(std::uint32_t block, std::uint16_t thread, std::uint16_t site, bool taken) {
    Event& e = add(block, thread, OpKind::Branch, site, 0, 0, Buffer::None, taken ? 1 : 0);
    e.flags = taken ? 1 : 0;
    return e;
  }
  Event& barrier(std::uint32_t block, std::uint16_t thread, std::uint16_t site) {
    return add(block, thread, OpKind::Barrier, site);
  }

  Trace build() const {
    Trace t = trace_;
    t.meta.recorded_blocks.assign(blocks_.begin(), blocks_.end());
    return t;
  }

 private:
  Trace trace_;
  std::uint16_t step_ = kLoadStep;
  std::map<std::pair<std::uint32_t, std::uint16_t>, std::uint32_t> next_seq_;
  std::set<std::uint32_t> blocks_;
};

}  // namespace wl::test
