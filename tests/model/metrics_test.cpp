#include "model/metrics.h"

#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <sstream>

#include "model/metrics_format.h"
#include "trace_builder.h"

namespace wl {
namespace {

using test::TraceBuilder;

// Two blocks of 64 threads reducing through shared memory s[]:
//   load:    s[t] = in[block * 64 + t]; sync
//   level 0: if (t < 32)    s[2t] += s[2t + 1]; sync       (interleaved, 2-way conflicts)
//   level 1: if (t % 4 == 0) s[t] += s[t + 2];  sync       (diverges inside each warp)
//   finish:  if (t == 0)    out[block] = s[0]
Trace reduction_trace() {
  TraceBuilder b(64, 2);
  for (std::uint32_t blk = 0; blk < 2; ++blk) {
    for (std::uint16_t t = 0; t < 64; ++t) {
      b.step(kLoadStep);
      b.global(blk, t, OpKind::GlobalLoad, 1, 4 * (64 * blk + t));
      b.shared(blk, t, OpKind::SharedStore, 2, 4 * t);
      b.barrier(blk, t, 3);
      b.step(level_step(0));
      b.branch(blk, t, 4, t < 32);
      if (t < 32) {
        b.shared(blk, t, OpKind::SharedLoad, 5, 8 * t);
        b.shared(blk, t, OpKind::SharedLoad, 5, 8 * t + 4);
        b.shared(blk, t, OpKind::SharedStore, 5, 8 * t);
      }
      b.barrier(blk, t, 6);
      b.step(level_step(1));
      b.branch(blk, t, 7, t % 4 == 0);
      if (t % 4 == 0) {
        b.shared(blk, t, OpKind::SharedLoad, 8, 4 * t);
        b.shared(blk, t, OpKind::SharedLoad, 8, 4 * (t + 2));
        b.shared(blk, t, OpKind::SharedStore, 8, 4 * t);
      }
      b.barrier(blk, t, 9);
      b.step(kFinishStep);
      b.branch(blk, t, 10, t == 0);
      if (t == 0) b.global(blk, t, OpKind::GlobalStore, 11, 4 * blk, 4, test::kOutput);
    }
  }
  return b.build();
}

void expect_shared(const SharedCounts& c, std::uint64_t req, std::uint64_t wf, std::uint64_t ideal,
                   std::uint64_t conflicts) {
  EXPECT_EQ(c.requests, req);
  EXPECT_EQ(c.wavefronts, wf);
  EXPECT_EQ(c.ideal, ideal);
  EXPECT_EQ(c.conflicts, conflicts);
}

void expect_global(const GlobalCounts& c, std::uint64_t req, std::uint64_t sectors, std::uint64_t ideal) {
  EXPECT_EQ(c.requests, req);
  EXPECT_EQ(c.sectors, sectors);
  EXPECT_EQ(c.ideal, ideal);
}

TEST(Metrics, StepsOfASmallReduction) {
  const Metrics m = compute_metrics(reduction_trace());
  ASSERT_EQ(m.num_steps(), 4u);
  EXPECT_FALSE(m.incomplete);

  const StepMetrics& load = m.steps[0];
  EXPECT_EQ(load.label, "load");
  EXPECT_EQ(load.ops, 256u);
  EXPECT_EQ(load.active_threads, 128u);
  EXPECT_EQ(load.warps_active, 4u);
  EXPECT_DOUBLE_EQ(load.lane_utilization, 1.0);
  EXPECT_EQ(load.divergent_warps, 0u);
  EXPECT_EQ(load.barriers, 2u);
  expect_global(load.global_ld, 4, 16, 16);
  expect_shared(load.shared_st, 4, 4, 4, 0);

  // Level 0: only warp 0 of each block works; s[2t] and s[2t+1] are 2-way conflicts.
  const StepMetrics& l0 = m.steps[1];
  EXPECT_EQ(l0.label, "level 0");
  EXPECT_EQ(l0.step, level_step(0));
  EXPECT_EQ(l0.ops, 192u);
  EXPECT_EQ(l0.active_threads, 64u);
  EXPECT_EQ(l0.warps_active, 2u);
  EXPECT_DOUBLE_EQ(l0.lane_utilization, 1.0);
  EXPECT_EQ(l0.divergent_warps, 0u);
  expect_shared(l0.shared_ld, 4, 8, 4, 4);
  expect_shared(l0.shared_st, 2, 4, 2, 2);

  // Level 1: 8 lanes of every warp work, words 4 apart: no conflicts, every warp diverges.
  const StepMetrics& l1 = m.steps[2];
  EXPECT_EQ(l1.label, "level 1");
  EXPECT_EQ(l1.ops, 96u);
  EXPECT_EQ(l1.active_threads, 32u);
  EXPECT_EQ(l1.warps_active, 4u);
  EXPECT_DOUBLE_EQ(l1.lane_utilization, 0.25);
  EXPECT_EQ(l1.divergent_warps, 4u);
  EXPECT_EQ(l1.barriers, 2u);
  expect_shared(l1.shared_ld, 8, 8, 8, 0);
  expect_shared(l1.shared_st, 4, 4, 4, 0);

  const StepMetrics& fin = m.steps[3];
  EXPECT_EQ(fin.label, "finish");
  EXPECT_EQ(fin.step, kFinishStep);
  EXPECT_EQ(fin.ops, 2u);
  EXPECT_EQ(fin.warps_active, 2u);
  EXPECT_DOUBLE_EQ(fin.lane_utilization, 1.0 / 32);
  EXPECT_EQ(fin.divergent_warps, 2u);  // warp 0 of each block; warp 1 is uniformly not taken
  EXPECT_EQ(fin.barriers, 0u);
  expect_global(fin.global_st, 2, 2, 2);

  const StepMetrics& total = m.total;
  EXPECT_EQ(total.label, "total");
  EXPECT_EQ(total.ops, 546u);
  EXPECT_EQ(total.active_threads, 128u);  // distinct threads, not a sum over steps
  EXPECT_EQ(total.warps_active, 12u);     // warp-steps
  EXPECT_EQ(total.active_lanes, 226u);
  EXPECT_DOUBLE_EQ(total.lane_utilization, 226.0 / (32 * 12));
  EXPECT_EQ(total.divergent_warps, 6u);
  EXPECT_EQ(m.barriers(), 6u);
  expect_shared(total.shared_ld, 12, 16, 12, 4);
  expect_shared(total.shared_st, 10, 12, 10, 2);
  expect_global(total.global_ld, 4, 16, 16);
  expect_global(total.global_st, 2, 2, 2);
}

TEST(Metrics, BarriersCountInstancesPerBlock) {
  TraceBuilder b(64, 2);
  for (std::uint16_t t = 0; t < 64; ++t) b.barrier(0, t, 1);
  b.barrier(0, 5, 1);  // thread 5 of block 0 went through a second __syncthreads
  b.barrier(1, 0, 1);  // block 1: one barrier, one recorded thread
  const Metrics m = compute_metrics(b.build());
  ASSERT_EQ(m.num_steps(), 1u);
  EXPECT_EQ(m.steps[0].barriers, 3u);
  EXPECT_EQ(m.steps[0].ops, 0u);
  EXPECT_EQ(m.steps[0].warps_active, 0u);
  EXPECT_DOUBLE_EQ(m.steps[0].lane_utilization, 0.0);
}

TEST(Metrics, AtomicsAreCountedApart) {
  TraceBuilder b(32);
  for (std::uint16_t t = 0; t < 32; ++t) {
    b.shared(0, t, OpKind::SharedAtomic, 1, 0);
    b.global(0, t, OpKind::GlobalAtomic, 2, 0, 4, test::kOutput);
  }
  const Metrics m = compute_metrics(b.build());
  expect_shared(m.total.shared_atom, 1, 1, 1, 0);
  expect_global(m.total.global_atom, 1, 1, 1);
  expect_shared(m.total.shared_ld, 0, 0, 0, 0);
  EXPECT_NE(format_metrics_table(m).find("shared atomics"), std::string::npos);
}

TEST(MetricsFormat, Json) {
  Trace t = reduction_trace();
  t.meta.events_dropped = 3;
  const nlohmann::json j = metrics_to_json(compute_metrics(t));
  ASSERT_EQ(j["steps"].size(), 4u);
  EXPECT_EQ(j["steps"][1]["label"], "level 0");
  EXPECT_EQ(j["steps"][1]["step"], level_step(0));
  EXPECT_EQ(j["steps"][1]["shared_ld"]["conflicts"], 4);
  EXPECT_EQ(j["steps"][3]["step"], kFinishStep);
  EXPECT_TRUE(j["total"]["step"].is_null());
  EXPECT_EQ(j["total"]["global_ld"]["sectors"], 16);
  EXPECT_EQ(j["num_steps"], 4);
  EXPECT_EQ(j["barriers"], 6);
  EXPECT_EQ(j["incomplete"], true);
}

TEST(MetricsFormat, TableIsAlignedAndLabelled) {
  const std::string table = format_metrics_table(compute_metrics(reduction_trace()));
  std::vector<std::string> lines;
  std::istringstream in(table);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 8u) << table;  // captions, names, 4 steps, rule, total
  EXPECT_NE(lines[0].find("shared loads"), std::string::npos) << table;
  EXPECT_NE(lines[0].find("global stores"), std::string::npos) << table;
  EXPECT_EQ(lines[0].find("atomics"), std::string::npos) << table;
  const char* labels[] = {"load", "level 0", "level 1", "finish"};
  for (int i = 0; i < 4; ++i) EXPECT_EQ(lines[2 + i].rfind(labels[i], 0), 0u) << table;
  EXPECT_EQ(lines[7].rfind("total", 0), 0u) << table;
  // Group separators sit at the same columns on every line.
  auto separators = [](const std::string& s) {
    std::vector<std::size_t> at;
    for (std::size_t p = s.find(" | "); p != std::string::npos; p = s.find(" | ", p + 1)) at.push_back(p);
    return at;
  };
  for (const std::string& line : lines) EXPECT_EQ(separators(line), separators(lines[1])) << table;
  EXPECT_NE(lines[5].find("3.1%"), std::string::npos) << table;  // finish: 2 lanes of 2 warps
}

TEST(MetricsFormat, IncompleteTraceIsFlagged) {
  Trace t = reduction_trace();
  t.meta.events_dropped = 1;
  EXPECT_EQ(format_metrics_table(compute_metrics(t)).rfind("warning:", 0), 0u);
}

// A classic shared-memory reduction at realistic size: 16 blocks of 1024 threads, about 30
// events per thread. Guards against anything quadratic in grouping or metrics.
TEST(MetricsScale, HalfAMillionEvents) {
  TraceBuilder b(1024, 16);
  for (std::uint32_t blk = 0; blk < 16; ++blk) {
    for (std::uint16_t t = 0; t < 1024; ++t) {
      b.step(kLoadStep);
      b.global(blk, t, OpKind::GlobalLoad, 1, 4 * (1024 * blk + t));
      b.shared(blk, t, OpKind::SharedStore, 2, 4 * t);
      b.barrier(blk, t, 3);
      for (std::uint16_t level = 0, s = 1; s < 1024; ++level, s *= 2) {
        b.step(level_step(level));
        const bool active = t % (2 * s) == 0;
        b.branch(blk, t, 4, active);
        if (active) {
          b.shared(blk, t, OpKind::SharedLoad, 5, 4 * (t + s));
          b.shared(blk, t, OpKind::SharedStore, 5, 4 * t);
        }
        b.barrier(blk, t, 6);
      }
    }
  }
  const Trace trace = b.build();
  ASSERT_GT(trace.events.size(), 400000u);
  const auto start = std::chrono::steady_clock::now();
  const Metrics m = compute_metrics(trace);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(m.num_steps(), 11u);
  EXPECT_EQ(m.total.active_threads, 16u * 1024);
  EXPECT_EQ(m.barriers(), 16u * 11);
  EXPECT_LT(seconds, 30.0) << "compute_metrics took " << seconds << " s for " << trace.events.size() << " events";
}

}  // namespace
}  // namespace wl
