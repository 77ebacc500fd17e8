// A trace that exercises every field of the format, and a field-by-field comparison, shared by
// the binary and JSON tests.
#pragma once
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "trace_builder.h"

namespace wl::test {

// A trace that sets every field of the meta and of the events to something non-default, over
// two launches; its last event is the only one in launch 1.
inline Trace rich_trace() {
  TraceBuilder b(64, 8, "f32");
  b.shared(3, 5, OpKind::SharedLoad, 42, 20, 4, 0x3fc00000);
  b.step(level_step(0));
  Event& g = b.global(3, 63, OpKind::GlobalLoad, 77, 4096, 16, test::kPartials, 0x1122334455667788ull);
  g.value[1] = 0x99aabbccddeeff00ull;
  Event& s = b.add(5, 32, OpKind::Shuffle, 90, 0, 4, kNoBuffer, 7, 8);
  s.aux = 31;
  s.time = 0xDEADBEEF;
  b.step(kFinishStep);
  b.branch(5, 1, 12, true);
  b.add(3, 0, OpKind::GlobalAtomic, 99, 8, 4, test::kOutput, 1).aux = 3;
  b.launch("last-pass", 4, 32).step(make_step(StepKind::LastBlockLevel, 2));
  b.global(3, 31, OpKind::GlobalLoad, 120, 12, 4, test::kScratch, 0xFFFFFFFF);
  Trace t = b.build();
  t.meta.n = 123456789012ull;
  t.meta.event_cap = 1000;
  t.meta.events_dropped = 7;
  t.meta.backend = "gpu";
  t.meta.launches[0].shared_bytes = 256;
  t.meta.launches[1].shared_columns = 32;
  t.meta.params = {{"exclusive", 1}, {"bins", 4096}};
  t.meta.sm_count = 78;
  t.meta.sm_clock_mhz = 1755.5;
  t.meta.clocks = {{123456789012345ull, 3, 1, level_step(0), 0, 0, 0}, {123456789012999ull, 3, 1, kFinishStep, 0, 1, 0},
                   {77, 3, 0, make_step(StepKind::LastBlockLevel, 2), 1, 0, 0}};
  return t;
}

inline void expect_same_trace(const Trace& a, const Trace& b) {
  EXPECT_EQ(a.meta.family, b.meta.family);
  EXPECT_EQ(a.meta.variant, b.meta.variant);
  EXPECT_EQ(a.meta.op, b.meta.op);
  EXPECT_EQ(a.meta.type, b.meta.type);
  EXPECT_EQ(a.meta.backend, b.meta.backend);
  EXPECT_EQ(a.meta.n, b.meta.n);
  EXPECT_EQ(a.meta.block_dim, b.meta.block_dim);
  EXPECT_EQ(a.meta.grid_dim, b.meta.grid_dim);
  EXPECT_EQ(a.meta.recorded_blocks, b.meta.recorded_blocks);
  EXPECT_EQ(a.meta.event_cap, b.meta.event_cap);
  EXPECT_EQ(a.meta.events_dropped, b.meta.events_dropped);
  ASSERT_EQ(a.meta.launches.size(), b.meta.launches.size());
  for (std::size_t i = 0; i < a.meta.launches.size(); ++i) {
    const LaunchRecord &x = a.meta.launches[i], &y = b.meta.launches[i];
    EXPECT_EQ(std::tie(x.name, x.grid_dim, x.block_dim, x.shared_bytes, x.n, x.shared_columns),
              std::tie(y.name, y.grid_dim, y.block_dim, y.shared_bytes, y.n, y.shared_columns));
  }
  ASSERT_EQ(a.meta.buffers.size(), b.meta.buffers.size());
  for (std::size_t i = 0; i < a.meta.buffers.size(); ++i) {
    const BufferRecord &x = a.meta.buffers[i], &y = b.meta.buffers[i];
    EXPECT_EQ(std::tie(x.id, x.name, x.type, x.role, x.elements), std::tie(y.id, y.name, y.type, y.role, y.elements));
  }
  ASSERT_EQ(a.meta.steps.size(), b.meta.steps.size());
  for (std::size_t i = 0; i < a.meta.steps.size(); ++i) {
    EXPECT_EQ(a.meta.steps[i].id, b.meta.steps[i].id);
    EXPECT_EQ(a.meta.steps[i].name, b.meta.steps[i].name);
  }
  EXPECT_EQ(a.meta.params, b.meta.params);
  EXPECT_EQ(a.meta.sm_count, b.meta.sm_count);
  EXPECT_EQ(a.meta.sm_clock_mhz, b.meta.sm_clock_mhz);
  ASSERT_EQ(a.meta.clocks.size(), b.meta.clocks.size());
  for (std::size_t i = 0; i < a.meta.clocks.size(); ++i) {
    const WarpClock &x = a.meta.clocks[i], &y = b.meta.clocks[i];
    EXPECT_EQ(std::tie(x.cycle, x.block, x.warp, x.step, x.launch, x.exit),
              std::tie(y.cycle, y.block, y.warp, y.step, y.launch, y.exit));
  }
  ASSERT_EQ(a.events.size(), b.events.size());
  for (std::size_t i = 0; i < a.events.size(); ++i) {
    SCOPED_TRACE("event " + std::to_string(i));
    const Event &x = a.events[i], &y = b.events[i];
    EXPECT_EQ(x.block, y.block);
    EXPECT_EQ(x.seq, y.seq);
    EXPECT_EQ(x.thread, y.thread);
    EXPECT_EQ(x.step, y.step);
    EXPECT_EQ(x.site, y.site);
    EXPECT_EQ(x.op, y.op);
    EXPECT_EQ(x.size, y.size);
    EXPECT_EQ(x.address, y.address);
    EXPECT_EQ(x.aux, y.aux);
    EXPECT_EQ(x.buffer, y.buffer);
    EXPECT_EQ(x.flags, y.flags);
    EXPECT_EQ(x.launch, y.launch);
    EXPECT_EQ(x.time, y.time);
    EXPECT_EQ(x.value[0], y.value[0]);
    EXPECT_EQ(x.value[1], y.value[1]);
  }
}

}  // namespace wl::test
