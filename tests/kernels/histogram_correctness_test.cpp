// Every histogram variant, at bins {2, 7, 256, 4096}, at sizes around vector, warp, block and
// grid boundaries (n = 0 included), on every input pattern, equals the CPU reference exactly;
// samples outside [0, bins) are dropped, as CUB's HistogramEven drops them.
#include <gtest/gtest.h>

#include <string>
#include <tuple>

#include "kernels/families/histogram/traits.h"
#include "kernels/families/histogram/reference.h"
#include "kernels/families/histogram/samples.h"
#include "tests/kernels/histogram_requests.h"
#include "kernels/family/family.h"

namespace wl::histogram {
namespace {

using test::counts_of;
constexpr auto request = test::histogram_request;

// 65539 at 32 threads a block: more items than the grid's threads hold, so threads loop.
const std::uint64_t kSizes[] = {0, 1, 2, 3, 4, 5, 31, 32, 33, 127, 128, 129, 255, 256, 257, 1000, 4096, 65539};
const unsigned kBins[] = {2, 7, 256, 4096};

using Case = std::tuple<std::string, unsigned>;  // variant, bins

class HistogramCorrectness : public testing::TestWithParam<Case> {};

TEST_P(HistogramCorrectness, EqualsCpuReferenceExactly) {
  const auto& [variant, bins] = GetParam();
  for (std::uint64_t n : kSizes)
    for (unsigned block : {32u, 256u})
      for (std::size_t p = 0; p < pattern_names().size(); ++p) {
        if (n > 4096 && Pattern(p) != Pattern::Random && Pattern(p) != Pattern::Skewed) continue;
        // At 4096 bins a run costs its counters, not its samples (per-thread-local sums block x
        // bins of them: 1M at block 256, half a second), and at n <= 65539 most bins stay empty
        // whatever the pattern: random input only.
        if (bins == 4096 && Pattern(p) != Pattern::Random) continue;
        const RunRequest r = request(variant, n, block, bins);
        std::vector<std::int32_t> samples(n);
        fill_samples(samples.data(), n, Pattern(p), n * 31 + block, bins, kDefaultSkew);
        const RunResult out = run_sim(r, samples.data());
        const std::string what = variant + " bins=" + std::to_string(bins) + " n=" + std::to_string(n) +
                                 " block=" + std::to_string(block) + " " + pattern_names()[p];
        EXPECT_TRUE(out.check.ok) << what << ": " << out.check.expected;
        EXPECT_EQ(counts_of(out), reference_histogram(samples.data(), n, bins)) << what;
      }
}

// Negative samples and samples at or past `bins` land in no bin.
TEST_P(HistogramCorrectness, DropsSamplesOutsideTheBins) {
  const auto& [variant, bins] = GetParam();
  std::vector<std::int32_t> samples;
  for (std::int32_t k = 0; k < 1001; ++k)
    samples.push_back(k % 5 == 0 ? -1 - k : k % 5 == 1 ? std::int32_t(bins) + k : k % std::int32_t(bins));
  const RunResult out = run_sim(request(variant, samples.size(), 64, bins), samples.data());
  std::uint64_t counted = 0;
  for (std::uint32_t c : counts_of(out)) counted += c;
  EXPECT_EQ(counted, 1001u - 201 - 200) << variant;
  EXPECT_EQ(counts_of(out), reference_histogram(samples.data(), samples.size(), bins)) << variant;
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const HistogramVariantInfo& v : variant_infos<Traits>())
    if (!v.pitfall)  // wrong on purpose: histogram_trace_invariants_test shows how
      for (unsigned bins : kBins) out.emplace_back(v.id, bins);
  return out;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, HistogramCorrectness, testing::ValuesIn(cases()), [](const auto& info) {
  std::string name = std::get<0>(info.param) + "_" + std::to_string(std::get<1>(info.param)) + "_bins";
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
});

// Bins, block and n are checked before anything runs, with a message that says why.
TEST(HistogramRequests, BadRequestsAreRefusedWithAReason) {
  RunRequest r = request("shared-atomics", 100, 256, 256);
  EXPECT_EQ(validate(r), "");
  r.params["bins"] = 1;
  EXPECT_NE(validate(r).find("bins = 1 is outside 2 .. 4096"), std::string::npos) << validate(r);
  r.params["bins"] = 4097;
  EXPECT_NE(validate(r).find("outside"), std::string::npos);
  r = request("shared-atomics", 100, 16, 256);
  EXPECT_NE(validate(r).find("at least 32 threads"), std::string::npos) << validate(r);
  r = request("sort-reduce-by-key", (std::uint64_t(1) << 31) + 1, 256, 256);
  EXPECT_NE(validate(r).find("up to 2^31"), std::string::npos) << validate(r);
  r = request("global-atomics", 100, 256, 256);
  r.type = "f32";
  EXPECT_NE(validate(r).find("unknown type 'f32' (i32)"), std::string::npos) << validate(r);
}

}  // namespace
}  // namespace wl::histogram
