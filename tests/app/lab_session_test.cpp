// --lab in the app, without a window: the start options take the learner's file, a session runs
// it in a child process and builds the views, a file that does not compile leaves the last good
// run on screen with the compiler's lines, and a save runs it again.
#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "app_actions.h"
#include "app_state.h"
#include "start_state.h"

namespace wl {
namespace {

namespace fs = std::filesystem;

class LabSession : public testing::Test {
 protected:
  void SetUp() override {
    setenv("WARPLENS_LAB_EXEC", WL_LAB_EXEC, 1);
    setenv("XDG_CACHE_HOME", (fs::path(WL_TEST_DATA_DIR) / "lab-cache").c_str(), 1);
  }
  static std::string file(const std::string& name) { return std::string(WL_LAB_FILES) + "/" + name; }
};

TEST_F(LabSession, TheStartOptionsRunTheLearnersFile) {
  AppState state;
  StartOptions o;
  o.lab_path = file("mine.h");
  o.n = 1000;
  ASSERT_EQ(apply_start_options(state, o), "");
  finish_sessions(state);
  const RunSettings& s = state.sessions[0].settings;
  EXPECT_EQ(s.lab_file, file("mine.h"));
  EXPECT_EQ(s.request.family, "reduce");
  EXPECT_EQ(s.request.variant, "mine");
  EXPECT_EQ(s.request.n, 1000u);
  EXPECT_TRUE(state.sessions[1].settings.lab_file.empty());  // a comparison's other side is built in
  const ShownRun* out = state.sessions[0].outcome();
  ASSERT_TRUE(out);
  ASSERT_TRUE(out->ok()) << out->message;
  EXPECT_TRUE(out->result.check.ok);
  ASSERT_TRUE(state.sessions[0].views());
  EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, "mine");
  EXPECT_EQ(state.sessions[0].views()->trace.meta.variant_file, file("mine.h"));
}

// A run that stopped on a bug opens on the block that hit it: here the last block of four, the
// only one whose threads read past n = 1000. Run from the window, it opens at the bug's step too.
TEST_F(LabSession, AFaultedRunOpensOnItsBlockAndStep) {
  AppState state;
  StartOptions o;
  o.lab_path = file("unguarded_tail.h");
  o.n = 1000;
  ASSERT_EQ(apply_start_options(state, o), "");
  finish_sessions(state);
  const TraceViews* v = state.sessions[0].views();
  ASSERT_TRUE(v);
  const TraceFault* f = v->fault();
  ASSERT_TRUE(f);
  EXPECT_EQ(f->block, 3u);
  EXPECT_EQ(state.sessions[0].settings.inspect_block, 3u);
  ASSERT_TRUE(state.sessions[0].block());
  EXPECT_EQ(state.sessions[0].block()->block, 3u);
  state.playback.go_to(kFinishStep);  // elsewhere, as a user may be
  const StepId stopped_at = f->step;
  state.sessions[0].run();
  while (state.sessions[0].busy()) {  // adopted through update_sessions, as the window does
    usleep(10000);
    update_sessions(state);
  }
  EXPECT_EQ(state.playback.step(), stopped_at);
}

TEST_F(LabSession, AFileThatDoesNotCompileKeepsTheLastGoodRun) {
  AppState state;
  StartOptions o;
  o.lab_path = file("mine.h");
  ASSERT_EQ(apply_start_options(state, o), "");
  finish_sessions(state);
  ASSERT_TRUE(state.sessions[0].views());
  state.sessions[0].settings.lab_file = file("broken.h");
  state.sessions[0].run();
  finish_sessions(state);
  const ShownRun* out = state.sessions[0].outcome();
  ASSERT_TRUE(out);
  EXPECT_EQ(out->problem, RunProblem::Lab);
  EXPECT_NE(out->message.find("broken.h does not compile"), std::string::npos) << out->message;
  ASSERT_FALSE(out->lab_diagnostics.empty());
  EXPECT_TRUE(out->lab_diagnostics.front().in_lab_file);
  EXPECT_EQ(out->lab_diagnostics.front().line, 40u);
  ASSERT_TRUE(state.sessions[0].views());
  EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, "mine");  // still the last good run
}

TEST_F(LabSession, ASaveRunsTheFileAgain) {
  const fs::path copy = fs::path(WL_TEST_DATA_DIR) / "watched.h";
  fs::copy_file(file("mine.h"), copy, fs::copy_options::overwrite_existing);
  AppState state;
  StartOptions o;
  o.lab_path = copy.string();
  ASSERT_EQ(apply_start_options(state, o), "");
  finish_sessions(state);
  watch_lab_file(state);
  EXPECT_FALSE(state.sessions[0].busy());  // unchanged: nothing runs
  {
    std::ofstream(copy, std::ios::app) << "// saved again\n";
  }
  fs::last_write_time(copy, fs::last_write_time(copy) + std::chrono::seconds(2));  // a clock's coarse tick
  watch_lab_file(state);
  EXPECT_TRUE(state.sessions[0].busy());
  finish_sessions(state);
  ASSERT_TRUE(state.sessions[0].outcome());
  EXPECT_TRUE(state.sessions[0].outcome()->ok()) << state.sessions[0].outcome()->message;
}

TEST_F(LabSession, AMissingFileIsAStartError) {
  AppState state;
  StartOptions o;
  o.lab_path = file("no-such.h");
  EXPECT_NE(apply_start_options(state, o).find("cannot read"), std::string::npos);
}

}  // namespace
}  // namespace wl
