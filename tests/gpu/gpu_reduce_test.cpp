// Every variant on the GPU equals the CPU reference; the float NaN / -0 policy holds through
// the GPU's atomics; running out of GPU memory is an error, not a crash.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "kernels/families/reduce/traits.h"
#include "kernels/gpu/gpu_error.h"
#include "tests/kernels/reduce_inputs.h"

namespace wl::reduce {
namespace {

class GpuReduce : public testing::TestWithParam<std::string> {};

TEST_P(GpuReduce, EqualsCpuReferenceForEveryOpTypeAndSize) {
  for (const char* op : {"sum", "min", "max", "product"})
    for (const char* type : {"i32", "f32", "f64"})
      for (std::uint64_t n : {1ull, 33ull, 1000ull, 65539ull, (1ull << 22) + 3})
        visit_type_in(reduce::Traits::Types{}, type, [&](auto t) {
          using T = typename decltype(t)::type;
          RunRequest r;
          r.variant = GetParam();
          r.op = op;
          r.type = type;
          r.n = n;
          const std::vector<T> input = test::exact_input<T>(op, n, n + 5);
          const RunResult out = run_gpu(r, input.data());
          EXPECT_TRUE(out.check.ok) << op << " " << type << " n=" << n << ": got " << out.result_text
                                    << ", expected " << out.check.expected;
        });
}

TEST_P(GpuReduce, FloatMinMaxFollowTheNanAndSignedZeroPolicy) {
  RunRequest r;
  r.variant = GetParam();
  r.type = "f32";
  r.n = 100000;
  auto run = [&](const char* op, const std::vector<float>& in) {
    r.op = op;
    const std::uint32_t bits = std::uint32_t(run_gpu(r, in.data()).result.bits(0));
    float v;
    std::memcpy(&v, &bits, 4);
    return v;
  };
  std::vector<float> negatives(r.n);
  for (std::size_t i = 0; i < negatives.size(); ++i) negatives[i] = -float(i % 5000) - 0.25f;
  EXPECT_EQ(run("min", negatives), -4999.25f);
  EXPECT_EQ(run("max", negatives), -0.25f);
  std::vector<float> zeros(r.n, 0.0f);
  zeros[77777] = -0.0f;
  const float lo = run("min", zeros);
  EXPECT_TRUE(lo == 0 && std::signbit(lo));
  std::vector<float> minus_zeros(r.n, -0.0f);
  minus_zeros[4242] = 0.0f;
  const float hi = run("max", minus_zeros);
  EXPECT_TRUE(hi == 0 && !std::signbit(hi));
  // A NaN with a sign and a payload comes out as the canonical NaN, as in the simulator.
  std::vector<float> with_nan(r.n, 1.0f);
  const std::uint32_t odd_nan = 0xffc00002u;
  std::memcpy(&with_nan[99999], &odd_nan, 4);
  for (const char* op : {"min", "max"}) {
    const float v = run(op, with_nan);
    std::uint32_t bits;
    std::memcpy(&bits, &v, 4);
    EXPECT_EQ(bits, 0x7fffffffu) << op;
  }
}

std::vector<std::string> variants() {
  std::vector<std::string> ids;
  for (const auto& info : variant_infos<reduce::Traits>())
    if (!info.pitfall) ids.push_back(info.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, GpuReduce, testing::ValuesIn(variants()), [](const auto& info) {
  std::string n = info.param;
  for (char& ch : n) if (ch == '-') ch = '_';
  return n;
});

// The textbook's pitfalls on the GPU: the forgotten reset doubles the sum there too, and the
// unguarded warp sums are harmless with 32 warps, which write every slot.
TEST(GpuPitfalls, NoOutputResetDoublesTheSum) {
  RunRequest r;
  r.variant = "no-output-reset";
  r.type = "i32";
  r.n = 100003;
  const std::vector<std::int32_t> ones(r.n, 1);
  const RunResult out = run_gpu(r, ones.data());
  EXPECT_EQ(out.result.bits(0), 2u * 100003u);
  EXPECT_FALSE(out.check.ok);
  EXPECT_NE(out.check.diagnosis.find("not reset"), std::string::npos) << out.check.diagnosis;
}

TEST(GpuPitfalls, WarpSumsUnguardedIsRightWithThirtyTwoWarps) {
  RunRequest r;
  r.variant = "warp-sums-unguarded";
  r.type = "i32";
  r.n = 100003;
  r.block = 1024;
  const std::vector<std::int32_t> ones(r.n, 1);
  EXPECT_TRUE(run_gpu(r, ones.data()).check.ok);
}

TEST(GpuErrors, RunningOutOfGpuMemoryIsAClearError) {
  RunRequest r;
  r.record = true;
  r.event_cap = std::uint64_t(1) << 40;  // 48 TiB of events
  const std::vector<float> input(4096, 1.0f);
  try {
    run_gpu(r, input.data());
    FAIL() << "expected a GpuError";
  } catch (const GpuError& e) {
    EXPECT_NE(std::string(e.what()).find("out of GPU memory"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(run_gpu(RunRequest{}, input.data()).check.ok) << "the GPU must stay usable";
}

}  // namespace
}  // namespace wl::reduce
