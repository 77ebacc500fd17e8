// Version-1 files and JSON documents, written here byte by byte as the version-1 writer laid
// them out, load converted: one launch, the four fixed buffers, steps renumbered.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "rich_trace.h"
#include "trace/byte_io.h"
#include "trace/trace_file.h"
#include "trace/trace_json.h"

namespace wl {
namespace {

struct V1Event {
  std::uint32_t block, seq;
  std::uint16_t thread, step, site;
  OpKind op;
  std::uint8_t size;
  std::uint32_t address, aux;
  std::uint8_t buffer, flags;
  std::uint16_t reserved;
  std::uint64_t value0;
};

struct V1Meta {
  std::uint32_t block_dim = 64, grid_dim = 4;
  std::vector<std::uint32_t> recorded_blocks{0, 2};
};

std::vector<std::uint8_t> v1_file(const std::vector<V1Event>& events, const V1Meta& meta = {}) {
  std::vector<std::uint8_t> header;
  ByteWriter h(header);
  for (const char* s : {"reduce", "sequential", "sum", "f32", "gpu"}) h.str(s);
  h.u64(256);  // n
  h.u32(meta.block_dim);
  h.u32(meta.grid_dim);
  h.u64(1000);  // event_cap
  h.u64(0);     // events_dropped
  h.u32(std::uint32_t(meta.recorded_blocks.size()));
  for (std::uint32_t b : meta.recorded_blocks) h.u32(b);

  std::vector<std::uint8_t> file;
  ByteWriter w(file);
  w.bytes("WLTRACE\0", 8);
  w.u32(1);
  w.u32(std::uint32_t(header.size()));
  w.bytes(header.data(), header.size());
  w.u64(events.size());
  for (const V1Event& e : events) {
    w.u32(e.block);
    w.u32(e.seq);
    w.u16(e.thread);
    w.u16(e.step);
    w.u16(e.site);
    w.u8(std::uint8_t(e.op));
    w.u8(e.size);
    w.u32(e.address);
    w.u32(e.aux);
    w.u8(e.buffer);
    w.u8(e.flags);
    w.u16(e.reserved);
    w.u32(0);  // pad
    w.u64(e.value0);
    w.u64(0);
  }
  w.u64(fnv1a64(file.data(), file.size()));
  return file;
}

// Load, tree levels 0 and 2, finish; buffers input, partials, scratch; reserved bytes set.
std::vector<V1Event> v1_events() {
  return {
      {0, 0, 3, 0, 10, OpKind::GlobalLoad, 4, 12, 0, 1, 0, 0, 0x3f800000},
      {0, 1, 3, 1, 11, OpKind::SharedStore, 4, 12, 0, 0, 0, 0, 0x3f800000},
      {0, 2, 3, 3, 12, OpKind::SharedLoad, 4, 12, 0, 0, 0, 0, 0x3f800000},
      {2, 0, 0, 0xFFFF, 13, OpKind::GlobalStore, 4, 8, 0, 3, 0, 0, 0x40000000},
      {2, 1, 0, 0xFFFF, 14, OpKind::GlobalAtomic, 4, 0, 1, 4, 0, 0xBEEF, 1},
  };
}

TEST(TraceV1, FileLoadsConverted) {
  const Trace t = read_trace_bytes(v1_file(v1_events()));
  const TraceMeta& m = t.meta;
  ASSERT_EQ(m.launches.size(), 1u);
  EXPECT_EQ(m.launches[0].name, "sequential");
  EXPECT_EQ(m.launches[0].grid_dim, 4u);
  EXPECT_EQ(m.launches[0].block_dim, 64u);
  EXPECT_EQ(m.launches[0].shared_bytes, 0u);
  EXPECT_EQ(m.launches[0].n, 256u);
  EXPECT_EQ(m.grid_dim, 4u);
  EXPECT_EQ(m.block_dim, 64u);
  EXPECT_EQ(m.recorded_blocks, (std::vector<std::uint32_t>{0, 2}));

  ASSERT_EQ(m.buffers.size(), 4u);
  const char* names[] = {"input", "output", "partials", "scratch"};
  const char* types[] = {"f32", "f32", "f32", "u32"};
  const BufferRole roles[] = {BufferRole::Input, BufferRole::Output, BufferRole::Output, BufferRole::Temp};
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(m.buffers[i].id, i + 1);
    EXPECT_EQ(m.buffers[i].name, names[i]);
    EXPECT_EQ(m.buffers[i].type, types[i]);
    EXPECT_EQ(m.buffers[i].role, roles[i]);
  }
  EXPECT_EQ(m.buffers[0].elements, 256u);

  ASSERT_EQ(t.events.size(), 5u);
  const StepId steps[] = {kLoadStep, level_step(0), level_step(2), kFinishStep, kFinishStep};
  const BufferId buffers[] = {1, kNoBuffer, kNoBuffer, 3, 4};
  for (unsigned i = 0; i < 5; ++i) {
    EXPECT_EQ(t.events[i].step, steps[i]) << i;
    EXPECT_EQ(t.events[i].buffer, buffers[i]) << i;
    EXPECT_EQ(t.events[i].launch, 0) << i;  // version 1's reserved bytes are dropped
  }
  EXPECT_EQ(t.events[4].aux, 1u);
  ASSERT_EQ(m.steps.size(), 4u);
  EXPECT_EQ(m.steps[0].name, "load");
  EXPECT_EQ(m.steps[1].name, "level 0");
  EXPECT_EQ(m.steps[2].name, "level 2");
  EXPECT_EQ(m.steps[3].id, kFinishStep);
  EXPECT_EQ(m.steps[3].name, "finish");

  // Written again, it is a file of the current version holding the same trace.
  const auto again = write_trace_bytes(t);
  EXPECT_EQ(again[8], kTraceFormatVersion);
  test::expect_same_trace(t, read_trace_bytes(again));
}

TEST(TraceV1, RunThatLaunchedNothing) {
  V1Meta meta;
  meta.grid_dim = 0;
  meta.recorded_blocks.clear();
  const Trace t = read_trace_bytes(v1_file({}, meta));
  EXPECT_TRUE(t.meta.launches.empty());
  EXPECT_EQ(t.meta.grid_dim, 0u);
  EXPECT_EQ(t.meta.block_dim, 0u);
  EXPECT_EQ(t.meta.buffers.size(), 4u);
}

std::string v1_error(const std::vector<V1Event>& events, const V1Meta& meta = {}) {
  try {
    read_trace_bytes(v1_file(events, meta));
  } catch (const TraceError& e) {
    return e.what();
  }
  return "";
}

TEST(TraceV1, OutOfRangeFieldsAreRefused) {
  auto events = v1_events();
  events[2].step = 5000;
  EXPECT_NE(v1_error(events).find("event #2: step 5000 is out of range"), std::string::npos) << v1_error(events);
  events = v1_events();
  events[0].buffer = 5;
  EXPECT_NE(v1_error(events).find("unknown buffer 5"), std::string::npos) << v1_error(events);
  V1Meta meta;
  meta.block_dim = 0;
  EXPECT_NE(v1_error({}, meta).find("meta.block_dim 0 is outside [1, 1024]"), std::string::npos)
      << v1_error({}, meta);
  auto truncated = v1_file(v1_events());
  truncated.resize(truncated.size() - 9);
  EXPECT_THROW(read_trace_bytes(truncated), TraceError);
}

TEST(TraceV1, JsonDocumentLoadsConverted) {
  const nlohmann::json doc = nlohmann::json::parse(R"({
    "format": "warplens-trace", "version": 1,
    "meta": {"family": "reduce", "variant": "sequential", "op": "sum", "type": "f64", "backend": "sim",
             "n": 64, "block_dim": 32, "grid_dim": 2, "recorded_blocks": [1],
             "event_cap": 100, "events_dropped": 0},
    "events": [
      {"block": 1, "thread": 4, "warp": 0, "lane": 4, "step": 2, "site": 7, "seq": 0, "op": "shared_load",
       "address": 16, "bank": 4, "size": 8, "buffer": null, "taken": null, "aux": 0, "flags": 0,
       "values": [1.0], "raw": ["0x3ff0000000000000", "0x0000000000000000"]},
      {"block": 1, "thread": 0, "warp": 0, "lane": 0, "step": 65535, "site": 9, "seq": 0,
       "op": "global_store", "address": 4, "bank": null, "size": 4, "buffer": "scratch", "taken": null,
       "aux": 0, "flags": 0, "values": [1], "raw": ["0x0000000000000001", "0x0000000000000000"]}
    ]})");
  const Trace t = trace_from_json(doc);
  ASSERT_EQ(t.meta.launches.size(), 1u);
  EXPECT_EQ(t.meta.launches[0].block_dim, 32u);
  EXPECT_EQ(t.meta.buffers.size(), 4u);
  EXPECT_EQ(t.meta.buffers[3].type, "u32");
  ASSERT_EQ(t.events.size(), 2u);
  EXPECT_EQ(t.events[0].step, level_step(1));
  EXPECT_EQ(t.events[1].step, kFinishStep);
  EXPECT_EQ(t.events[1].buffer, 4);
  EXPECT_EQ(t.meta.steps.size(), 2u);
}

}  // namespace
}  // namespace wl
