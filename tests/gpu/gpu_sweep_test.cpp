// The sweep behind `warplens bench` and the timing panel, on the GPU: every series is measured
// and checked, and the device copy copies the input whatever the family, so that the copy's
// time is comparable with a scan's (which reads and writes as many bytes) and a reduction
// moves half of what the copy moves.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <atomic>

#include "run/backend_run.h"
#include "kernels/device/device_info.h"
#include "run/gpu_sweep.h"
#include "kernels/gpu/gpu_measure.h"

namespace wl {
namespace {

// Sweeps, `run` and the app size persistent grids and scan tiles for the GPU in hand.
TEST(GpuSweep, RunsAreSizedForThisGpusMultiprocessors) {
  cudaDeviceProp prop{};
  ASSERT_EQ(cudaGetDeviceProperties(&prop, 0), cudaSuccess);
  EXPECT_EQ(query_device().multiprocessors, prop.multiProcessorCount);
  EXPECT_EQ(default_sm_count(), unsigned(prop.multiProcessorCount));
}

TimingSweep sweep_one_size(const std::string& family, const std::string& variant, std::uint64_t n,
                           int back_to_back = 1) {
  SweepRequest r;
  r.family = family;
  r.variants = {variant};
  r.sizes = {n};
  r.timing = {1, 3, back_to_back};
  const std::atomic<bool> cancel{false};
  return sweep_gpu(r, nullptr, cancel);
}

const TimingPoint& only_point(const TimingSweep& sweep, const std::string& name) {
  const TimingSeries* s = sweep.find(name);
  EXPECT_NE(s, nullptr) << name;
  static const TimingPoint missing;
  if (!s || s->points.size() != 1) return missing;
  const TimingPoint& p = s->points.front();
  EXPECT_TRUE(p.measured()) << name << ": " << p.error;
  EXPECT_TRUE(p.ok) << name;
  return p;
}

TEST(GpuSweep, TheCopyMovesWhatAScanMoves) {
  const std::uint64_t n = 1 << 16;  // f32
  const TimingSweep sweep = sweep_one_size("scan", "decoupled-lookback", n);
  EXPECT_EQ(only_point(sweep, kCopySeries).bytes, 8.0 * n);  // 4n read, 4n written
  EXPECT_EQ(only_point(sweep, "decoupled-lookback").bytes, 8.0 * n);
  EXPECT_EQ(only_point(sweep, kCubSeries).bytes, 8.0 * n);
}

TEST(GpuSweep, AReductionMovesHalfOfWhatTheCopyMoves) {
  const std::uint64_t n = 1 << 16;
  const TimingSweep sweep = sweep_one_size("reduce", "speed-of-light", n);
  EXPECT_EQ(only_point(sweep, kCopySeries).bytes, 8.0 * n);
  EXPECT_EQ(only_point(sweep, "speed-of-light").bytes, 4.0 * n);
}

// Runs queued back to back: each series still checks out (decoupled-lookback's tile status
// carries the run's epoch, CUB runs its own init), and the sweep says how it was timed.
TEST(GpuSweep, RunsBackToBackAreCheckedAndLabelled) {
  for (const char* family : {"scan", "reduce"}) {
    const std::string variant = family == std::string("scan") ? "decoupled-lookback" : "speed-of-light";
    const TimingSweep sweep = sweep_one_size(family, variant, (1 << 20) + 3, 6);
    EXPECT_EQ(sweep.back_to_back, 6);
    EXPECT_GT(only_point(sweep, variant).ms, 0) << family;
    EXPECT_GT(only_point(sweep, kCubSeries).ms, 0) << family;
  }
}

// A sample of runs back to back is divided by its runs: a 64 MiB copy (about 45 us on an H100,
// far more than a launch) takes one run's time either way. Not a speed target: a sample not
// divided would read 4x.
TEST(GpuSweep, ASampleBackToBackGivesOneRunsTime) {
  const double alone = time_device_copy_ms(std::uint64_t(1) << 26, TimingPlan{3, 9, 1});
  const double back_to_back = time_device_copy_ms(std::uint64_t(1) << 26, TimingPlan{3, 9, 4});
  EXPECT_GT(alone, 0);
  EXPECT_NEAR(back_to_back / alone, 1.0, 0.25) << alone << " ms alone, " << back_to_back << " ms back to back";
}

// A sweep over a parameter (bench --sweep-param): every point carries its value, the swept
// parameter is not among the fixed ones, and a value one variant refuses is that point's error
// while the others, CUB and the copy are measured there (register-resident holds at most 20416
// columns with blocks of up to 256; 2^16 values are 2 rows of 32768).
TEST(GpuSweep, AValueOneVariantRefusesIsItsPointsErrorAndTheSweepGoesOn) {
  SweepRequest r;
  r.family = "rows";
  r.op = "softmax";
  r.variants = {"register-resident", "block-per-row"};
  r.sizes = {1 << 16};
  r.params = {{"peak", 100}};
  r.swept_param = "cols";
  r.param_values = {1024, 32768};
  r.timing = {1, 3, 1};
  const std::atomic<bool> cancel{false};
  const TimingSweep sweep = sweep_gpu(r, nullptr, cancel);
  EXPECT_EQ(sweep.swept_param, "cols");
  EXPECT_EQ(sweep.input, "random, peak=100");
  const TimingSeries* resident = sweep.find("register-resident");
  ASSERT_NE(resident, nullptr);
  ASSERT_EQ(resident->points.size(), 2u);
  ASSERT_NE(resident->at(1 << 16, 1024), nullptr);
  EXPECT_TRUE(resident->at(1 << 16, 1024)->measured()) << resident->at(1 << 16, 1024)->error;
  EXPECT_TRUE(resident->at(1 << 16, 1024)->ok);
  ASSERT_NE(resident->at(1 << 16, 32768), nullptr);
  EXPECT_EQ(resident->at(1 << 16, 32768)->error.rfind("cols=32768 at 2^16: register-resident holds", 0), 0u)
      << resident->at(1 << 16, 32768)->error;
  for (const char* name : {"block-per-row", kCubSeries, kCopySeries}) {
    const TimingSeries* s = sweep.find(name);
    ASSERT_NE(s, nullptr) << name;
    for (const std::uint64_t cols : {1024, 32768}) {
      const TimingPoint* p = s->at(1 << 16, cols);
      ASSERT_NE(p, nullptr) << name << " at " << cols;
      EXPECT_TRUE(p->measured() && p->ok) << name << " at " << cols << ": " << p->error;
    }
  }
  EXPECT_TRUE(percent_of_copy(sweep, *sweep.find("block-per-row"), 1 << 16, 32768).has_value());
}

}  // namespace
}  // namespace wl
