#include "session/runner.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "session/run_cost.h"
#include "model/views/online_rescale.h"
#include "model/views/ring_steps.h"
#include "session/session.h"
#include "trace/trace_file.h"

namespace wl {
namespace {

RunSettings small(const std::string& variant, unsigned block = 32) {
  RunSettings s;
  s.request.variant = variant;
  s.request.block = block;
  s.request.n = 64;
  s.request.type = "i32";
  s.pattern = "ascending";
  s.backend = BackendChoice::Simulator;
  return s;
}

TEST(Runner, RunsAndBuildsTheViews) {
  const ShownRun o = run_settings_now(small("sequential"));
  ASSERT_TRUE(o.ok()) << o.message;
  EXPECT_EQ(o.result.backend, "sim");
  EXPECT_EQ(o.result.result_text, "2080");
  EXPECT_TRUE(o.result.check.ok);
  ASSERT_TRUE(o.views);
  EXPECT_EQ(o.views->blocks, (std::vector<std::uint32_t>{0, 1}));  // both blocks recorded
  EXPECT_EQ(o.views->steps.size(), 7u);                           // load, 5 levels, finish
}

TEST(Runner, InvalidSettingsAreRefusedWithTheReason) {
  RunSettings s = small("sequential", 48);
  ShownRun o = run_settings_now(s);
  EXPECT_EQ(o.problem, RunProblem::Invalid);
  EXPECT_EQ(o.message, "block size 48 is not a power of two");
  s = small("unroll-last-warp", 32);
  o = run_settings_now(s);
  EXPECT_EQ(o.problem, RunProblem::Invalid);
  EXPECT_NE(o.message.find("needs a block of at least 64"), std::string::npos);
  s = small("no-such-variant");
  EXPECT_NE(run_settings_now(s).message.find("unknown variant"), std::string::npos);
  s = small("sequential");
  s.pattern = "zigzag";
  EXPECT_EQ(run_settings_now(s).message, "unknown input pattern 'zigzag'");
  s = small("sequential");
  s.inspect_block = 9;
  EXPECT_EQ(run_settings_now(s).message, "block 9 does not exist: the grid has 2 blocks");
}

TEST(Runner, WrongResultOfThePitfallIsReported) {
  const ShownRun o = run_settings_now(small("unroll-last-warp-volatile", 64));
  ASSERT_TRUE(o.ok()) << o.message;
  EXPECT_FALSE(o.result.check.ok);
  EXPECT_NE(o.result.result_text, o.result.check.expected);
}

// A kernel bug the simulator stops at is a result to show: the sentence, and the views of the
// run up to there (the session shows them, not the last good run).
TEST(Runner, AKernelBugShowsTheRunUpToIt) {
  RunSettings s = small("shuffle-partial-mask", 64);
  const ShownRun o = run_settings_now(s);
  EXPECT_EQ(o.problem, RunProblem::KernelBug);
  EXPECT_NE(o.message.find("shuffle_partial_mask.h:"), std::string::npos) << o.message;
  EXPECT_NE(o.message.find("leaves out lane(s) 16-31"), std::string::npos) << o.message;
  ASSERT_TRUE(o.views);
  ASSERT_TRUE(o.views->fault());
  EXPECT_FALSE(o.views->trace.events.empty());

  Session session;
  session.settings = small("sequential");
  session.run();
  session.finish();
  session.settings = s;
  session.run();
  session.finish();
  ASSERT_TRUE(session.views());
  EXPECT_EQ(session.views()->trace.meta.variant, "shuffle-partial-mask");
  EXPECT_GE(session.block()->divergence.fault_column, 0);
}

TEST(Runner, LoadsATraceFileItWrote) {
  const ShownRun ran = run_settings_now(small("sequential"));
  ASSERT_TRUE(ran.ok());
  const std::string path = std::string(WL_TEST_DATA_DIR) + "/runner_test.wltrace";
  write_trace(ran.views->trace, path);
  const ShownRun loaded = load_trace_now(path);
  ASSERT_TRUE(loaded.ok()) << loaded.message;
  EXPECT_EQ(loaded.trace_file, path);
  EXPECT_EQ(loaded.settings.request.variant, "sequential");
  EXPECT_EQ(loaded.views->trace.events.size(), ran.views->trace.events.size());
  EXPECT_FALSE(loaded.checked);
}

// A saved scan opens as it ran: its family's parameters come back with it (exclusive), so
// running it again runs the same scan.
TEST(Runner, ATraceFileKeepsTheFamilysParameters) {
  RunSettings s = small("blelloch");
  s.request.family = "scan";
  s.request.params["exclusive"] = 1;
  const ShownRun ran = run_settings_now(s);
  ASSERT_TRUE(ran.ok()) << ran.message;
  const std::string path = std::string(WL_TEST_DATA_DIR) + "/runner_scan_test.wltrace";
  write_trace(ran.views->whole(), path);
  const ShownRun loaded = load_trace_now(path);
  ASSERT_TRUE(loaded.ok()) << loaded.message;
  EXPECT_EQ(loaded.settings.request.family, "scan");
  EXPECT_EQ(loaded.settings.request.params, (std::map<std::string, std::uint64_t>{{"exclusive", 1}}));
}

// A trace keeps the multiprocessors its grid was sized for, on whatever machine it is opened:
// running it again plans the grid the trace shows.
TEST(Runner, ATraceFileKeepsItsMultiprocessors) {
  RunSettings s = small("speed-of-light", 256);
  s.request.n = 1 << 16;
  s.request.type = "f32";
  s.request.sm_count = 3;
  const ShownRun ran = run_settings_now(s);
  ASSERT_TRUE(ran.ok()) << ran.message;
  EXPECT_EQ(ran.views->trace.meta.grid_dim, 12u);  // 4 blocks of 256 on each of 3
  const std::string path = std::string(WL_TEST_DATA_DIR) + "/runner_sm_count_test.wltrace";
  write_trace(ran.views->whole(), path);
  const ShownRun loaded = load_trace_now(path);
  ASSERT_TRUE(loaded.ok()) << loaded.message;
  EXPECT_EQ(loaded.settings.request.sm_count, 3u);
  EXPECT_EQ(grid_blocks(loaded.settings), 12u);
}

TEST(Runner, CorruptOrMissingTraceFilesGiveMessages) {
  const std::string path = std::string(WL_TEST_DATA_DIR) + "/runner_corrupt.wltrace";
  std::ofstream(path) << "WLTRACE not really";
  ShownRun o = load_trace_now(path);
  EXPECT_EQ(o.problem, RunProblem::TraceFile);
  EXPECT_NE(o.message.find("Cannot load the trace"), std::string::npos);
  EXPECT_FALSE(o.views);
  o = load_trace_now("/no/such/file.wltrace");
  EXPECT_EQ(o.problem, RunProblem::TraceFile);
  EXPECT_NE(o.message.find("cannot open"), std::string::npos);
}

TEST(Session, KeepsTheLastGoodRunUnderAnError) {
  Session s;
  s.settings = small("sequential");
  ASSERT_TRUE(s.run());
  s.finish();
  ASSERT_TRUE(s.views());
  const std::uint64_t generation = s.generation();
  s.settings.request.block = 3;
  EXPECT_FALSE(s.run());  // refused in place
  EXPECT_EQ(s.settings_error(), "block size 3 is not a power of two");
  s.load_trace("/no/such/file.wltrace");
  s.finish();
  ASSERT_TRUE(s.outcome());
  EXPECT_EQ(s.outcome()->problem, RunProblem::TraceFile);
  EXPECT_TRUE(s.views());  // still the run before
  EXPECT_EQ(s.generation(), generation);
}

// What a user might open by mistake. Each gets a message that names the problem, and the run
// on screen, its settings and its views, stays as it was.
TEST(Session, BadTraceFilesFromTheUserLoseNothing) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(WL_TEST_DATA_DIR) / "bad_files";
  fs::create_directories(dir);
  // A good trace cut in the middle of an event (the header and 10.5 events).
  const std::string good = (dir / "good.wltrace").string();
  ShownRun ran = run_settings_now(small("sequential"));
  ASSERT_TRUE(ran.ok());
  write_trace(ran.views->trace, good);
  std::vector<char> bytes(fs::file_size(good));
  std::ifstream(good, std::ios::binary).read(bytes.data(), std::streamsize(bytes.size()));
  const std::size_t events_at = bytes.size() - 8 - ran.views->trace.events.size() * kEventRecordBytes;
  std::ofstream(dir / "truncated.wltrace", std::ios::binary).write(bytes.data(), std::streamsize(events_at + 10 * 48 + 24));
  std::ofstream(dir / "empty.wltrace").close();
  std::ofstream(dir / "zeros.wltrace").close();
  fs::resize_file(dir / "zeros.wltrace", std::uintmax_t(2) << 30);  // 2 GB of zeros, sparse
  const std::pair<std::string, std::string> cases[] = {
      {(dir / "empty.wltrace").string(), "empty (0 bytes)"},
      {dir.string(), "not a regular file"},
      {(dir / "zeros.wltrace").string(), "not a WarpLens trace (bad magic)"},
      {(dir / "truncated.wltrace").string(), "truncated"},
  };

  Session s;
  s.settings = small("warp-shuffle");
  ASSERT_TRUE(s.run());
  s.finish();
  ASSERT_TRUE(s.views());
  const std::size_t events = s.views()->trace.events.size();
  for (const auto& [path, says] : cases) {
    s.load_trace(path);
    s.finish();
    ASSERT_TRUE(s.outcome()) << path;
    EXPECT_EQ(s.outcome()->problem, RunProblem::TraceFile) << path;
    EXPECT_NE(s.outcome()->message.find(says), std::string::npos) << path << ": " << s.outcome()->message;
    ASSERT_TRUE(s.views()) << path;
    EXPECT_EQ(s.views()->trace.events.size(), events) << path;  // the run before, untouched
    EXPECT_EQ(s.settings.request.variant, "warp-shuffle") << path;
  }
  fs::remove_all(dir);
}

// A file the user may not read: refused with a message. Root reads anything, so there the
// check cannot be made and the test says so.
TEST(Session, AnUnreadableTraceFileIsRefused) {
  if (geteuid() == 0) GTEST_SKIP() << "running as root, which may read any file";
  const std::string path = std::string(WL_TEST_DATA_DIR) + "/unreadable.wltrace";
  write_trace(run_settings_now(small("sequential")).views->trace, path);
  std::filesystem::permissions(path, std::filesystem::perms::none);
  const ShownRun o = load_trace_now(path);
  EXPECT_EQ(o.problem, RunProblem::TraceFile);
  EXPECT_NE(o.message.find("cannot open"), std::string::npos) << o.message;
  std::filesystem::remove(path);
}

TEST(Session, InspectsAnotherRecordedBlockWithoutRunning) {
  Session s;
  s.settings = small("sequential");
  s.run();
  s.finish();
  ASSERT_EQ(s.block()->block, 0u);
  s.inspect(1);
  EXPECT_FALSE(s.busy());
  EXPECT_EQ(s.block()->block, 1u);
  EXPECT_EQ(s.settings.inspect_block, 1u);
  EXPECT_FALSE(s.block()->tree.empty());
}

// A view's own model is built off the UI thread the first time it is asked for: asked without
// waiting it is null until the build is done, then the same model every time; a view without
// one has none; a new run's views start without it.
TEST(Session, AViewsModelIsBuiltOnceOffTheUiThread) {
  Session s;
  s.settings = small("online");
  s.settings.request.family = "rows";
  s.settings.request.type = "f32";
  s.settings.request.op = "softmax";
  s.settings.request.params["cols"] = 64;
  s.run();
  s.finish();
  ASSERT_NE(s.views(), nullptr);
  const ViewDecl& online = *find_view("online");
  ASSERT_TRUE(can_draw(online, *s.views()));
  const ViewModel* first = s.view_model(online, false);
  for (int k = 0; k < 2000 && !first; ++k) {  // building: asked again a frame later
    usleep(1000);
    first = s.view_model(online, false);
  }
  ASSERT_NE(first, nullptr);
  const OnlineRescale* rescale = model_as<OnlineRescale>(first);
  ASSERT_NE(rescale, nullptr);
  EXPECT_EQ(rescale->rows.size(), 1u);  // n = 64 over cols = 64: one row
  EXPECT_EQ(s.view_model(online, false), first);
  EXPECT_EQ(s.view_model(online, true), first);
  EXPECT_EQ(s.view_model(*find_view("dataflow"), true), nullptr);  // draws the shared data
  EXPECT_EQ(model_as<RingSteps>(first), nullptr);
  s.run();
  s.finish();
  const ViewModel* again = s.view_model(online, true);
  ASSERT_NE(again, nullptr);
  EXPECT_TRUE(s.view_model_error(online).empty());
}

// Where a GPU can be used, "GPU if present" runs there, and its trace (events in the hardware's
// order) gives the views exactly what the simulator's does. Skipped without a GPU.
TEST(Runner, GpuTracesGiveTheSameViews) {
  std::string why;
  if (!gpu_usable(&why)) GTEST_SKIP() << "no GPU: " << why;
  for (const char* variant : {"sequential", "warp-shuffle", "unroll-last-warp", "interleaved-strided"}) {
    SCOPED_TRACE(variant);
    RunSettings s = small(variant, 64);
    s.request.n = 256;
    const ShownRun sim = run_settings_now(s);
    s.backend = BackendChoice::Auto;
    const ShownRun gpu = run_settings_now(s);
    ASSERT_TRUE(sim.ok() && gpu.ok()) << sim.message << gpu.message;
    EXPECT_EQ(gpu.result.backend, "gpu");
    EXPECT_TRUE(gpu.result.check.ok);
    const BlockViews a = build_block_views(*sim.views, 0), b = build_block_views(*gpu.views, 0);
    ASSERT_EQ(a.tree.nodes.size(), b.tree.nodes.size());
    ASSERT_EQ(a.tree.edges.size(), b.tree.edges.size());
    for (std::size_t i = 0; i < a.tree.nodes.size(); ++i) {
      EXPECT_EQ(a.tree.nodes[i].bits, b.tree.nodes[i].bits);
      EXPECT_EQ(a.tree.nodes[i].written, b.tree.nodes[i].written);
    }
    for (std::size_t i = 0; i < a.tree.edges.size(); ++i) {
      EXPECT_EQ(a.tree.edges[i].from, b.tree.edges[i].from);
      EXPECT_EQ(a.tree.edges[i].to, b.tree.edges[i].to);
    }
    EXPECT_EQ(sim.views->metrics.total.shared_ld.conflicts, gpu.views->metrics.total.shared_ld.conflicts);
  }
}

TEST(RunSettings, RecordsTheFirstBlocksAndTheInspectedOne) {
  RunSettings s = small("sequential");
  s.request.n = 1 << 20;
  s.request.block = 256;
  s.inspect_block = 1000;
  SettledRun settled;
  ASSERT_EQ(settle(s, true, settled), "");
  const std::vector<std::uint32_t>& blocks = settled.request.record_blocks;
  ASSERT_EQ(blocks.size(), kMaxRecordedBlocks + 1);
  EXPECT_EQ(blocks.front(), 0u);
  EXPECT_EQ(blocks.back(), 1000u);
  EXPECT_EQ(grid_blocks(s), 4096u);
}

// A long run on the simulator counts its blocks as it goes and stops when cancelled, between
// blocks: the outcome says so and keeps no views. 2^24 elements at blocks of 64 is 262144
// blocks of sequential, many seconds here; it is cancelled once some blocks are done.
TEST(Runner, ALongRunShowsItsProgressAndStopsWhenCancelled) {
  RunSettings s = small("sequential", 64);
  s.request.n = std::uint64_t(1) << 24;
  SettledRun settled;
  ASSERT_EQ(settle(s, true, settled), "");
  Runner runner;
  runner.start(settled);
  const RunProgress* p = runner.progress();
  ASSERT_NE(p, nullptr);
  while (p->blocks_done.load() < 100) usleep(1000);
  EXPECT_EQ(p->blocks_total.load(), 262144u);
  runner.cancel();
  const std::optional<ShownRun> o = runner.wait();
  ASSERT_TRUE(o);
  EXPECT_EQ(o->problem, RunProblem::Cancelled);
  EXPECT_FALSE(o->views);
  EXPECT_LT(p->blocks_done.load(), 262144u);
}

// The block the screen opens on is built with the run, off the UI thread (the one asked for,
// which settling has it record); the session shows those views as they came.
TEST(Runner, BuildsTheOpeningBlocksViewsWithTheRun) {
  for (const std::uint32_t asked : {0u, 1u}) {
    RunSettings s = small("sequential");
    s.inspect_block = asked;
    SettledRun settled;
    ASSERT_EQ(settle(s, true, settled), "");
    Runner runner;
    runner.start(settled);
    const std::optional<ShownRun> o = runner.wait();
    ASSERT_TRUE(o && o->views && o->opening) << asked;
    const std::uint32_t expected = asked;  // 64 elements in blocks of 32: blocks 0 and 1, both recorded
    EXPECT_EQ(opening_block(*o->views, asked), expected);
    EXPECT_EQ(opening_block(*o->views, 5), 0u);  // one not recorded: the first recorded
    EXPECT_EQ(o->opening->block, expected);
    EXPECT_EQ(o->opening->tree.rows.size(), build_block_views(*o->views, expected).tree.rows.size());
  }
  Session session;
  session.settings = small("sequential");
  session.settings.inspect_block = 1;
  ASSERT_TRUE(session.run());
  session.finish();
  ASSERT_TRUE(session.block());
  EXPECT_EQ(session.block()->block, 1u);
  EXPECT_EQ(session.settings.inspect_block, 1u);
  EXPECT_FALSE(session.block()->tree.rows.empty());
}

// The window asks before a run that would use much memory on the simulator, and runs it only
// when told to; a small run starts at once. A command line or a test does not ask.
TEST(Session, AsksBeforeABigRunOnTheSimulator) {
  Session session;
  session.ask_before_big_runs = true;
  session.settings = small("sequential", 256);
  session.settings.request.n = std::uint64_t(1) << 30;
  SettledRun settled;
  ASSERT_EQ(settle(session.settings, true, settled), "");
  EXPECT_GT(estimate_run_cost(settled).bytes, std::uint64_t(12) << 30);  // 3 buffers of 4 GiB
  EXPECT_FALSE(session.run());
  EXPECT_FALSE(session.busy());
  EXPECT_NE(session.question().find("n = 2^30 needs about"), std::string::npos) << session.question();
  session.dont_run();
  EXPECT_TRUE(session.question().empty());
  session.settings = small("sequential");
  EXPECT_TRUE(session.run());
  session.finish();
  EXPECT_TRUE(session.views());
}

}  // namespace
}  // namespace wl
