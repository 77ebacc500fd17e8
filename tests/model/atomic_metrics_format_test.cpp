// The contention rows of the formatted metrics: shown for traces with atomics, and nothing
// changes for traces without them.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "model/metrics.h"
#include "model/metrics_format.h"
#include "trace_builder.h"

namespace wl {
namespace {

using test::TraceBuilder;

// Two warps: load (global load, shared store, barrier), one level where warp 0 diverges and
// loads with 2-way conflicts, and a finish where thread 0 stores the result.
Trace plain_trace() {
  TraceBuilder b(64);
  for (std::uint16_t t = 0; t < 64; ++t) {
    b.step(0);
    b.global(0, t, OpKind::GlobalLoad, 1, 4 * t);
    b.shared(0, t, OpKind::SharedStore, 2, 4 * t);
    b.barrier(0, t, 3);
    b.step(level_step(0));
    b.branch(0, t, 4, t < 16);
    if (t < 16) b.shared(0, t, OpKind::SharedLoad, 5, 8 * t);
    b.step(kFinishStep);
    if (t == 0) b.global(0, t, OpKind::GlobalStore, 6, 0, 4, test::kOutput);
  }
  return b.build();
}

// Two warps load, then each lane adds to one of four shared counters (8 lanes per address in
// each warp) and lane 0 of each warp adds the warp's total to a global one.
Trace atomic_trace() {
  TraceBuilder b(64);
  for (std::uint16_t t = 0; t < 64; ++t) {
    b.step(0);
    b.global(0, t, OpKind::GlobalLoad, 1, 4 * t);
    b.step(level_step(0));
    b.shared(0, t, OpKind::SharedAtomic, 2, 4 * (t % 4));
    if (t % 32 == 0) b.global(0, t, OpKind::GlobalAtomic, 3, 0, 4, test::kOutput);
  }
  return b.build();
}

TEST(AtomicMetricsFormat, TableWithoutAtomicsIsUnchanged) {
  // Printed by format_metrics_table before atomic contention existed.
  const std::string before =
      "                                                          | shared loads               | shared stores              | global loads        | global stores\n"
      "step     ops  threads  warps  divergent   lanes  barriers | req  wavefronts  conflicts | req  wavefronts  conflicts | req  sectors  ideal | req  sectors  ideal\n"
      "load     128       64      2          0  100.0%         1 |   0           0          0 |   2           2          0 |   2        8      8 |   0        0      0\n"
      "level 0   16       16      1          1   50.0%         0 |   1           1          0 |   0           0          0 |   0        0      0 |   0        0      0\n"
      "finish     1        1      1          0    3.1%         0 |   0           0          0 |   0           0          0 |   0        0      0 |   1        1      1\n"
      "-------  ---  -------  -----  ---------  ------  -------- | ---  ----------  --------- | ---  ----------  --------- | ---  -------  ----- | ---  -------  -----\n"
      "total    145       64      4          1   63.3%         1 |   1           1          0 |   2           2          0 |   2        8      8 |   1        1      1\n";
  EXPECT_EQ(format_metrics_table(compute_metrics(plain_trace())), before);
}

TEST(AtomicMetricsFormat, JsonWithoutAtomicsHasNoNewFields) {
  const std::set<std::string> before{"step", "label", "ops", "active_threads", "warps_active", "active_lanes",
                                     "divergent_warps", "lane_utilization", "barriers", "shared_ld", "shared_st",
                                     "shared_atom", "global_ld", "global_st", "global_atom"};
  const nlohmann::json j = metrics_to_json(compute_metrics(plain_trace()));
  auto keys = [](const nlohmann::json& row) {
    std::set<std::string> k;
    for (const auto& item : row.items()) k.insert(item.key());
    return k;
  };
  for (const nlohmann::json& row : j["steps"]) EXPECT_EQ(keys(row), before);
  EXPECT_EQ(keys(j["total"]), before);
}

TEST(AtomicMetricsFormat, TableWithAtomicsEndsWithTheirPasses) {
  // Per warp, 8 lanes on each of 4 shared addresses: 8 passes, 16 for the two warps; address 0
  // has 16 lanes (the lowest of four tied). Global: one lane per warp on Output (buffer 2) + 0.
  const std::string passes =
      "\n"
      "        | shared atomic passes              | global atomic passes\n"
      "step    | req  lanes  passes  hottest  hits | req  lanes  passes  hottest  hits\n"
      "load    |   0      0       0                |   0      0       0\n"
      "level 0 |   2     64      16        0    16 |   2      2       2      2:0     2\n"
      "------- | ---  -----  ------  -------  ---- | ---  -----  ------  -------  ----\n"
      "total   |   2     64      16        0    16 |   2      2       2      2:0     2\n";
  const std::string table = format_metrics_table(compute_metrics(atomic_trace()));
  ASSERT_GT(table.size(), passes.size());
  EXPECT_EQ(table.substr(table.size() - passes.size()), passes) << table;
  EXPECT_NE(table.find("shared atomics"), std::string::npos) << table;  // the main table keeps its columns
}

TEST(AtomicMetricsFormat, JsonWithAtomicsHasContention) {
  const nlohmann::json j = metrics_to_json(compute_metrics(atomic_trace()));
  const nlohmann::json& shared = j["steps"][1]["shared_contention"];
  EXPECT_EQ(shared["requests"], 2);
  EXPECT_EQ(shared["lanes"], 64);
  EXPECT_EQ(shared["passes"], 16);
  EXPECT_EQ(shared["hottest"]["address"], 0);
  EXPECT_EQ(shared["hottest"]["lanes"], 16);
  EXPECT_EQ(j["total"]["global_contention"]["hottest"]["buffer"], std::uint32_t(test::kOutput));
  EXPECT_TRUE(j["steps"][0]["global_contention"]["hottest"].is_null());  // the load step has no atomics
}

}  // namespace
}  // namespace wl
