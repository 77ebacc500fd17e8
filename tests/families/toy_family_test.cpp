// A family added with one folder in the template form and one line in a family list runs
// through the same runner as reduction, on the simulator, and records every launch.
#include <gtest/gtest.h>

#include <set>

#include "run/backend_run.h"
#include "kernels/gpu/gpu_error.h"
#include "model/dataflow.h"
#include "model/views/dataflow_layout.h"

namespace wl {
namespace {

RunRequest toy_request(std::uint64_t passes) {
  RunRequest r;
  r.family = "copy_twice";
  r.variant = "one-per-thread";
  r.type = "i32";
  r.n = 300;  // three blocks of 128, the last one partial
  r.block = 128;
  r.params["passes"] = passes;
  r.record = true;
  r.record_blocks = {0, 1, 2};
  return r;
}

TEST(ToyFamily, IsListedBesideTheProductsFamilies) {
  std::vector<std::string> ids;
  for (const Family* f : families()) ids.emplace_back(f->id());
  EXPECT_EQ(ids, (std::vector<std::string>{"reduce", "scan", "histogram", "allreduce", "rows", "copy_twice"}));
  ASSERT_NE(find_family("copy_twice"), nullptr);
  EXPECT_TRUE(find_family("copy_twice")->ops().empty());
}

TEST(ToyFamily, ValidationChecksItsParameter) {
  EXPECT_EQ(validate(toy_request(2)), "");
  EXPECT_NE(validate(toy_request(0)).find("passes = 0 is outside 1 .. 4"), std::string::npos);
  RunRequest r = toy_request(2);
  r.params["bins"] = 3;
  EXPECT_NE(validate(r).find("no parameter 'bins'"), std::string::npos);
  r = toy_request(2);
  r.type = "f64";
  EXPECT_NE(validate(r).find("unknown type 'f64'"), std::string::npos);
  r = toy_request(2);
  r.variant = "sequential";  // reduce's, not this family's
  EXPECT_NE(validate(r).find("unknown variant"), std::string::npos);
}

TEST(ToyFamily, RunsOnTheSimulatorAndRecordsBothLaunches) {
  RunInput input;
  input.pattern = Pattern::Ascending;
  const RunOutcome report = run_request(toy_request(2), input, BackendChoice::Simulator);
  const RunResult& out = report.result;
  EXPECT_TRUE(out.check.ok) << out.check.error << " elements differ";
  ASSERT_EQ(out.result.count(), 300u);
  for (std::uint64_t i = 0; i < 300; ++i) ASSERT_EQ(out.result.bits(i), i % 1000 + 1) << i;  // ascending

  const TraceMeta& m = out.trace.meta;
  ASSERT_EQ(m.launches.size(), 2u);
  EXPECT_EQ(m.launches[0].name, "copy 1 of 2");
  EXPECT_EQ(m.launches[1].name, "copy 2 of 2");
  ASSERT_EQ(m.buffers.size(), 3u);
  EXPECT_EQ(m.buffers[0].name, "input");
  EXPECT_EQ(m.buffers[1].name, "staging 1");
  EXPECT_EQ(m.buffers[2].name, "output");
  EXPECT_EQ(m.buffers[2].role, BufferRole::Output);
  // Each launch: every element loaded from its source and stored to its destination once.
  for (std::uint16_t launch = 0; launch < 2; ++launch) {
    std::set<std::uint32_t> loaded, stored;
    for (const Event& e : out.trace.events) {
      if (e.launch != launch) continue;
      if (e.op == OpKind::GlobalLoad) {
        EXPECT_EQ(e.buffer, m.buffers[launch].id);
        loaded.insert(e.address);
      }
      if (e.op == OpKind::GlobalStore) {
        EXPECT_EQ(e.buffer, m.buffers[launch + 1].id);
        stored.insert(e.address);
      }
    }
    EXPECT_EQ(loaded.size(), 300u) << "launch " << launch;
    EXPECT_EQ(stored, loaded) << "launch " << launch;
  }
}

// Each output element came from its input element through the staging buffer: a Copy edge in
// launch 0 (input[i] → staging[i]) and one in launch 1 (staging[i] → output[i]), nothing else.
TEST(ToyFamily, DrawsInTheDataflowGraphAcrossBothLaunches) {
  const RunOutcome report = run_request(toy_request(2), RunInput{}, BackendChoice::Simulator);
  const Trace& run = report.result.trace;
  const DataflowGraph g = build_dataflow(run);
  const BufferId input = run.meta.buffers[0].id, staging = run.meta.buffers[1].id, output = run.meta.buffers[2].id;
  std::uint32_t outputs = 0;
  for (std::uint32_t k = 0; k < g.nodes.size(); ++k) {
    const DataflowNode& n = g.nodes[k];
    if (n.buffer != output) continue;
    ++outputs;
    EXPECT_EQ(n.launch, 1u);
    const auto [first, last] = g.edges_into(k);
    ASSERT_EQ(last - first, 1) << "output " << n.index;
    EXPECT_EQ(first->kind, DataflowEdgeKind::Copy);
    const DataflowNode& mid = g.nodes[first->from];
    EXPECT_EQ(mid.buffer, staging);
    EXPECT_EQ(mid.index, n.index);
    EXPECT_EQ(mid.launch, 0u);
    const auto [first0, last0] = g.edges_into(first->from);
    ASSERT_EQ(last0 - first0, 1);
    EXPECT_EQ(first0->kind, DataflowEdgeKind::Copy);
    const DataflowNode& in = g.nodes[first0->from];
    EXPECT_EQ(in.buffer, input);
    EXPECT_EQ(in.kind, DataflowNodeKind::Input);
    EXPECT_EQ(in.index, n.index);
  }
  EXPECT_EQ(outputs, 300u);

  // Block 1's picture: rows of both launches, 128 elements of each of the three buffers.
  const DataflowLayout layout = layout_dataflow(g, run, 1);
  ASSERT_FALSE(layout.empty());
  EXPECT_GE(layout.row_of(0, kFinishStep), 0);
  EXPECT_GE(layout.row_of(1, kFinishStep), 0);
  ASSERT_EQ(layout.groups.size(), 3u);
  for (const DataflowColumnGroup& group : layout.groups) EXPECT_EQ(group.column_count, 128u) << group.label;
  EXPECT_EQ(layout.edges.size(), 2u * 128u);
}

TEST(ToyFamily, ItsParameterSetsTheLaunches) {
  const RunOutcome report = run_request(toy_request(4), RunInput{}, BackendChoice::Simulator);
  EXPECT_TRUE(report.result.check.ok);
  EXPECT_EQ(report.result.trace.meta.launches.size(), 4u);
  ASSERT_EQ(report.result.launches.size(), 4u);
  EXPECT_EQ(report.result.launches[3].kernel, "copy 4 of 4");
  EXPECT_EQ(find_family("copy_twice")->plan(toy_request(4))[3].kernel, "copy 4 of 4");  // the plan names them alike
}

// Reduction behind the interface: its reference and its check of a result, without templates.
TEST(ReduceFamily, ReferenceAndCheckThroughTheInterface) {
  const Family& reduce = *find_family("reduce");
  RunRequest r;
  r.variant = "sequential";
  r.type = "i32";
  r.n = 8;
  r.block = 32;
  const std::vector<std::int32_t> input{1, 2, 3, 4, 5, 6, 7, 8};
  const ResultValues expected = reduce.reference(r, input.data());
  ASSERT_EQ(expected.count(), 1u);
  EXPECT_EQ(expected.bits(0), 36u);
  RunResult result = reduce.run(r, Backend::Simulator, input.data());
  EXPECT_TRUE(reduce.check(r, input.data(), result).ok);
  result.result = ResultValues::of(std::vector<std::int32_t>{35});
  const CheckResult wrong = reduce.check(r, input.data(), result);
  EXPECT_FALSE(wrong.ok);
  EXPECT_EQ(wrong.expected, "36");
  result.result = ResultValues::of(std::vector<std::int32_t>{36, 36});  // a reduction has one value
  EXPECT_FALSE(reduce.check(r, input.data(), result).ok);
}

// Built like the product's families, it is compiled for the GPU where CUDA is: there it runs and
// checks; without a GPU (or CUDA) asking for one is a clear error.
TEST(ToyFamily, RunsOnTheGpuOrSaysWhyNot) {
  const RunRequest r = toy_request(2);
  const Family& toy = *find_family("copy_twice");
  const std::vector<unsigned char> input = toy.make_input(r, Pattern::Ascending, 1);
  try {
    const RunResult out = toy.run(r, Backend::Gpu, input.data());
    EXPECT_TRUE(out.check.ok);
    EXPECT_EQ(out.trace.meta.launches.size(), 2u);
  } catch (const GpuError& e) {
    EXPECT_FALSE(std::string(e.what()).empty());
  }
}

}  // namespace
}  // namespace wl
