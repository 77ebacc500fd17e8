#include "trace/trace_file.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>

#include "trace/byte_io.h"
#include "trace/trace_json.h"
#include "trace/trace_validate.h"
#include "trace/trace_validate.h"
#include "rich_trace.h"
#include "trace_builder.h"

namespace wl {
namespace {

using test::expect_same_trace;
using test::rich_trace;
using test::TraceBuilder;

// The message of the TraceError that reading `bytes` throws ("" if it does not throw).
std::string read_error(const std::vector<std::uint8_t>& bytes) {
  try {
    read_trace_bytes(bytes);
  } catch (const TraceError& e) {
    return e.what();
  }
  return "";
}

std::uint32_t header_length(const std::vector<std::uint8_t>& bytes) {
  return bytes[12] | bytes[13] << 8 | bytes[14] << 16 | std::uint32_t(bytes[15]) << 24;
}
std::size_t events_offset(const std::vector<std::uint8_t>& bytes) { return 16 + header_length(bytes) + 8; }

void put_le(std::vector<std::uint8_t>& bytes, std::size_t at, std::uint64_t v, int n) {
  for (int i = 0; i < n; ++i) bytes[at + i] = std::uint8_t(v >> (8 * i));
}

// Recomputes the trailing checksum, so a test reaches the checks behind it.
void reseal(std::vector<std::uint8_t>& bytes) {
  put_le(bytes, bytes.size() - 8, fnv1a64(bytes.data(), bytes.size() - 8), 8);
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("wl_test_" + std::to_string(::getpid()) + "_" + name)).string();
}

TEST(TraceFile, RoundTripKeepsEveryField) {
  const Trace original = rich_trace();
  expect_same_trace(original, read_trace_bytes(write_trace_bytes(original)));
}

TEST(TraceFile, RoundTripThroughAFile) {
  const Trace original = rich_trace();
  const std::string path = temp_path("roundtrip.wltrace");
  write_trace(original, path);
  expect_same_trace(original, read_trace(path));
  std::filesystem::remove(path);
}

TEST(TraceFile, RoundTripWithoutEvents) {
  Trace t = TraceBuilder(32).build();
  const Trace back = read_trace_bytes(write_trace_bytes(t));
  EXPECT_TRUE(back.events.empty());
  EXPECT_EQ(back.meta.block_dim, 32u);
}

// A learner's kernel names its file, whose lines the events' sites are; both formats keep it.
TEST(TraceFile, TheFileOfALearnersKernelRoundTrips) {
  Trace t = TraceBuilder(32).build();
  t.meta.variant_file = "exercises/mine.h";
  EXPECT_EQ(read_trace_bytes(write_trace_bytes(t)).meta.variant_file, "exercises/mine.h");
  const std::string path = temp_path("learner.json");
  write_trace_json(t, path);
  EXPECT_EQ(read_trace_json(path).meta.variant_file, "exercises/mine.h");
  std::filesystem::remove(path);
  EXPECT_EQ(read_trace_bytes(write_trace_bytes(TraceBuilder(32).build())).meta.variant_file, "");
}

// A built-in variant whose body is another file's template names that file; both formats keep it.
TEST(TraceFile, TheFileOfABorrowedBodyRoundTrips) {
  Trace t = TraceBuilder(32).build();
  t.meta.lines_file = "kernels/families/scan/hillis_steele.h";
  EXPECT_EQ(read_trace_bytes(write_trace_bytes(t)).meta.lines_file, t.meta.lines_file);
  const std::string path = temp_path("borrowed.json");
  write_trace_json(t, path);
  EXPECT_EQ(read_trace_json(path).meta.lines_file, t.meta.lines_file);
  std::filesystem::remove(path);
}

// A plain-CUDA kernel's shared arrays keep their names in both formats; older readers' traces
// (the table absent) name none.
TEST(TraceFile, SharedArrayNamesRoundTrip) {
  Trace t = TraceBuilder(32).build();
  t.meta.shared_arrays = {{"XY", 0, 4096}, {"partial", 4096, 1024}};
  const auto same = [&](const TraceMeta& m) {
    ASSERT_EQ(m.shared_arrays.size(), 2u);
    EXPECT_EQ(m.shared_arrays[1].name, "partial");
    EXPECT_EQ(m.shared_arrays[1].offset, 4096u);
    EXPECT_EQ(m.shared_arrays[1].bytes, 1024u);
    EXPECT_EQ(shared_element_name(m, 4100, 4), "partial[1]");
  };
  same(read_trace_bytes(write_trace_bytes(t)).meta);
  const std::string path = temp_path("shared-arrays.json");
  write_trace_json(t, path);
  same(read_trace_json(path).meta);
  std::filesystem::remove(path);
  EXPECT_TRUE(read_trace_bytes(write_trace_bytes(TraceBuilder(32).build())).meta.shared_arrays.empty());
}

// A recorded program's trace carries its source text (warplens record); both formats keep it,
// and a text past the limit is refused rather than written.
TEST(TraceFile, CarriedSourceTextRoundTrips) {
  Trace t = TraceBuilder(32).build();
  t.meta.variant_file = "course.cu";
  t.meta.sources = {{"course.cu", "__global__ void k() {}\n// \xe2\x9c\x93 line 2\n"}, {"k.sass", "/*0000*/ EXIT ;\n"}};
  const Trace back = read_trace_bytes(write_trace_bytes(t));
  ASSERT_EQ(back.meta.sources.size(), 2u);
  EXPECT_EQ(back.meta.sources[0].path, "course.cu");
  EXPECT_EQ(back.meta.sources[0].text, t.meta.sources[0].text);
  EXPECT_EQ(back.meta.sources[1].text, t.meta.sources[1].text);
  const std::string path = temp_path("carried.json");
  write_trace_json(t, path);
  const Trace json = read_trace_json(path);
  ASSERT_EQ(json.meta.sources.size(), 2u);
  EXPECT_EQ(json.meta.sources[1].path, "k.sass");
  EXPECT_EQ(json.meta.sources[0].text, t.meta.sources[0].text);
  std::filesystem::remove(path);
  t.meta.sources[1].text.assign(kMaxSourceTextLength + 1, 'x');
  EXPECT_THROW(write_trace_bytes(t), TraceError);
}

TEST(TraceFile, LayoutMatchesTheDocumentedBytes) {
  TraceBuilder b(64);
  Event& e = b.shared(0, 33, OpKind::SharedStore, 0x1234, 0x40, 4, 0x0102030405060708ull);
  e.aux = 0xA1A2A3A4;
  const auto bytes = write_trace_bytes(b.build(), 2);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes.data()), 8), std::string("WLTRACE\0", 8));
  EXPECT_EQ(bytes[8], 2);  // version 2, little-endian
  EXPECT_EQ(bytes[9] | bytes[10] | bytes[11], 0);
  // Header: 5 strings ("reduce", "synthetic", "sum", "i32", "sim") with u32 lengths, then
  // n, block_dim, grid_dim, event_cap, events_dropped, and 1 recorded block; then the tables:
  // 1 launch ("synthetic", grid, block, shared bytes, n), 4 buffers (id, name, type "i32" or
  // "u32", role, elements), 1 step (id, "load").
  const std::size_t v1_fields = 5 * 4 + 6 + 9 + 3 + 3 + 3 + 8 + 4 + 4 + 8 + 8 + 4 + 4;
  const std::size_t launches = 4 + (4 + 9 + 4 + 4 + 4 + 8);
  const std::size_t buffers = 4 + 4 * (1 + 4 + 4 + 3 + 1 + 8) + 5 + 6 + 8 + 7;  // + the names
  const std::size_t steps = 4 + (2 + 4 + 4);
  const std::size_t clocks = 8 + 4;  // sm_clock_mhz, and no warp clocks: a simulator trace
  const std::size_t params = 4 + (4 + 4);  // no parameters; one launch's shared_columns
  const std::size_t sm_count = 4;
  const std::size_t fault = 1;  // none: the run did not stop on a kernel bug
  const std::size_t ranks = 2 + 2 * 1 + 2 * 4;  // meta.ranks, then each launch's and buffer's
  const std::size_t variant_file = 4;  // an empty string: a built-in variant
  const std::size_t lines_file = 4;    // an empty string: its lines are its own file's
  const std::size_t sources = 4;       // u32 0: no carried source text
  const std::size_t shared_arrays = 4; // u32 0: no named shared arrays
  EXPECT_EQ(header_length(bytes), v1_fields + launches + buffers + steps + clocks + params + sm_count + fault + ranks +
                                      variant_file + lines_file + sources + shared_arrays);
  const std::size_t launch_at = 16 + v1_fields + 4;
  EXPECT_EQ(bytes[launch_at], 9);                                           // name length
  EXPECT_EQ(std::string(bytes.begin() + long(launch_at) + 4, bytes.begin() + long(launch_at) + 13), "synthetic");
  EXPECT_EQ(bytes[launch_at + 17], 64);                                     // block_dim
  const std::size_t buffer_at = 16 + v1_fields + launches + 4;
  EXPECT_EQ(bytes[buffer_at], 1);                                           // id
  EXPECT_EQ(std::string(bytes.begin() + long(buffer_at) + 5, bytes.begin() + long(buffer_at) + 10), "input");
  EXPECT_EQ(bytes[buffer_at + 10 + 4 + 3], 0);                              // role Input
  const std::size_t step_at = 16 + v1_fields + launches + buffers + 4;
  EXPECT_EQ(bytes[step_at] | bytes[step_at + 1], 0);                        // kLoadStep
  EXPECT_EQ(std::string(bytes.begin() + long(step_at) + 6, bytes.begin() + long(step_at) + 10), "load");
  const std::size_t count_at = 16 + header_length(bytes);
  EXPECT_EQ(bytes[count_at], 1);
  const std::size_t ev = events_offset(bytes);
  EXPECT_EQ(bytes[ev + 8], 33);      // thread
  EXPECT_EQ(bytes[ev + 12], 0x34);   // site, low byte first
  EXPECT_EQ(bytes[ev + 13], 0x12);
  EXPECT_EQ(bytes[ev + 14], 3);      // op = SharedStore
  EXPECT_EQ(bytes[ev + 15], 4);      // size
  EXPECT_EQ(bytes[ev + 16], 0x40);   // address
  EXPECT_EQ(bytes[ev + 20], 0xA4);   // aux
  EXPECT_EQ(bytes[ev + 26] | bytes[ev + 27], 0);  // launch
  EXPECT_EQ(bytes[ev + 32], 0x08);   // value[0], low byte first
  EXPECT_EQ(bytes[ev + 39], 0x01);
  EXPECT_EQ(bytes.size(), ev + 48 + 8);
  std::uint64_t stored = 0;
  for (int i = 0; i < 8; ++i) stored |= std::uint64_t(bytes[bytes.size() - 8 + i]) << (8 * i);
  EXPECT_EQ(stored, fnv1a64(bytes.data(), bytes.size() - 8));
}

TEST(TraceFile, MissingFile) {
  try {
    read_trace(temp_path("does_not_exist.wltrace"));
    FAIL() << "no error";
  } catch (const TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos) << e.what();
  }
}

TEST(TraceFile, EmptyInput) {
  EXPECT_NE(read_error({}).find("empty"), std::string::npos);
  const std::string path = temp_path("empty.wltrace");
  std::FILE* f = std::fopen(path.c_str(), "wb");
  std::fclose(f);
  try {
    read_trace(path);
    FAIL() << "no error";
  } catch (const TraceError& e) {
    EXPECT_NE(std::string(e.what()).find("empty"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
}

TEST(TraceFile, WrongMagic) {
  auto bytes = write_trace_bytes(rich_trace());
  bytes[0] = 'X';
  EXPECT_NE(read_error(bytes).find("not a WarpLens trace"), std::string::npos);
  EXPECT_NE(read_error({'h', 'e', 'l', 'l', 'o'}).find("not a WarpLens trace"), std::string::npos);
  const std::string json = R"({"format":"warplens-trace"})";
  EXPECT_NE(read_error(std::vector<std::uint8_t>(json.begin(), json.end())).find("not a WarpLens trace"),
            std::string::npos);
}

TEST(TraceFile, NewerAndZeroVersion) {
  auto bytes = write_trace_bytes(rich_trace());
  bytes[8] = 4;
  EXPECT_NE(read_error(bytes).find("newer format version 4"), std::string::npos) << read_error(bytes);
  bytes[8] = 0;
  EXPECT_NE(read_error(bytes).find("invalid format version 0"), std::string::npos) << read_error(bytes);
}

// The versions written: 3, and 2 for readers of before it.
constexpr std::uint32_t kWritten[] = {2, 3};

TEST(TraceFile, TruncatedAtEveryOffset) {
  for (std::uint32_t version : kWritten) {
    const auto bytes = write_trace_bytes(rich_trace(), version);
    for (std::size_t n = 1; n < bytes.size(); ++n) {
      const std::vector<std::uint8_t> prefix(bytes.begin(), bytes.begin() + long(n));
      EXPECT_NE(read_error(prefix).find("truncated"), std::string::npos)
          << "version " << version << " at " << n << ": " << read_error(prefix);
    }
  }
}

TEST(TraceFile, FlippedByteIsCorrupt) {
  for (std::uint32_t version : kWritten) {
    const auto bytes = write_trace_bytes(rich_trace(), version);
    const std::size_t count_at = 16 + header_length(bytes);
    const std::size_t counts = version == 2 ? 8 : 16;  // the event count; version 3: and their bytes
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      auto damaged = bytes;
      damaged[i] ^= 0x20;
      const std::string error = read_error(damaged);
      EXPECT_FALSE(error.empty()) << "version " << version << ": flip at " << i << " went unnoticed";
      // Content bytes (header fields, events, the checksum) are caught by the checksum.
      const bool content = (i >= 16 && i < count_at) || i >= count_at + counts;
      if (content) {
        EXPECT_NE(error.find("corrupt"), std::string::npos) << "version " << version << ": flip at " << i << ": " << error;
      }
    }
  }
}

TEST(TraceFile, HugeEventCountIsRejectedWithoutAllocating) {
  for (std::uint32_t version : kWritten) {
    auto bytes = write_trace_bytes(rich_trace(), version);
    const std::size_t count_at = 16 + header_length(bytes);
    for (std::uint64_t count : {std::uint64_t(1) << 62, ~std::uint64_t(0), std::uint64_t(1000000)}) {
      put_le(bytes, count_at, count, 8);
      reseal(bytes);
      const std::string error = read_error(bytes);
      EXPECT_NE(error.find("event count " + std::to_string(count)), std::string::npos) << version << ": " << error;
    }
  }
}

TEST(TraceFile, TrailingBytesAreCorrupt) {
  for (std::uint32_t version : kWritten) {
    auto bytes = write_trace_bytes(rich_trace(), version);
    bytes.insert(bytes.end() - 8, {0, 0, 0, 0});
    reseal(bytes);
    EXPECT_NE(read_error(bytes).find("corrupt"), std::string::npos) << version << ": " << read_error(bytes);
  }
}

// Version 3's encoded events, each damaged behind a valid checksum (a broken writer): the
// decoder says "corrupt" or the trace checks say "invalid", and never crashes.
TEST(TraceFile, DamagedEncodedEventsAreCaught) {
  const auto good = write_trace_bytes(rich_trace(), 3);
  const std::size_t events_at = 16 + header_length(good) + 16;
  int caught = 0;
  for (std::size_t i = events_at; i + 8 < good.size(); ++i)
    for (std::uint8_t flip : {0x01, 0x80, 0xFF}) {
      auto bytes = good;
      bytes[i] ^= flip;
      reseal(bytes);
      const std::string error = read_error(bytes);
      if (!error.empty()) {
        ++caught;
        EXPECT_TRUE(error.find("corrupt") != std::string::npos || error.find("invalid") != std::string::npos) << error;
      }
    }
  EXPECT_GT(caught, 0);
  // Every event takes a byte at least: a count past the bytes is refused before allocating.
  auto bytes = good;
  put_le(bytes, events_at - 16, good.size(), 8);
  reseal(bytes);
  EXPECT_NE(read_error(bytes).find("at least one"), std::string::npos) << read_error(bytes);
}

// SIMT-shaped events (every thread the same instructions at its own addresses and values)
// take a few bytes each in version 3; a thread longer than the positions kept for the next
// thread (65536) still round-trips, predicted from the event before it.
TEST(TraceFile, VersionThreeIsCompactAndRoundTripsLongThreads) {
  TraceBuilder b(64);
  for (std::uint16_t t = 0; t < 64; ++t)
    for (unsigned k = 0; k < 100; ++k) {
      b.global(0, t, OpKind::GlobalLoad, 10, 4 * (t + 64 * k), 4, test::kInput, 1000 + t * 7 + k);
      b.shared(0, t, OpKind::SharedStore, 11, 4 * t);
      b.barrier(0, t, 12);
    }
  const Trace simt = b.build();
  const auto v3 = write_trace_bytes(simt, 3), v2 = write_trace_bytes(simt, 2);
  expect_same_trace(simt, read_trace_bytes(v3));
  EXPECT_LT(v3.size() * 16, v2.size()) << v3.size() << " bytes against " << v2.size();

  TraceBuilder long_thread(64);
  for (unsigned k = 0; k < 70000; ++k) long_thread.shared(0, 0, OpKind::SharedLoad, 20, 4 * (k % 64), 4, k);
  for (unsigned k = 0; k < 70000; ++k) long_thread.shared(0, 1, OpKind::SharedLoad, 20, 4 * (k % 64), 4, k + 1);
  const Trace t = long_thread.build();
  expect_same_trace(t, read_trace_bytes(write_trace_bytes(t, 3)));
}

TEST(TraceFile, VersionTwoFilesStillRead) {
  const Trace original = rich_trace();
  expect_same_trace(original, read_trace_bytes(write_trace_bytes(original, 2)));
  EXPECT_THROW(write_trace_bytes(original, 1), std::invalid_argument);
}

TEST(TraceFile, ExtraHeaderBytesAreIgnored) {
  // A later writer of the same version may append header fields; this reader skips them.
  for (std::uint32_t version : kWritten) {
    auto bytes = write_trace_bytes(rich_trace(), version);
    const std::uint32_t len = header_length(bytes);
    bytes.insert(bytes.begin() + 16 + len, {1, 2, 3, 4, 5});
    put_le(bytes, 12, len + 5, 4);
    reseal(bytes);
    expect_same_trace(rich_trace(), read_trace_bytes(bytes));
  }
}

// Field-level checks behind a valid checksum: a broken writer, not a damaged disk.
struct BadField {
  const char* name;
  std::size_t event;         // which event record
  std::size_t event_offset;  // byte within it
  std::uint64_t value;
  int width;
  const char* message;
};

TEST(TraceFile, OutOfRangeEventFields) {
  const std::size_t last = rich_trace().events.size() - 1;  // the event of launch 1
  const BadField cases[] = {
      {"op", 0, 14, 200, 1, "unknown op kind 200"},
      {"thread", 0, 8, 64, 2, "thread 64 >= block_dim 64 of launch 0"},
      {"thread of launch 1", last, 8, 40, 2, "thread 40 >= block_dim 32 of launch 1"},
      {"block", 0, 0, 8, 4, "block 8 >= grid_dim 8 of launch 0"},
      {"block of launch 1", last, 0, 5, 4, "block 5 >= grid_dim 4 of launch 1"},
      {"unrecorded block", 0, 0, 4, 4, "not in meta.recorded_blocks"},
      {"launch", 0, 26, 2, 2, "launch 2 >= the 2 launches"},
      {"unlisted step", 0, 10, 0x1005, 2, "step 4101 (level 5) is not in meta.steps"},
      {"size", 0, 15, 3, 1, "access size 3"},
      {"alignment", 0, 16, 22, 4, "not aligned"},
      {"buffer", 0, 24, 9, 1, "unknown buffer 9"},
  };
  const auto good = write_trace_bytes(rich_trace(), 2);  // fixed 48-byte records to patch
  for (const BadField& c : cases) {
    auto bytes = good;
    put_le(bytes, events_offset(bytes) + c.event * 48 + c.event_offset, c.value, c.width);
    reseal(bytes);
    const std::string error = read_error(bytes);
    EXPECT_NE(error.find("invalid trace"), std::string::npos) << c.name << ": " << error;
    EXPECT_NE(error.find(c.message), std::string::npos) << c.name << ": " << error;
  }
}

TEST(TraceFile, OutOfRangeHeaderFields) {
  TraceBuilder b(64);
  b.shared(0, 1, OpKind::SharedLoad, 1, 0);
  const auto good = write_trace_bytes(b.build());
  // block_dim sits after the 5 strings and n; the launch's after recorded_blocks (1 block),
  // the launch count, the name "synthetic" and grid_dim.
  const std::size_t block_dim_at = 16 + 5 * 4 + 6 + 9 + 3 + 3 + 3 + 8;
  const std::size_t launch_block_dim_at = block_dim_at + 4 + 4 + 8 + 8 + 4 + 4 + 4 + 4 + 9 + 4;
  for (std::uint32_t block_dim : {0u, 2048u}) {
    auto bytes = good;
    put_le(bytes, block_dim_at, block_dim, 4);
    reseal(bytes);
    EXPECT_NE(read_error(bytes).find("meta.block_dim " + std::to_string(block_dim) + " != block_dim 64 of launch 0"),
              std::string::npos)
        << read_error(bytes);
    put_le(bytes, launch_block_dim_at, block_dim, 4);
    reseal(bytes);
    EXPECT_NE(read_error(bytes).find("launch 0: block_dim " + std::to_string(block_dim) + " is outside [1, 1024]"),
              std::string::npos)
        << read_error(bytes);
  }
  auto bytes = good;
  put_le(bytes, 16, 0xFFFFFF, 4);  // family's length runs far past the header
  reseal(bytes);
  EXPECT_NE(read_error(bytes).find("invalid trace header"), std::string::npos) << read_error(bytes);
}

TEST(TraceFile, WarpClocksMustFitTheirLaunch) {
  auto error_of = [](const Trace& t) -> std::string {
    try {
      write_trace_bytes(t);
    } catch (const TraceError& e) {
      return e.what();
    }
    return "";
  };
  Trace t = rich_trace();  // launch 0: 8 blocks of 64 threads, so warps 0 and 1
  t.meta.clocks[0].warp = 2;
  EXPECT_NE(error_of(t).find("clock #0: warp 2 past the block"), std::string::npos) << error_of(t);
  t = rich_trace();
  t.meta.clocks[1].launch = 2;
  EXPECT_NE(error_of(t).find("clock #1: launch 2 was not recorded"), std::string::npos) << error_of(t);
  t = rich_trace();
  t.meta.sm_clock_mhz = 0;
  EXPECT_NE(error_of(t).find("warp clocks without meta.sm_clock_mhz"), std::string::npos) << error_of(t);
}

TEST(TraceFile, WriterRefusesAnInvalidTrace) {
  TraceBuilder b(32);
  b.shared(0, 40, OpKind::SharedLoad, 1, 0);  // thread 40 in a block of 32
  EXPECT_THROW(write_trace_bytes(b.build()), TraceError);
  Trace t = TraceBuilder(32).build();
  t.meta.launches[0].block_dim = t.meta.block_dim = 0;
  EXPECT_THROW(write_trace_bytes(t), TraceError);
}

TEST(TraceFile, RoundTripOfARunThatLaunchedNothing) {
  // n = 0: no launches, grid_dim and block_dim 0, no events.
  Trace t;
  t.meta.variant = "sequential";
  t.meta.buffers = TraceBuilder(32).build().meta.buffers;
  const Trace back = read_trace_bytes(write_trace_bytes(t));
  EXPECT_TRUE(back.meta.launches.empty());
  EXPECT_EQ(back.meta.grid_dim, 0u);
  EXPECT_EQ(back.meta.buffers.size(), 4u);
}

// Random damage, with and without a fixed-up checksum: TraceError or a valid trace, nothing else.
TEST(TraceFile, RandomDamageNeverCrashes) {
  const std::vector<std::uint8_t> written[] = {write_trace_bytes(rich_trace(), 2), write_trace_bytes(rich_trace(), 3)};
  std::mt19937 rng(12345);
  int accepted = 0;
  for (int iter = 0; iter < 4000; ++iter) {
    auto bytes = written[iter % 4 < 2];
    const int flips = 1 + int(rng() % 4);
    for (int f = 0; f < flips; ++f) bytes[rng() % bytes.size()] = std::uint8_t(rng());
    if (rng() % 4 == 0) bytes.resize(rng() % bytes.size());
    if (iter % 2 == 0 && bytes.size() >= 8) reseal(bytes);
    try {
      const Trace t = read_trace_bytes(bytes);
      EXPECT_NO_THROW(validate_trace(t));
      ++accepted;
    } catch (const TraceError&) {
    } catch (const std::exception& e) {
      FAIL() << "iteration " << iter << ": unexpected " << e.what();
    }
  }
  std::vector<std::uint8_t> noise(300);
  for (int iter = 0; iter < 500; ++iter) {
    for (auto& b : noise) b = std::uint8_t(rng());
    EXPECT_THROW(read_trace_bytes(noise), TraceError);
  }
  EXPECT_LT(accepted, 4000);
}

TEST(TraceSort, CanonicalOrderIsLaunchBlockThreadSeqAndStable) {
  TraceBuilder b(64, 4);
  b.shared(2, 1, OpKind::SharedLoad, 1, 0);
  b.shared(0, 5, OpKind::SharedLoad, 2, 0);
  b.shared(0, 1, OpKind::SharedLoad, 3, 0);
  b.shared(0, 5, OpKind::SharedLoad, 4, 0);
  b.shared(0, 1, OpKind::SharedLoad, 5, 0);
  Trace t = b.build();
  std::reverse(t.events.begin(), t.events.end());
  // Two events with the same (block, thread, seq): their order must be kept.
  Event dup = t.events.back();
  dup.site = 99;
  t.events.push_back(dup);
  // A later launch comes after every event of launch 0, whatever its block and thread.
  Event later = t.events.front();
  later.launch = 1;
  later.block = 0;
  later.thread = 0;
  later.site = 100;
  t.events.insert(t.events.begin(), later);
  sort_canonical(t.events);
  std::vector<std::uint16_t> sites;
  for (const Event& e : t.events) sites.push_back(e.site);
  EXPECT_EQ(sites, (std::vector<std::uint16_t>{3, 5, 2, 4, 1, 99, 100}));
}

}  // namespace
}  // namespace wl
