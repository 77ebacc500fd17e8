// Every variant of every family, run on the simulator at a small n with every block recorded,
// records exactly the events it recorded when tests/kernels/trace_digests.txt was written: a
// change to how the simulator stores, orders or hands over events (issue 51) must not change
// one event. A kernel changed on purpose changes its line; write the file again with
//   WL_WRITE_TRACE_DIGESTS=tests/kernels/trace_digests.txt build/tests/kernels/kernels_sim_tests \
//     --gtest_filter=TraceDigest.*
// and say in the commit why its events changed.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "kernels/family/family.h"
#include "trace/byte_io.h"
#include "trace/trace_file.h"

namespace wl {
namespace {

constexpr std::uint64_t kN = 4096;  // 16 blocks of 256: every block recorded

// FNV-1a of the events as version 2 stores them (48 bytes each, every field, the time too).
std::string digest_of(const Trace& t) {
  const std::vector<std::uint8_t> bytes = write_trace_bytes(t, 2);
  const std::size_t events = t.events.size() * kEventRecordBytes;
  std::ostringstream out;
  out << t.events.size() << " " << std::hex << fnv1a64(bytes.data() + bytes.size() - 8 - events, events);
  return out.str();
}

std::map<std::string, std::string> digests_now() {
  std::map<std::string, std::string> out;
  for (const Family* family : families()) {
    for (const VariantSummary& v : family->variants()) {
      RunRequest r;
      r.family = std::string(family->id());
      r.variant = v.id;
      r.type = family->types().front();
      r.n = v.max_n && v.max_n < kN ? v.max_n : kN;
      r.record = true;
      r.record_blocks.clear();
      for (std::uint32_t b = 0; b < 64; ++b) r.record_blocks.push_back(b);
      r.event_cap = std::uint64_t(1) << 30;
      for (const std::string& op : family->ops()) {  // the first operator the variant takes
        r.op = op;
        if (validate(r).empty()) break;
      }
      EXPECT_EQ(validate(r), "") << r.family << " " << r.variant;
      const std::vector<unsigned char> input = family->make_input(r, Pattern::Random, 3);
      const std::string run = r.family + " " + r.variant;
      try {
        out[run] = digest_of(run_sim(r, input.data()).trace);
      } catch (const std::exception& e) {
        ADD_FAILURE() << run << ": " << e.what();
      }
    }
  }
  return out;
}

TEST(TraceDigest, EveryVariantRecordsTheEventsItDidBefore) {
  const std::map<std::string, std::string> now = digests_now();
  ASSERT_GT(now.size(), 45u);
  if (const char* path = std::getenv("WL_WRITE_TRACE_DIGESTS")) {
    std::ofstream out(path);
    out << "# family variant: events digest (tests/kernels/trace_digest_test.cpp)\n";
    for (const auto& [run, digest] : now) out << run << ": " << digest << "\n";
    GTEST_SKIP() << "wrote " << path;
  }
  std::ifstream in(std::string(WL_SOURCE_DIR) + "/tests/kernels/trace_digests.txt");
  ASSERT_TRUE(in) << "tests/kernels/trace_digests.txt is missing";
  std::map<std::string, std::string> before;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const auto colon = line.find(": ");
    before[line.substr(0, colon)] = line.substr(colon + 2);
  }
  EXPECT_EQ(before.size(), now.size());
  for (const auto& [run, digest] : now) EXPECT_EQ(before[run], digest) << run;
}

}  // namespace
}  // namespace wl
