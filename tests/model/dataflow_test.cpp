// The dataflow graph: hand-built traces whose graphs are worked out by hand, a simulated
// down-sweep swap written with st_from, and real reductions whose graphs must reach every input
// and must not depend on the values.
#include "model/dataflow.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "run/backend_run.h"
#include "kernels/dialect/dialect.h"
#include "kernels/sim/sim_context.h"
#include "kernels/sim/sim_grid.h"
#include "trace_builder.h"

namespace wl {
namespace {

using test::kInput;
using test::kOutput;
using test::kPartials;
using test::TraceBuilder;
using Kind = DataflowNodeKind;
using Space = DataflowSpace;
using EdgeKind = DataflowEdgeKind;

// The index of the nth node (from 0) at a location, in processing order; -1 when absent.
int find_node(const DataflowGraph& g, Space space, std::uint32_t index, BufferId buffer = kNoBuffer,
              int nth = 0) {
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    const DataflowNode& n = g.nodes[i];
    if (n.space == space && n.index == index && n.buffer == buffer && nth-- == 0) return int(i);
  }
  return -1;
}

std::vector<std::uint32_t> sources(const DataflowGraph& g, int node) {
  std::vector<std::uint32_t> out;
  auto [first, last] = g.edges_into(std::uint32_t(node));
  for (const DataflowEdge* e = first; e != last; ++e) out.push_back(e->from);
  return out;
}

std::vector<EdgeKind> kinds_into(const DataflowGraph& g, int node) {
  std::vector<EdgeKind> out;
  auto [first, last] = g.edges_into(std::uint32_t(node));
  for (const DataflowEdge* e = first; e != last; ++e) out.push_back(e->kind);
  return out;
}

std::vector<std::uint32_t> ids(std::initializer_list<int> nodes) {
  std::vector<std::uint32_t> out(nodes.begin(), nodes.end());
  std::sort(out.begin(), out.end());
  return out;
}

// --- hand-built traces (i32: 4-byte elements)

TEST(Dataflow, LoadThenStoreIsOneCopyEdge) {
  TraceBuilder b(32);
  b.global(0, 5, OpKind::GlobalLoad, 10, 8, 4, kInput, 7);
  b.global(0, 5, OpKind::GlobalStore, 11, 0, 4, kOutput, 7);
  const DataflowGraph g = build_dataflow(b.build());

  ASSERT_EQ(g.nodes.size(), 2u);
  const int in = find_node(g, Space::Global, 2, kInput), out = find_node(g, Space::Global, 0, kOutput);
  ASSERT_GE(in, 0);
  ASSERT_GE(out, 0);
  EXPECT_EQ(g.nodes[in].kind, Kind::Input);
  EXPECT_EQ(g.nodes[in].thread, -1);
  EXPECT_EQ(g.nodes[in].bits, 7u);
  EXPECT_EQ(g.nodes[out].kind, Kind::Written);
  EXPECT_EQ(g.nodes[out].thread, 5);
  ASSERT_EQ(g.edges.size(), 1u);
  EXPECT_EQ(g.edges[0].from, std::uint32_t(in));
  EXPECT_EQ(g.edges[0].to, std::uint32_t(out));
  EXPECT_EQ(g.edges[0].thread, 5);
  EXPECT_EQ(g.edges[0].kind, EdgeKind::Copy);
}

TEST(Dataflow, TwoLoadsCombineAndTheRegisterKeepsWhatItStored) {
  TraceBuilder b(32);
  b.global(0, 0, OpKind::GlobalLoad, 10, 0, 4, kInput, 1);
  b.global(0, 0, OpKind::GlobalLoad, 10, 4, 4, kInput, 2);
  b.shared(0, 0, OpKind::SharedStore, 11, 0, 4, 3);  // slot 0 = in[0] + in[1]
  b.global(0, 0, OpKind::GlobalLoad, 10, 8, 4, kInput, 4);
  b.shared(0, 0, OpKind::SharedStore, 12, 4, 4, 7);  // slot 1 = slot 0's value (in a register) + in[2]
  const DataflowGraph g = build_dataflow(b.build());

  const int in0 = find_node(g, Space::Global, 0, kInput), in1 = find_node(g, Space::Global, 1, kInput),
            in2 = find_node(g, Space::Global, 2, kInput);
  const int slot0 = find_node(g, Space::Shared, 0), slot1 = find_node(g, Space::Shared, 1);
  EXPECT_EQ(sources(g, slot0), ids({in0, in1}));
  EXPECT_EQ(kinds_into(g, slot0), (std::vector<EdgeKind>{EdgeKind::Combine, EdgeKind::Combine}));
  EXPECT_EQ(sources(g, slot1), ids({slot0, in2}));
  EXPECT_EQ(g.nodes[slot0].bits, 3u);
  EXPECT_EQ(g.edges.size(), 4u);
}

TEST(Dataflow, StFromSwapIsASwapAndACombine) {
  TraceBuilder b(32);
  b.step(make_step(StepKind::UpSweep, 0));
  b.global(0, 0, OpKind::GlobalLoad, 10, 0, 4, kInput, 1);
  b.shared(0, 0, OpKind::SharedStore, 11, 0, 4, 1);  // l0: slot 0 from in[0]
  b.global(0, 1, OpKind::GlobalLoad, 10, 4, 4, kInput, 2);
  b.shared(0, 1, OpKind::SharedStore, 11, 4, 4, 2);  // r0: slot 1 from in[1]
  b.step(make_step(StepKind::DownSweep, 0));
  b.shared(0, 1, OpKind::SharedLoad, 20, 0, 4, 1);  // L (load 0 since the plain store)
  b.shared(0, 1, OpKind::SharedLoad, 21, 4, 4, 2);  // R (load 1)
  b.shared(0, 1, OpKind::SharedStore, 22, 0, 4, 2).aux = 0b10;  // slot 0 = R
  b.shared(0, 1, OpKind::SharedStore, 23, 4, 4, 3).aux = 0b11;  // slot 1 = L + R
  b.step(make_step(StepKind::Finish));
  b.shared(0, 1, OpKind::SharedStore, 30, 8, 4, 9);  // slot 2 from pending: the register; st_from spent both loads
  const DataflowGraph g = build_dataflow(b.build());

  const int l0 = find_node(g, Space::Shared, 0), r0 = find_node(g, Space::Shared, 1);
  const int l1 = find_node(g, Space::Shared, 0, kNoBuffer, 1), r1 = find_node(g, Space::Shared, 1, kNoBuffer, 1);
  const int s2 = find_node(g, Space::Shared, 2);
  ASSERT_GE(l1, 0);
  ASSERT_GE(r1, 0);
  EXPECT_EQ(sources(g, l1), ids({r0}));
  EXPECT_EQ(kinds_into(g, l1), std::vector<EdgeKind>{EdgeKind::Swap});
  EXPECT_EQ(sources(g, r1), ids({l0, r0}));
  EXPECT_EQ(kinds_into(g, r1), (std::vector<EdgeKind>{EdgeKind::Combine, EdgeKind::Combine}));
  EXPECT_EQ(g.nodes[l1].previous, std::uint32_t(l0));
  EXPECT_EQ(g.nodes[r1].previous, std::uint32_t(r0));
  // Pending was {r0} (thread 1's plain store) plus the two loads, which the st_froms named:
  // only the register is left.
  EXPECT_EQ(sources(g, s2), ids({r0}));
}

TEST(Dataflow, AnExchangeWrittenTheOtherWayRoundIsASwapToo) {
  TraceBuilder b(32);
  b.shared(0, 0, OpKind::SharedStore, 10, 0, 4, 1);  // l0
  b.shared(0, 1, OpKind::SharedStore, 10, 4, 4, 2);  // r0
  b.step(make_step(StepKind::DownSweep, 0));
  b.shared(0, 1, OpKind::SharedLoad, 20, 0, 4, 1);
  b.shared(0, 1, OpKind::SharedLoad, 21, 4, 4, 2);
  b.shared(0, 1, OpKind::SharedStore, 22, 4, 4, 3).aux = 0b11;  // slot 1 = L + R first
  b.shared(0, 1, OpKind::SharedStore, 23, 0, 4, 2).aux = 0b10;  // then slot 0 = R (as loaded)
  const DataflowGraph g = build_dataflow(b.build());
  const int l1 = find_node(g, Space::Shared, 0, kNoBuffer, 1);
  EXPECT_EQ(sources(g, l1), ids({find_node(g, Space::Shared, 1)}));
  EXPECT_EQ(kinds_into(g, l1), std::vector<EdgeKind>{EdgeKind::Swap});
}

TEST(Dataflow, CopyingAValueJustWrittenIsNoSwap) {
  TraceBuilder b(32);
  b.shared(0, 0, OpKind::SharedStore, 10, 0, 4, 1);  // y0
  b.shared(0, 1, OpKind::SharedStore, 10, 4, 4, 2);  // x0
  b.step(level_step(0));
  b.shared(0, 1, OpKind::SharedLoad, 20, 0, 4, 1);   // y0
  b.shared(0, 1, OpKind::SharedStore, 21, 4, 4, 3).aux = 0b1;  // x1 from y0
  b.shared(0, 1, OpKind::SharedLoad, 22, 4, 4, 3);   // x1
  b.shared(0, 1, OpKind::SharedStore, 23, 0, 4, 3).aux = 0b10;  // y1 = x1: a chain, not an exchange
  const DataflowGraph g = build_dataflow(b.build());
  const int y1 = find_node(g, Space::Shared, 0, kNoBuffer, 1);
  EXPECT_EQ(sources(g, y1), ids({find_node(g, Space::Shared, 1, kNoBuffer, 1)}));
  EXPECT_EQ(kinds_into(g, y1), std::vector<EdgeKind>{EdgeKind::Copy});
}

TEST(Dataflow, ACopyIsNoSwapWithoutTheExchange) {
  TraceBuilder b(32);
  b.shared(0, 0, OpKind::SharedStore, 10, 0, 4, 1);
  b.shared(0, 0, OpKind::SharedStore, 10, 4, 4, 1);
  b.step(level_step(0));
  b.shared(0, 0, OpKind::SharedLoad, 20, 4, 4, 1);
  b.shared(0, 0, OpKind::SharedStore, 21, 0, 4, 1).aux = 0b1;  // slot 0 = slot 1
  b.shared(0, 0, OpKind::SharedStore, 22, 4, 4, 1).aux = 0b1;  // slot 1 = slot 1: no exchange
  const DataflowGraph g = build_dataflow(b.build());
  const int copy = find_node(g, Space::Shared, 0, kNoBuffer, 1);
  EXPECT_EQ(kinds_into(g, copy), std::vector<EdgeKind>{EdgeKind::Copy});
}

TEST(Dataflow, AtomicsChainThroughTheAddressVersions) {
  TraceBuilder b(32);
  for (std::uint16_t t = 0; t < 3; ++t) b.global(0, t, OpKind::GlobalLoad, 10, 4u * t, 4, kInput, t);
  b.step(kFinishStep);
  for (std::uint16_t t = 0; t < 3; ++t) b.global(0, t, OpKind::GlobalAtomic, 20, 0, 4, kOutput, t);
  const DataflowGraph g = build_dataflow(b.build());

  const int initial = find_node(g, Space::Global, 0, kOutput);
  ASSERT_GE(initial, 0);
  EXPECT_EQ(g.nodes[initial].kind, Kind::Initial);  // the output buffer: written by the host
  EXPECT_FALSE(g.nodes[initial].value_recorded);
  int before = initial;
  for (std::uint16_t t = 0; t < 3; ++t) {
    const int v = find_node(g, Space::Global, 0, kOutput, t + 1);
    ASSERT_GE(v, 0);
    EXPECT_EQ(g.nodes[v].thread, t);
    EXPECT_EQ(g.nodes[v].previous, std::uint32_t(before));
    EXPECT_EQ(sources(g, v), ids({before, find_node(g, Space::Global, t, kInput)})) << "thread " << t;
    EXPECT_EQ(kinds_into(g, v), (std::vector<EdgeKind>{EdgeKind::Atomic, EdgeKind::Atomic}));
    before = v;
  }
  EXPECT_EQ(g.nodes.size(), 3u + 1u + 3u);
}

Event& shuffle(TraceBuilder& b, std::uint16_t thread, std::uint32_t source_lane, std::uint64_t sent,
               std::uint64_t received) {
  Event& e = b.add(0, thread, OpKind::Shuffle, 30, 0, 4, kNoBuffer, sent, received);
  e.aux = source_lane;
  return e;
}

TEST(Dataflow, ShuffleMakesRegisterVersionsFromWhatBothLanesHeld) {
  TraceBuilder b(32);
  b.global(0, 0, OpKind::GlobalLoad, 10, 0, 4, kInput, 5);
  b.global(0, 1, OpKind::GlobalLoad, 10, 4, 4, kInput, 6);
  b.step(level_step(0));
  shuffle(b, 0, 1, 5, 6);  // xor 1: lane 0 receives lane 1's value
  shuffle(b, 1, 0, 6, 5);
  b.step(kFinishStep);
  b.global(0, 0, OpKind::GlobalStore, 40, 0, 4, kOutput, 11);
  const DataflowGraph g = build_dataflow(b.build());

  const int in0 = find_node(g, Space::Global, 0, kInput), in1 = find_node(g, Space::Global, 1, kInput);
  const int reg0 = find_node(g, Space::Register, 0), reg1 = find_node(g, Space::Register, 1);
  ASSERT_GE(reg0, 0);
  ASSERT_GE(reg1, 0);
  EXPECT_EQ(g.nodes[reg0].step, level_step(0));
  EXPECT_EQ(g.nodes[reg0].thread, 0);
  EXPECT_EQ(g.nodes[reg0].bits, 6u);  // what it received
  EXPECT_EQ(sources(g, reg0), ids({in0, in1}));
  // Lane 1 received what lane 0 sent, not the register lane 0 made in the same round.
  EXPECT_EQ(sources(g, reg1), ids({in0, in1}));
  EXPECT_EQ(kinds_into(g, reg1), (std::vector<EdgeKind>{EdgeKind::Combine, EdgeKind::Combine}));
  const int out = find_node(g, Space::Global, 0, kOutput);
  EXPECT_EQ(sources(g, out), ids({reg0}));
}

TEST(Dataflow, ALaterLaunchReadsWhatAnEarlierOneWrote) {
  TraceBuilder b(32, 2);
  b.global(1, 0, OpKind::GlobalLoad, 10, 128, 4, kInput, 3);
  b.global(1, 0, OpKind::GlobalStore, 11, 4, 4, kPartials, 3);  // partials[1]
  b.shared(1, 0, OpKind::SharedStore, 12, 0, 4, 3);
  b.launch("second pass", 1, 32);
  b.global(0, 0, OpKind::GlobalLoad, 20, 4, 4, kPartials, 3);
  b.shared(0, 0, OpKind::SharedLoad, 21, 0, 4, 0);  // another launch's shared memory: not that one
  b.global(0, 0, OpKind::GlobalStore, 22, 0, 4, kOutput, 3);
  const DataflowGraph g = build_dataflow(b.build());

  const int partial = find_node(g, Space::Global, 1, kPartials), out = find_node(g, Space::Global, 0, kOutput);
  ASSERT_GE(partial, 0);
  ASSERT_GE(out, 0);
  EXPECT_EQ(g.nodes[partial].launch, 0);
  EXPECT_EQ(g.nodes[partial].block, 1u);
  EXPECT_EQ(g.nodes[out].launch, 1);
  const int fresh_shared = find_node(g, Space::Shared, 0, kNoBuffer, 1);
  ASSERT_GE(fresh_shared, 0);
  EXPECT_EQ(g.nodes[fresh_shared].kind, Kind::Initial);
  EXPECT_EQ(g.nodes[fresh_shared].launch, 1);
  EXPECT_EQ(sources(g, out), ids({partial, fresh_shared}));
  // Nodes come in run order: every launch-0 node before every launch-1 node.
  EXPECT_TRUE(std::is_sorted(g.nodes.begin(), g.nodes.end(),
                             [](const DataflowNode& a, const DataflowNode& b) { return a.launch < b.launch; }));
}

TEST(Dataflow, AnotherThreadsWriteIsVisibleOnlyAfterABarrier) {
  TraceBuilder b(32);
  b.global(0, 0, OpKind::GlobalLoad, 10, 0, 4, kInput, 1);
  b.shared(0, 0, OpKind::SharedStore, 11, 0, 4, 1);  // thread 0 writes slot 0
  b.shared(0, 0, OpKind::SharedLoad, 12, 0, 4, 1);   // and sees its own write
  b.shared(0, 0, OpKind::SharedStore, 13, 8, 4, 1);  // slot 2
  b.shared(0, 1, OpKind::SharedLoad, 12, 0, 4, 1);   // thread 1, same epoch: must not see it
  b.shared(0, 1, OpKind::SharedStore, 13, 4, 4, 1);  // slot 1
  for (std::uint16_t t = 0; t < 3; ++t) b.barrier(0, t, 14);
  b.shared(0, 2, OpKind::SharedLoad, 15, 0, 4, 1);   // thread 2, after the barrier: sees it
  b.shared(0, 2, OpKind::SharedStore, 16, 12, 4, 1);  // slot 3
  const DataflowGraph g = build_dataflow(b.build());

  const int written = find_node(g, Space::Shared, 0);
  const int before = find_node(g, Space::Shared, 0, kNoBuffer, 1);
  ASSERT_GE(before, 0);
  EXPECT_EQ(g.nodes[written].kind, Kind::Written);
  EXPECT_EQ(g.nodes[before].kind, Kind::Initial);  // what slot 0 held before thread 0 wrote it
  EXPECT_EQ(g.nodes[written].previous, std::uint32_t(before));
  EXPECT_EQ(sources(g, find_node(g, Space::Shared, 2)), ids({written}));
  EXPECT_EQ(sources(g, find_node(g, Space::Shared, 1)), ids({before}));
  EXPECT_EQ(sources(g, find_node(g, Space::Shared, 3)), ids({written}));
}

TEST(Dataflow, AVectorLoadCoversFourElements) {
  TraceBuilder b(32);
  Event& v = b.global(0, 0, OpKind::GlobalLoad, 10, 16, 16, kInput, 0x0000000200000001ull);
  v.value[1] = 0x0000000400000003ull;
  b.global(0, 0, OpKind::GlobalStore, 11, 0, 4, kOutput, 10);
  const DataflowGraph g = build_dataflow(b.build());
  const int out = find_node(g, Space::Global, 0, kOutput);
  std::vector<std::uint32_t> inputs;
  for (std::uint32_t i = 4; i < 8; ++i) inputs.push_back(std::uint32_t(find_node(g, Space::Global, i, kInput)));
  EXPECT_EQ(sources(g, out), inputs);
  EXPECT_EQ(g.nodes[inputs[2]].bits, 3u);
}

// A stale read (the volatile pitfall): thread 1 reads slot 0 two steps after thread 0 rewrote
// it, yet gets the first value. The graph draws the read from the version that held it and
// marks the edge racy; the read it should have made is not drawn.
TEST(Dataflow, AStaleReadComesFromTheVersionThatHeldItsValueAndIsRacy) {
  TraceBuilder b(32);
  b.shared(0, 0, OpKind::SharedStore, 10, 0, 4, 5);   // slot 0 = 5
  b.step(level_step(0));
  b.shared(0, 0, OpKind::SharedStore, 11, 0, 4, 9);   // slot 0 = 9
  b.step(level_step(1));
  b.shared(0, 1, OpKind::SharedLoad, 12, 0, 4, 5);    // reads 5: stale
  b.shared(0, 1, OpKind::SharedStore, 13, 4, 4, 5);   // slot 1
  b.shared(0, 2, OpKind::SharedLoad, 12, 0, 4, 9);    // reads 9: as it should
  b.shared(0, 2, OpKind::SharedStore, 13, 8, 4, 9);   // slot 2
  const DataflowGraph g = build_dataflow(b.build());

  const int first = find_node(g, Space::Shared, 0), second = find_node(g, Space::Shared, 0, kNoBuffer, 1);
  const int stale = find_node(g, Space::Shared, 1), fresh = find_node(g, Space::Shared, 2);
  EXPECT_EQ(sources(g, stale), ids({first}));
  EXPECT_TRUE(g.edges_into(std::uint32_t(stale)).first->racy);
  EXPECT_EQ(sources(g, fresh), ids({second}));
  EXPECT_FALSE(g.edges_into(std::uint32_t(fresh)).first->racy);
}

// An atomic returns what the address held: a ticket drawn and then stored comes from the ticket
// counter's version before the atomic, not from what the thread stored before it.
TEST(Dataflow, WhatAThreadStoresAfterAnAtomicComesFromWhatTheAtomicReturned) {
  TraceBuilder b(32);
  b.global(0, 0, OpKind::GlobalLoad, 10, 0, 4, kInput, 3);
  b.global(0, 0, OpKind::GlobalStore, 11, 0, 4, kPartials, 3);  // the block's partial
  b.global(0, 0, OpKind::GlobalAtomic, 12, 4, 4, kPartials, 1);  // draws a ticket at partials[1]
  b.shared(0, 0, OpKind::SharedStore, 13, 0, 4, 0);              // am_last = (ticket == last)
  const DataflowGraph g = build_dataflow(b.build());

  const int counter = find_node(g, Space::Global, 1, kPartials);  // its version before the atomic
  ASSERT_GE(counter, 0);
  EXPECT_EQ(g.nodes[counter].kind, Kind::Initial);
  EXPECT_EQ(sources(g, find_node(g, Space::Shared, 0)), ids({counter}));
}

// --- st_from, recorded by the simulator

TEST(Dataflow, SimulatedDownSweepSwapFromStFrom) {
  SimLaunch launch;
  launch.grid_dim = 1;
  launch.block_dim = 32;
  launch.shared_bytes = 64 * sizeof(int);
  launch.record_blocks = {0};
  launch.event_cap = 1000;
  SimGrid grid(launch, [](SimCtx& ctx) {
    Shared<int> s = shared_array<int>(ctx, 64);
    const unsigned t = ctx.thread_idx();
    ctx.st(s, 2 * t, int(t));
    ctx.st(s, 2 * t + 1, 1);
    ctx.sync();
    ctx.step(make_step(StepKind::DownSweep, 0));
    const unsigned l = 2 * t, r = 2 * t + 1;
    int L = ctx.ld(s, l);
    int R = ctx.ld(s, r);
    ctx.st_from(s, l, R, 0b10);
    ctx.st_from(s, r, L + R, 0b11);
  });
  grid.run();
  Trace run;
  run.meta.type = "i32";
  run.meta.launches = {{"down-sweep", 1, 32, launch.shared_bytes, 64}};
  run.events = grid.events();
  std::size_t masked = 0;
  for (const Event& e : run.events)
    if (e.op == OpKind::SharedStore && e.aux != 0) ++masked;
  EXPECT_EQ(masked, 64u);
  ASSERT_EQ(grid.events_dropped(), 0u);

  const DataflowGraph g = build_dataflow(run);
  std::size_t swaps = 0, combines = 0, copies = 0;
  for (const DataflowEdge& e : g.edges) {
    swaps += e.kind == EdgeKind::Swap;
    combines += e.kind == EdgeKind::Combine;
    copies += e.kind == EdgeKind::Copy;
  }
  EXPECT_EQ(swaps, 32u);
  EXPECT_EQ(combines, 64u);
  // The second plain store of each thread copies from the first (the register held it).
  EXPECT_EQ(copies, 32u);
}

// --- real reductions on the simulator

Trace simulate(const std::string& variant, Pattern pattern) {
  RunRequest r;
  r.variant = variant;
  r.block = 256;
  r.n = 2048;
  r.type = "i32";
  r.record = true;
  r.record_blocks = {0};
  RunInput input;
  input.pattern = pattern;
  return run_request(r, input, BackendChoice::Simulator).result.trace;
}

// Every node reaching `node` through edges (and `node` itself).
std::vector<bool> ancestors(const DataflowGraph& g, std::uint32_t node) {
  std::vector<bool> seen(g.nodes.size(), false);
  std::vector<std::uint32_t> todo{node};
  seen[node] = true;
  while (!todo.empty()) {
    const std::uint32_t n = todo.back();
    todo.pop_back();
    auto [first, last] = g.edges_into(n);
    for (const DataflowEdge* e = first; e != last; ++e)
      if (!seen[e->from]) seen[e->from] = true, todo.push_back(e->from);
  }
  return seen;
}

bool is_output(const Trace& run, BufferId id) {
  const BufferRecord* b = run.meta.buffer(id);
  return b && b->role == BufferRole::Output;
}

// Everything but the values.
auto structure(const DataflowGraph& g) {
  std::vector<std::tuple<Kind, Space, BufferId, std::uint32_t, std::uint32_t, std::uint16_t, StepId, std::int32_t,
                         std::uint32_t>>
      nodes;
  for (const DataflowNode& n : g.nodes)
    nodes.emplace_back(n.kind, n.space, n.buffer, n.block, n.index, n.launch, n.step, n.thread, n.previous);
  std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint16_t, EdgeKind>> edges;
  for (const DataflowEdge& e : g.edges) edges.emplace_back(e.from, e.to, e.thread, e.kind);
  return std::make_pair(nodes, edges);
}

class DataflowOfReductions : public testing::TestWithParam<const char*> {};

TEST_P(DataflowOfReductions, BlockOutputReachesEveryInputItLoaded) {
  const Trace run = simulate(GetParam(), Pattern::Random);
  const DataflowGraph g = build_dataflow(run);

  std::set<std::uint32_t> loaded;  // input elements block 0 of the first launch loaded
  for (const Event& e : run.events)
    if (e.launch == 0 && e.block == 0 && e.op == OpKind::GlobalLoad && run.meta.buffer(e.buffer)->role == BufferRole::Input) {
      const ElementSpan span = accessed_elements(e, run.meta);
      for (std::uint32_t k = 0; k < span.count; ++k) loaded.insert(span.first + k);
    }
  ASSERT_FALSE(loaded.empty());

  std::uint32_t output = kNoDataflowNode;  // the last value block 0 wrote to an output buffer
  for (std::uint32_t i = 0; i < g.nodes.size(); ++i) {
    const DataflowNode& n = g.nodes[i];
    if (n.kind == Kind::Written && n.space == Space::Global && n.launch == 0 && n.block == 0 && is_output(run, n.buffer))
      output = i;
  }
  ASSERT_NE(output, kNoDataflowNode);

  const std::vector<bool> reach = ancestors(g, output);
  std::set<std::uint32_t> reached;
  for (std::uint32_t i = 0; i < g.nodes.size(); ++i)
    if (reach[i] && g.nodes[i].kind == Kind::Input) reached.insert(g.nodes[i].index);
  EXPECT_EQ(reached, loaded);
}

TEST_P(DataflowOfReductions, StructureDoesNotDependOnTheValues) {
  const DataflowGraph random = build_dataflow(simulate(GetParam(), Pattern::Random));
  const DataflowGraph ones = build_dataflow(simulate(GetParam(), Pattern::Ones));
  const DataflowGraph equal = build_dataflow(simulate(GetParam(), Pattern::AllEqual));
  ASSERT_GT(random.edges.size(), 0u);
  EXPECT_TRUE(structure(random) == structure(ones));
  EXPECT_TRUE(structure(random) == structure(equal));
}

INSTANTIATE_TEST_SUITE_P(Variants, DataflowOfReductions,
                         testing::Values("sequential", "interleaved-divergent", "interleaved-strided",
                                         "warp-shuffle", "atomic-global"),
                         [](const testing::TestParamInfo<const char*>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// Interleaved addressing with a strided index re-reads sdata[index] at a new index every level:
// each level's write combines exactly the two slots it read, never the slot its register held
// from the level before (block 256: level k has 128 >> k writers, each with two sources).
TEST(Dataflow, InterleavedStridedLevelsCombineExactlyTheTwoSlotsRead) {
  const Trace run = simulate("interleaved-strided", Pattern::Random);
  const DataflowGraph g = build_dataflow(run);
  std::map<StepId, std::uint32_t> writes;
  for (std::uint32_t i = 0; i < g.nodes.size(); ++i) {
    const DataflowNode& n = g.nodes[i];
    if (n.launch != 0 || n.space != Space::Shared || n.kind != Kind::Written || step_kind(n.step) != StepKind::Level)
      continue;
    ++writes[n.step];
    const auto [first, last] = g.edges_into(i);
    ASSERT_EQ(last - first, 2) << step_name(n.step) << ", slot " << n.index;
    EXPECT_EQ(first->kind, EdgeKind::Combine);
    EXPECT_EQ(g.nodes[first->from].index, n.index);
    EXPECT_EQ(g.nodes[(first + 1)->from].index - n.index, 1u << step_index(n.step));  // index + s
  }
  ASSERT_EQ(writes.size(), 8u);
  for (unsigned k = 0; k < 8; ++k) EXPECT_EQ(writes[level_step(k)], 128u >> k) << "level " << k;
}

TEST(Dataflow, SecondPassReadsTheFirstPassPartial) {
  const Trace run = simulate("sequential", Pattern::Random);
  ASSERT_EQ(run.meta.launches.size(), 2u);
  const DataflowGraph g = build_dataflow(run);
  std::size_t crossing = 0;
  for (const DataflowEdge& e : g.edges)
    if (g.nodes[e.from].launch == 0 && g.nodes[e.to].launch == 1) {
      ++crossing;
      EXPECT_EQ(g.nodes[e.from].space, Space::Global);
      EXPECT_EQ(g.nodes[e.from].block, 0u);  // only block 0 was recorded in the first launch
    }
  EXPECT_GE(crossing, 1u);
}

}  // namespace
}  // namespace wl
