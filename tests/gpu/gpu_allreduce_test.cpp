// The all-reduce on GPUs, through NCCL's device API: every variant on every number of GPUs
// present (2 up to 8) equals the CPU reference on every rank, and the simulator's result bit for
// bit (the same kernels combine in the same order); ncclAllReduce itself agrees. Skipped, with
// the reason, where NCCL or a second GPU is missing.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <atomic>
#include <set>

#include "kernels/families/allreduce/traits.h"

#if defined(WARPLENS_HAVE_NCCL)
#include "run/gpu_sweep.h"
#include "kernels/gpu/nccl_api.h"
#include "model/views/ring_steps.h"

namespace wl::allreduce {
namespace {

unsigned gpus_present() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) return 0;
  return unsigned(std::min(count, int(kMaxRanks)));
}

std::string why_not_here() {
  std::string why;
  if (!load_nccl(&why)) return why;
  if (gpus_present() < 2) return "one GPU here: an all-reduce needs two";
  return {};
}

struct Case {
  std::string variant;
  unsigned ranks;
};

class GpuAllReduce : public testing::TestWithParam<Case> {};

TEST_P(GpuAllReduce, EveryRankHoldsTheCombinationAsOnTheSimulator) {
  if (const std::string why = why_not_here(); !why.empty()) GTEST_SKIP() << why;
  const Case& c = GetParam();
  if (c.ranks > gpus_present()) GTEST_SKIP() << c.ranks << " GPUs asked for, " << gpus_present() << " here";
  const Family& family = *find_family("allreduce");
  for (std::uint64_t n : {std::uint64_t(1), std::uint64_t(1000), std::uint64_t(1) << 20})
    for (const char* op : {"sum", "min", "max"})
      for (const char* type : {"i32", "f32"}) {
        SCOPED_TRACE(c.variant + " on " + std::to_string(c.ranks) + " GPUs, n " + std::to_string(n) + ", " + op + " " + type);
        RunRequest r;
        r.family = "allreduce";
        r.variant = c.variant;
        r.op = op;
        r.type = type;
        r.n = n;
        r.block = 256;
        r.sm_count = 132;
        r.params["gpus"] = c.ranks;
        const std::vector<unsigned char> input = family.make_input(r, Pattern::Random, 3);
        const RunResult gpu = run_gpu(r, input.data());
        EXPECT_EQ(gpu.backend, "gpu");
        EXPECT_TRUE(gpu.check.ok) << gpu.check.diagnosis;
        ASSERT_EQ(gpu.result.count(), n * c.ranks);
        if (n <= 1000) {
          const RunResult sim = run_sim(r, input.data());
          EXPECT_EQ(gpu.result.bytes, sim.result.bytes) << "the GPU's bits differ from the simulator's";
        }
      }
}

// Rank by rank, event for event: each GPU's blocks did what the simulator's did. pipelined's
// flags too: a wait is one event, its target, however long it spun.
TEST_P(GpuAllReduce, TheGpuTraceEqualsTheSimulatorsRankByRank) {
  if (const std::string why = why_not_here(); !why.empty()) GTEST_SKIP() << why;
  const Case& c = GetParam();
  if (c.ranks > gpus_present()) GTEST_SKIP() << c.ranks << " GPUs asked for, " << gpus_present() << " here";
  RunRequest r;
  r.family = "allreduce";
  r.variant = c.variant;
  r.type = "f32";
  r.n = 3000;
  r.block = 256;
  r.sm_count = 132;
  r.params["gpus"] = c.ranks;
  r.record = true;
  r.record_blocks = {0, 1, 2, 3, 4, 5};
  const std::vector<unsigned char> input = find_family("allreduce")->make_input(r, Pattern::Random, 9);
  const RunResult sim = run_sim(r, input.data());
  const RunResult gpu = run_gpu(r, input.data());
  ASSERT_EQ(gpu.trace.meta.launches.size(), c.ranks);
  ASSERT_EQ(gpu.trace.meta.buffers.size(), sim.trace.meta.buffers.size());
  for (std::size_t b = 0; b < sim.trace.meta.buffers.size(); ++b) {
    EXPECT_EQ(gpu.trace.meta.buffers[b].name, sim.trace.meta.buffers[b].name);
    EXPECT_EQ(gpu.trace.meta.buffers[b].rank, sim.trace.meta.buffers[b].rank);
  }
  ASSERT_GT(sim.trace.events.size(), 0u);
  ASSERT_EQ(gpu.trace.events.size(), sim.trace.events.size());
  for (std::size_t i = 0; i < sim.trace.events.size(); ++i)
    ASSERT_TRUE(same_operation(gpu.trace.events[i], sim.trace.events[i])) << "event " << i << " of launch (rank) "
                                                                          << sim.trace.events[i].launch;
  EXPECT_EQ(gpu.result.bytes, sim.result.bytes);
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const char* v : {"one-shot", "two-shot", "two-shot-vector", "ring", "pipelined", "recursive-doubling"})
    for (unsigned k : {2u, 3u, 4u, 8u}) {
      if (std::string(v) == "recursive-doubling" && k == 3) continue;
      out.push_back({v, k});
    }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Variants, GpuAllReduce, testing::ValuesIn(cases()), [](const auto& info) {
  std::string name = info.param.variant + "_" + std::to_string(info.param.ranks) + "_gpus";
  for (char& ch : name) if (ch == '-') ch = '_';
  return name;
});

TEST(GpuAllReduce, NcclAllReduceAgreesAndIsTimed) {
  if (const std::string why = why_not_here(); !why.empty()) GTEST_SKIP() << why;
  RunRequest r;
  r.family = "allreduce";
  r.variant = "ring";
  r.type = "i32";
  r.n = 1 << 20;
  r.params["gpus"] = 2;
  const Family& family = *find_family("allreduce");
  const std::vector<unsigned char> input = family.make_input(r, Pattern::Random, 5);
  const GpuTime nccl = family.time_library(r, input.data(), TimingPlan{2, 5, 1});
  EXPECT_TRUE(nccl.ok);
  EXPECT_GT(nccl.ms, 0);
  const GpuTime ours = family.time_gpu(r, input.data(), TimingPlan{2, 5, 1});
  EXPECT_TRUE(ours.ok);
  EXPECT_GT(ours.ms, 0);
}


// Each rank's warp clocks come with its trace, from its own GPU: every recorded block of every
// rank timed, and the ring view's model gives each rank a time for each step of the ring.
TEST(GpuAllReduce, EachRankIsTimedByItsOwnClock) {
  if (const std::string why = why_not_here(); !why.empty()) GTEST_SKIP() << why;
  RunRequest r;
  r.family = "allreduce";
  r.variant = "ring";
  r.type = "i32";
  r.n = 4096;
  r.block = 256;
  r.sm_count = 132;
  r.params["gpus"] = 2;
  r.record = true;
  r.record_blocks = {0, 1};
  const std::vector<unsigned char> input = find_family("allreduce")->make_input(r, Pattern::Random, 4);
  const RunResult gpu = run_gpu(r, input.data());
  ASSERT_TRUE(gpu.check.ok);
  EXPECT_GT(gpu.trace.meta.sm_clock_mhz, 0);
  std::set<std::pair<unsigned, unsigned>> timed;  // (launch, block)
  for (const WarpClock& c : gpu.trace.meta.clocks) timed.insert({c.launch, c.block});
  EXPECT_EQ(timed, (std::set<std::pair<unsigned, unsigned>>{{0, 0}, {0, 1}, {1, 0}, {1, 1}}));
  const RingSteps ring = build_ring_steps(gpu.trace);
  ASSERT_EQ(ring.steps.size(), 3u);  // load, reduce-scatter 0, all-gather 0
  for (const RingStep& step : ring.steps) {
    ASSERT_EQ(step.ns.size(), 2u);
    EXPECT_GT(step.ns[0], 0);
    EXPECT_GT(step.ns[1], 0);
  }
}

// A sweep of the all-reduce carries the link's roofline, the peer copy of n elements one way,
// and gives shares against it.
TEST(GpuAllReduce, ASweepMeasuresThePeerCopy) {
  if (const std::string why = why_not_here(); !why.empty()) GTEST_SKIP() << why;
  SweepRequest r;
  r.family = "allreduce";
  r.type = "f32";
  r.variants = {"two-shot"};
  r.sizes = {1 << 20};
  r.params["gpus"] = 2;
  r.timing = {1, 3, 1};
  const std::atomic<bool> cancel{false};
  const TimingSweep sweep = sweep_gpu(r, nullptr, cancel);
  EXPECT_EQ(sweep.roofline, "peer copy");
  const TimingSeries* link = sweep.find("peer copy");
  ASSERT_NE(link, nullptr);
  ASSERT_EQ(link->points.size(), 1u);
  EXPECT_TRUE(link->points[0].measured()) << link->points[0].error;
  EXPECT_EQ(link->points[0].bytes, 4.0 * (1 << 20));
  const TimingSeries* ours = sweep.find("two-shot");
  ASSERT_NE(ours, nullptr);
  EXPECT_TRUE(percent_of_copy(sweep, *ours, 1 << 20).has_value());
}

}  // namespace
}  // namespace wl::allreduce
#endif
