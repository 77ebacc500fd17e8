// Every scan variant on the GPU equals the CPU reference bit for bit (inclusive and exclusive,
// every operator and type, up to 2^22 + 3 elements: thousands of tiles for the look-back), and
// the deterministic variants record the simulator's trace, event for event.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "kernels/families/scan/traits.h"
#include "kernels/families/scan/reference.h"
#include "tests/kernels/reduce_inputs.h"
#include "tests/kernels/scan_requests.h"

namespace wl::scan {
namespace {

using test::scan_request;

class GpuScan : public testing::TestWithParam<std::string> {};

TEST_P(GpuScan, EqualsCpuReferenceForEveryOpTypeAndSize) {
  const ScanVariantInfo& info = *find_variant_info<Traits>(GetParam());
  for (const char* op : {"sum", "max", "min"})
    for (const char* type : {"i32", "f32"})
      for (std::uint64_t n : {1ull, 33ull, 1000ull, 4096ull, 65539ull, (1ull << 20) + 5, (1ull << 22) + 3})
        for (bool exclusive : {false, true})
          if (!info.max_n || n <= info.max_n)  // naive-quadratic: small n only
          visit_op_in(Traits::Ops{}, op, [&](auto o) {
            visit_type_in(Traits::Types{}, type, [&](auto t) {
              using T = typename decltype(t)::type;
              const std::vector<T> input = test::exact_input<T>(op, n, n + 7);
              const RunResult out = run_gpu(scan_request(GetParam(), op, type, n, 256, exclusive), input.data());
              const std::vector<T> expected = reference_scan<typename decltype(o)::type>(input, exclusive);
              EXPECT_EQ(out.result.count(), n);
              EXPECT_EQ(test::wrong_bits(out.result, expected), 0u) << op << " " << type << " n=" << n << (exclusive ? " exclusive" : " inclusive")
                                   << ": " << out.check.expected;
            });
          });
}

// The float policy of core/ops.h through every scan variant: -0 below +0, and a NaN with a sign
// and a payload turns every output from its place on into the canonical NaN, bit for bit as the
// CPU reference (the GPU's max.NaN and min.NaN against the reference's selects).
TEST_P(GpuScan, FloatMaxAndMinFollowTheNanAndSignedZeroPolicy) {
  const ScanVariantInfo& info = *find_variant_info<Traits>(GetParam());
  const std::uint64_t n = info.max_n ? std::min<std::uint64_t>(info.max_n, 600) : 70001;
  const std::vector<float> input = test::float_policy_input(n);
  for (const char* op : {"max", "min"})
    for (bool exclusive : {false, true})
      visit_op_in(Traits::Ops{}, op, [&](auto o) {
        const RunResult out = run_gpu(scan_request(GetParam(), op, "f32", n, 256, exclusive), input.data());
        const std::vector<float> expected = reference_scan<typename decltype(o)::type>(input, exclusive);
        ASSERT_EQ(out.result.count(), n);
        EXPECT_EQ(test::wrong_bits(out.result, expected), 0u) << op << (exclusive ? " exclusive" : " inclusive");
        EXPECT_EQ(out.result.bits(n - 1), 0x7fffffffu) << op;
      });
}

std::vector<std::string> variants() {
  std::vector<std::string> ids;
  for (const ScanVariantInfo& info : variant_infos<Traits>())
    if (!info.pitfall) ids.push_back(info.id);
  return ids;
}

std::string test_name(const std::string& id) {
  std::string n = id;
  for (char& ch : n)
    if (ch == '-') ch = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, GpuScan, testing::ValuesIn(variants()),
                         [](const auto& info) { return test_name(info.param); });

// Blocks of 512 give the look-back's parked chunks 128 KiB of shared memory, past the 48 KiB a
// launch gets without raising the kernel's limit; timed and recorded alike, in large tiles.
TEST(GpuScanLargeBlocks, DecoupledLookbackTakesMoreThan48KiBOfSharedMemory) {
  for (bool record : {false, true}) {
    RunRequest r = scan_request("decoupled-lookback", "sum", "i32", 1000003, 512, false);
    r.params["items"] = 128;
    r.record = record;
    r.record_blocks = {1};
    const std::vector<std::int32_t> input = test::exact_input<std::int32_t>("sum", r.n, 5);
    const RunResult out = run_gpu(r, input.data());
    const std::vector<std::int32_t> expected = reference_scan<SumOp>(input, false);
    EXPECT_EQ(out.result.count(), r.n);
    EXPECT_EQ(test::wrong_bits(out.result, expected), 0u) << (record ? "recorded" : "not recorded");
  }
}

class GpuScanTrace : public testing::TestWithParam<std::string> {};

TEST_P(GpuScanTrace, EqualsTheSimulatorTraceEventForEvent) {
  for (bool exclusive : {false, true}) {
    // 3000: several tiles; naive-quadratic records n^2 / 2 loads, so it gets 600.
    const std::uint64_t n = find_variant_info<Traits>(GetParam())->max_n ? 600 : 3000;
    RunRequest r = scan_request(GetParam(), exclusive ? "max" : "sum", "i32", n, 128, exclusive);
    r.record = true;
    r.record_blocks.clear();
    for (std::uint32_t b = 0; b < 64; ++b) r.record_blocks.push_back(b);
    const std::vector<std::int32_t> input = test::exact_input<std::int32_t>(r.op, r.n, 99);
    const RunResult sim = run_sim(r, input.data());
    const RunResult gpu = run_gpu(r, input.data());
    ASSERT_FALSE(gpu.trace.overflowed());
    ASSERT_GT(sim.trace.events.size(), 0u);
    ASSERT_EQ(gpu.trace.meta.launches.size(), sim.trace.meta.launches.size());
    ASSERT_EQ(gpu.trace.events.size(), sim.trace.events.size());
    for (std::size_t i = 0; i < sim.trace.events.size(); ++i)
      ASSERT_TRUE(same_operation(sim.trace.events[i], gpu.trace.events[i])) << "event " << i;
    EXPECT_TRUE(gpu.check.ok);
  }
}

std::string describe(const Event& e) {
  char text[200];
  std::snprintf(text, sizeof text, "block %u thread %u seq %u step %u site %u %s size %u address %u aux %#x buffer %u flags %u value %#llx %#llx",
                e.block, unsigned(e.thread), e.seq, unsigned(e.step), unsigned(e.site), op_name(e.op), unsigned(e.size),
                e.address, e.aux, unsigned(e.buffer), unsigned(e.flags), (unsigned long long)e.value[0],
                (unsigned long long)e.value[1]);
  return text;
}

std::vector<std::string> deterministic() {
  std::vector<std::string> ids;
  for (const ScanVariantInfo& info : variant_infos<Traits>())
    if (info.deterministic_trace) ids.push_back(info.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(Deterministic, GpuScanTrace, testing::ValuesIn(deterministic()),
                         [](const auto& info) { return test_name(info.param); });

// The look-back's trace depends on timing, but one tile has no ticket and no look-back: the
// parked chunks' 16-byte shared accesses, their copies and the chunks' shuffles record the
// same events on both, in each of the three tile sizes (at block 128: 1024, 4096 and 16384).
// 803, 1283 and 2003 cut a parked vector (warp 3's first chunk at 8 items, warp 1's at 32,
// warp 0's at 128), which is stored element by element; 1003 cuts a held one.
TEST(GpuScanOneTileTrace, DecoupledLookbackEqualsTheSimulatorTraceEventForEvent) {
  const std::pair<unsigned, std::uint64_t> cases[] = {{8, 803},   {8, 1003},  {32, 1283},
                                                       {32, 3000}, {128, 3000}, {128, 2003}};
  for (const auto& [items, n] : cases) {
    for (bool exclusive : {false, true}) {
      RunRequest r = scan_request("decoupled-lookback", exclusive ? "max" : "sum", "i32", n, 128, exclusive);
      r.params["items"] = items;
      r.record = true;
      const std::vector<std::int32_t> input = test::exact_input<std::int32_t>(r.op, r.n, 17);
      const RunResult sim = run_sim(r, input.data());
      const RunResult gpu = run_gpu(r, input.data());
      ASSERT_EQ(gpu.trace.meta.launches.size(), 1u);
      ASSERT_EQ(gpu.trace.meta.launches[0].grid_dim, 1u) << "one tile, items " << items;
      ASSERT_EQ(gpu.trace.events.size(), sim.trace.events.size());
      for (std::size_t i = 0; i < sim.trace.events.size(); ++i)
        ASSERT_TRUE(same_operation(sim.trace.events[i], gpu.trace.events[i]))
            << "n = " << n << ", items " << items << ", event " << i << "\n simulator: " << describe(sim.trace.events[i])
            << "\n GPU:       " << describe(gpu.trace.events[i]);
      EXPECT_TRUE(gpu.check.ok);
    }
  }
}

}  // namespace
}  // namespace wl::scan
