// Every histogram variant on the GPU equals the CPU reference exactly (bins 2 to 4096, uniform,
// skewed and image inputs, up to 2^22 + 3 items), the deterministic variants record the
// simulator's trace event for event, and the racy pitfall loses updates on the GPU too.
#include <gtest/gtest.h>

#include "kernels/families/histogram/traits.h"
#include "kernels/families/histogram/reference.h"
#include "kernels/families/histogram/samples.h"
#include "tests/kernels/histogram_requests.h"

namespace wl::histogram {
namespace {

using test::counts_of;
constexpr auto request = test::histogram_request;

std::string test_name(const std::string& id) {
  std::string n = id;
  for (char& ch : n)
    if (ch == '-') ch = '_';
  return n;
}

class GpuHistogram : public testing::TestWithParam<std::string> {};

TEST_P(GpuHistogram, EqualsCpuReferenceForEveryBinCountAndInput) {
  for (unsigned bins : {2u, 7u, 256u, 4096u})
    for (std::uint64_t n : {1ull, 33ull, 1000ull, 65539ull, (1ull << 22) + 3})
      for (Pattern pattern : {Pattern::Random, Pattern::Skewed, Pattern::Image}) {
        std::vector<std::int32_t> samples(n);
        fill_samples(samples.data(), n, pattern, n + bins, bins, kDefaultSkew);
        const RunResult out = run_gpu(request(GetParam(), n, 256, bins), samples.data());
        EXPECT_EQ(counts_of(out), reference_histogram(samples.data(), n, bins))
            << "bins=" << bins << " n=" << n << " " << pattern_names()[std::size_t(pattern)] << ": " << out.check.expected;
      }
}

std::vector<std::string> variants(bool deterministic_only) {
  std::vector<std::string> ids;
  for (const HistogramVariantInfo& info : variant_infos<Traits>())
    if (!info.pitfall && (!deterministic_only || info.deterministic_trace)) ids.push_back(info.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, GpuHistogram, testing::ValuesIn(variants(false)),
                         [](const auto& info) { return test_name(info.param); });

class GpuHistogramTrace : public testing::TestWithParam<std::string> {};

TEST_P(GpuHistogramTrace, EqualsTheSimulatorTraceEventForEvent) {
  for (unsigned bins : {7u, 256u}) {
    RunRequest r = request(GetParam(), 3001, 128, bins);
    r.record = true;
    r.record_blocks.clear();
    for (std::uint32_t b = 0; b < 64; ++b) r.record_blocks.push_back(b);
    std::vector<std::int32_t> samples(r.n);
    fill_samples(samples.data(), r.n, Pattern::Skewed, 99, bins, kDefaultSkew);
    const RunResult sim = run_sim(r, samples.data());
    const RunResult gpu = run_gpu(r, samples.data());
    ASSERT_FALSE(gpu.trace.overflowed());
    ASSERT_GT(sim.trace.events.size(), 0u);
    ASSERT_EQ(gpu.trace.meta.launches.size(), sim.trace.meta.launches.size());
    ASSERT_EQ(gpu.trace.events.size(), sim.trace.events.size()) << "bins=" << bins;
    for (std::size_t i = 0; i < sim.trace.events.size(); ++i)
      ASSERT_TRUE(same_operation(sim.trace.events[i], gpu.trace.events[i])) << "bins=" << bins << " event " << i;
    EXPECT_TRUE(gpu.check.ok);
  }
}

INSTANTIATE_TEST_SUITE_P(Deterministic, GpuHistogramTrace, testing::ValuesIn(variants(true)),
                         [](const auto& info) { return test_name(info.param); });

// All items in one bin: the 32 lanes of a warp request read the same count and write it plus one.
TEST(GpuRacyIncrement, LosesUpdatesOnOneBin) {
  const std::uint64_t n = 1 << 20;
  std::vector<std::int32_t> samples(n);
  fill_samples(samples.data(), n, Pattern::AllEqual, 1, 256, kDefaultSkew);
  const RunResult out = run_gpu(request("racy-increment", n, 256, 256), samples.data());
  EXPECT_FALSE(out.check.ok);
  EXPECT_LE(counts_of(out)[hot_bin(256)], n / 32) << out.check.expected;  // one survivor per warp request at most
}

}  // namespace
}  // namespace wl::histogram
