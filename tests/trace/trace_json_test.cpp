#include "trace/trace_json.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>

#include "rich_trace.h"
#include "trace_builder.h"

namespace wl {
namespace {

using nlohmann::json;
using test::TraceBuilder;

std::uint64_t f32_bits(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
std::uint64_t f64_bits(double d) {
  std::uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

TEST(TraceJson, SharedEventHasWarpLaneAndBank) {
  TraceBuilder b(128);
  b.step(level_step(1));
  b.shared(0, 37, OpKind::SharedLoad, 55, 132 + 4 * 32, 4, std::uint32_t(-7));
  const Trace t = b.build();
  const json j = event_to_json(t.events[0], t.meta);
  EXPECT_EQ(j["thread"], 37);
  EXPECT_EQ(j["warp"], 1);
  EXPECT_EQ(j["lane"], 5);
  EXPECT_EQ(j["bank"], 1);  // word 65 -> bank 1
  EXPECT_EQ(j["address"], 260);
  EXPECT_EQ(j["op"], "shared_load");
  EXPECT_EQ(j["step"], level_step(1));
  EXPECT_EQ(j["launch"], 0);
  EXPECT_EQ(j["site"], 55);
  EXPECT_EQ(j["seq"], 0);
  EXPECT_TRUE(j["buffer"].is_null());
  EXPECT_TRUE(j["taken"].is_null());
  EXPECT_EQ(j["values"], json::array({-7}));
  EXPECT_EQ(j["raw"], json::array({"0x00000000fffffff9", "0x0000000000000000"}));
}

TEST(TraceJson, GlobalAndControlEvents) {
  TraceBuilder b(64);
  b.global(0, 63, OpKind::GlobalStore, 9, 4 * 33, 4, test::kOutput, 5);
  b.branch(0, 63, 10, true);
  b.branch(0, 62, 10, false);
  b.barrier(0, 63, 11);
  const Trace t = b.build();
  const json g = event_to_json(t.events[0], t.meta);
  EXPECT_TRUE(g["bank"].is_null());
  EXPECT_EQ(g["buffer"], "output");
  EXPECT_EQ(g["warp"], 1);
  EXPECT_EQ(g["lane"], 31);
  EXPECT_EQ(event_to_json(t.events[1], t.meta)["taken"], true);
  EXPECT_EQ(event_to_json(t.events[2], t.meta)["taken"], false);
  EXPECT_EQ(event_to_json(t.events[1], t.meta)["values"], json::array());
  EXPECT_EQ(event_to_json(t.events[3], t.meta)["op"], "barrier");
  EXPECT_EQ(event_to_json(t.events[3], t.meta)["values"], json::array());
}

TEST(TraceJson, ValuesFollowTheElementType) {
  {
    TraceBuilder b(32, 1, "f32");
    Event& v = b.global(0, 0, OpKind::GlobalLoad, 1, 0, 16, test::kInput,
                        f32_bits(1.5f) | f32_bits(-2.0f) << 32);
    v.value[1] = f32_bits(0.25f) | f32_bits(8.0f) << 32;
    b.add(0, 1, OpKind::Shuffle, 2, 0, 4, kNoBuffer, f32_bits(3.0f), f32_bits(4.5f));
    const Trace t = b.build();
    EXPECT_EQ(event_to_json(t.events[0], t.meta)["values"], json::array({1.5, -2.0, 0.25, 8.0}));
    EXPECT_EQ(event_to_json(t.events[1], t.meta)["values"], json::array({3.0, 4.5}));
  }
  {
    TraceBuilder b(32, 1, "f64");
    Event& v = b.global(0, 0, OpKind::GlobalLoad, 1, 0, 16, test::kInput, f64_bits(0.1));
    v.value[1] = f64_bits(-1e300);
    b.global(0, 1, OpKind::GlobalLoad, 2, 4, 4, test::kScratch, 0xFFFFFFFF);  // a u32 flag
    b.add(0, 2, OpKind::Shuffle, 3, 0, 8, kNoBuffer, f64_bits(2.5), f64_bits(-0.5));
    const Trace t = b.build();
    EXPECT_EQ(event_to_json(t.events[0], t.meta)["values"], json::array({0.1, -1e300}));
    EXPECT_EQ(event_to_json(t.events[1], t.meta)["values"], json::array({4294967295u}));
    EXPECT_EQ(event_to_json(t.events[2], t.meta)["values"], json::array({2.5, -0.5}));
  }
  {
    // NaN has no JSON spelling: it is written as null, and the raw bits keep it.
    TraceBuilder b(32, 1, "f32");
    b.shared(0, 0, OpKind::SharedLoad, 1, 0, 4, 0x7fc00000);
    const Trace t = b.build();
    const json j = event_to_json(t.events[0], t.meta);
    EXPECT_EQ(j["values"].dump(), "[null]");
    EXPECT_EQ(j["raw"][0], "0x000000007fc00000");
  }
  {
    TraceBuilder b(32, 1, "i32");
    Event& v = b.global(0, 0, OpKind::GlobalLoad, 1, 0, 16, test::kInput, 0xFFFFFFFF00000001ull);
    v.value[1] = 0x7FFFFFFF80000000ull;
    b.add(0, 1, OpKind::Vote, 2, 0, 0, kNoBuffer, 1, 0xF0F0F0F0);
    const Trace t = b.build();
    EXPECT_EQ(event_to_json(t.events[0], t.meta)["values"], json::array({1, -1, -2147483648LL, 2147483647}));
    EXPECT_EQ(event_to_json(t.events[1], t.meta)["values"], json::array({1, 0xF0F0F0F0u}));
  }
  {
    TraceBuilder b(32, 1, "u32");
    b.shared(0, 0, OpKind::SharedAtomic, 1, 0, 4, 0xFFFFFFFE);
    const Trace t = b.build();
    EXPECT_EQ(event_to_json(t.events[0], t.meta)["values"], json::array({4294967294u}));
  }
  {
    TraceBuilder b(32, 1, "mystery");  // unknown type: raw unsigned integers
    b.shared(0, 0, OpKind::SharedLoad, 1, 0, 4, 0xFFFFFFFF);
    const Trace t = b.build();
    EXPECT_EQ(event_to_json(t.events[0], t.meta)["values"], json::array({4294967295u}));
  }
}

Trace sample_trace() {
  TraceBuilder b(64, 4, "f32");
  b.global(1, 3, OpKind::GlobalLoad, 10, 12, 4, test::kInput, f32_bits(1.0f));
  b.step(level_step(0));
  b.shared(1, 3, OpKind::SharedStore, 11, 12, 4, f32_bits(1.0f));
  b.branch(3, 40, 12, true);
  b.add(3, 41, OpKind::WarpSync, 13).aux = 0xFFFFFFFF;
  b.step(kFinishStep);
  b.global(3, 0, OpKind::GlobalAtomic, 14, 4, 4, test::kOutput, f32_bits(-3.0f)).aux = 4;
  Trace t = b.build();
  t.meta.events_dropped = 2;
  t.meta.event_cap = 5;
  return t;
}

TEST(TraceJson, StreamingMatchesTheDocument) {
  const Trace t = sample_trace();
  std::ostringstream out;
  write_trace_json(t, out);
  const json streamed = json::parse(out.str());
  EXPECT_EQ(streamed, trace_to_json(t));
  EXPECT_EQ(streamed["format"], "warplens-trace");
  EXPECT_EQ(streamed["meta"]["recorded_blocks"], json::array({1, 3}));
  EXPECT_EQ(streamed["events"].size(), t.events.size());
}

TEST(TraceJson, ImportRoundTrips) {
  const Trace t = sample_trace();
  const Trace back = trace_from_json(trace_to_json(t));
  EXPECT_EQ(back.meta.recorded_blocks, t.meta.recorded_blocks);
  EXPECT_EQ(back.meta.events_dropped, 2u);
  EXPECT_EQ(back.meta.type, "f32");
  ASSERT_EQ(back.events.size(), t.events.size());
  for (std::size_t i = 0; i < t.events.size(); ++i)
    EXPECT_EQ(std::memcmp(&back.events[i], &t.events[i], sizeof(Event)), 0) << "event " << i;

  const std::string path =
      (std::filesystem::temp_directory_path() / ("wl_test_" + std::to_string(::getpid()) + ".json")).string();
  write_trace_json(t, path);
  EXPECT_EQ(read_trace_json(path).events.size(), t.events.size());
  std::filesystem::remove(path);
}

// The multiprocessors a run was sized for come back; a document from before they were kept reads 0.
TEST(TraceJson, SmCountRoundTripsAndIsOptional) {
  Trace t = sample_trace();
  t.meta.sm_count = 78;
  json doc = trace_to_json(t);
  EXPECT_EQ(trace_from_json(doc).meta.sm_count, 78u);
  doc["meta"].erase("sm_count");
  EXPECT_EQ(trace_from_json(doc).meta.sm_count, 0u);
}

TEST(TraceJson, ImportRejectsBadDocuments) {
  const json good = trace_to_json(sample_trace());
  auto expect_error = [](const json& doc, const std::string& text) {
    try {
      trace_from_json(doc);
      ADD_FAILURE() << "accepted; wanted " << text;
    } catch (const TraceError& e) {
      EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    }
  };
  json doc = good;
  doc["format"] = "something-else";
  expect_error(doc, "not a WarpLens JSON trace");
  doc = good;
  doc["version"] = 7;
  expect_error(doc, "newer");
  doc = good;
  doc["events"][0]["op"] = "teleport";
  expect_error(doc, "unknown op 'teleport'");
  doc = good;
  doc["events"][0]["thread"] = -1;
  expect_error(doc, "'thread'");
  doc = good;
  doc["events"][0]["step"] = 70000;
  expect_error(doc, "'step'");
  doc = good;
  doc["events"][0].erase("raw");
  expect_error(doc, "invalid JSON trace");
  doc = good;
  doc["events"][0]["raw"][0] = "0xZZ";
  expect_error(doc, "raw value");
  doc = good;
  doc["events"][0]["thread"] = 64;  // block_dim is 64
  expect_error(doc, "thread 64 >= block_dim 64");
  expect_error(json::array(), "not a WarpLens JSON trace");
  doc = good;
  doc["events"][0]["buffer"] = "nowhere";
  expect_error(doc, "unknown buffer 'nowhere'");
  doc = good;
  doc["meta"]["buffers"][0]["role"] = "mystery";
  expect_error(doc, "unknown buffer role 'mystery'");
  doc = good;
  doc["meta"].erase("launches");
  expect_error(doc, "invalid JSON trace");
}

TEST(TraceJson, TwoLaunchesRoundTrip) {
  const Trace t = test::rich_trace();
  const json doc = trace_to_json(t);
  EXPECT_EQ(doc["version"], 2);
  EXPECT_EQ(doc["meta"]["launches"][1]["name"], "last-pass");
  EXPECT_EQ(doc["meta"]["buffers"][3]["role"], "temp");
  EXPECT_EQ(doc["meta"]["steps"].back()["name"], "finish");
  EXPECT_EQ(doc["events"].back()["launch"], 1);
  EXPECT_EQ(doc["events"].back()["buffer"], "scratch");
  const Trace& want = t;
  test::expect_same_trace(want, trace_from_json(doc));
  std::ostringstream out;
  write_trace_json(t, out);
  test::expect_same_trace(want, trace_from_json(json::parse(out.str())));
}

TEST(TraceJson, GlobalValuesFollowTheirBuffersType) {
  // A u32 ticket in an f32 run decodes as u32; shared values keep the run's f32.
  TraceBuilder b(32, 1, "f32");
  b.global(0, 0, OpKind::GlobalAtomic, 1, 0, 4, test::kScratch, 0x3f800000);
  b.shared(0, 0, OpKind::SharedLoad, 2, 0, 4, 0x3f800000);
  const Trace t = b.build();
  EXPECT_EQ(event_to_json(t.events[0], t.meta)["values"], json::array({0x3f800000u}));
  EXPECT_EQ(event_to_json(t.events[1], t.meta)["values"], json::array({1.0}));
}

}  // namespace
}  // namespace wl
