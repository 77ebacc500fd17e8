#include "app_actions.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "kernels/family/family.h"
#include "start_state.h"
#include "ui/lesson_scope.h"

namespace wl {
namespace {

void start(AppState& state, const std::string& variant, unsigned block, const std::string& family = "reduce") {
  StartOptions o;
  o.family = family;
  o.variant = variant;
  o.block = block;
  o.n = block;
  o.backend = "sim";
  apply_start_options(state, o);
  finish_sessions(state);
}

TEST(AppActions, TabSkipsVariantsThatNeedABiggerBlock) {
  AppState state;
  start(state, "first-add-on-load", 32);
  next_variant(state);  // unroll-last-warp and its pitfall need 64, complete-unroll too
  EXPECT_EQ(state.sessions[0].settings.request.variant, "warp-shuffle");
  finish_sessions(state);
  EXPECT_TRUE(state.sessions[0].views());
}

TEST(AppActions, TabWrapsAround) {
  AppState state;
  start(state, "speed-of-light", 64);
  next_variant(state);
  EXPECT_EQ(state.sessions[0].settings.request.variant, "atomic-global");
}

TEST(AppActions, CompareTogglesAndPicksAPartner) {
  AppState state;
  start(state, "sequential", 32);
  toggle_compare(state);
  EXPECT_TRUE(state.compare);
  EXPECT_EQ(state.sessions[1].settings.request.variant, "interleaved-divergent");
  finish_sessions(state);
  ASSERT_TRUE(state.sessions[1].views());
  toggle_compare(state);
  EXPECT_FALSE(state.compare);
}

// The right side keeps its own variant where the left's family has it, else takes the left's
// (after a family switch, its old variant belongs to another family).
TEST(AppActions, TheComparedSideKeepsItsVariantOnlyWithinTheFamily) {
  AppState state;
  state.sessions[0].settings.request.variant = "sequential";
  state.sessions[1].settings.request.variant = "warp-shuffle";
  mirror_input(state);
  EXPECT_EQ(state.sessions[1].settings.request.variant, "warp-shuffle");
  state.sessions[1].settings.request.variant = "blelloch";  // not a reduction
  mirror_input(state);
  EXPECT_EQ(state.sessions[1].settings.request.variant, "interleaved-divergent") << "the family's partner";
}

// One click puts Hillis–Steele beside Blelloch: the compared side takes the scan family's partner.
TEST(AppActions, CompareOnAScanPutsHillisSteeleBesideBlelloch) {
  AppState state;
  start(state, "hillis-steele", 64, "scan");
  set_compare(state, true);
  finish_sessions(state);
  ASSERT_TRUE(state.sessions[1].views());
  EXPECT_EQ(state.sessions[1].views()->trace.meta.family, "scan");
  EXPECT_EQ(state.sessions[1].views()->trace.meta.variant, "blelloch");
}

// The button is reduction's first lesson: from a scan it switches to reduction, and the scan's
// own parameter does not follow (reduce has no 'exclusive').
TEST(AppActions, InterleavedVsSequentialWorksFromAnotherFamily) {
  AppState state;
  start(state, "blelloch", 64, "scan");
  state.sessions[0].settings.request.params["exclusive"] = 1;
  show_comparison(state, "reduce", showcase_of("reduce").comparisons.at(0));
  finish_sessions(state);
  EXPECT_EQ(state.sessions[0].settings_error(), "");
  ASSERT_TRUE(state.sessions[0].views());
  ASSERT_TRUE(state.sessions[1].views());
  EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, "interleaved-divergent");
  EXPECT_EQ(state.sessions[1].views()->trace.meta.variant, "sequential");
}

// The histogram's contrast from any family: both sides count the same skewed input, and the
// shared side's 4 blocks each hold a private copy.
TEST(AppActions, GlobalVsSharedAtomicsIsOneClick) {
  AppState state;
  start(state, "sequential", 256);
  show_comparison(state, "histogram", showcase_of("histogram").comparisons.at(0));
  finish_sessions(state);
  EXPECT_EQ(state.sessions[0].settings_error(), "");
  EXPECT_TRUE(state.compare);
  EXPECT_EQ(state.view, find_view("bins"));
  ASSERT_TRUE(state.sessions[0].views());
  ASSERT_TRUE(state.sessions[1].views());
  EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, "global-atomics");
  EXPECT_EQ(state.sessions[1].views()->trace.meta.variant, "shared-atomics");
  EXPECT_EQ(state.sessions[1].views()->trace.meta.grid_dim, 4u);
  EXPECT_EQ(state.sessions[1].views()->trace.meta.params.at("skew"), 90u);
  EXPECT_EQ(state.playback.step(), make_step(StepKind::Bin, 3));
}

// The scan's contrast from any family, on 32 ascending integers (1 to 32) in blocks of 16: both
// sides end on the CPU reference's prefix sums, Blelloch in one block of two values a thread and
// Hillis-Steele in two, and both have the step the views start at.
TEST(AppActions, HillisSteeleVsBlellochIsOneClick) {
  AppState state;
  start(state, "global-atomics", 64, "histogram");
  state.sessions[0].settings.request.params["bins"] = 16;
  show_comparison(state, "scan", showcase_of("scan").comparisons.at(0));
  finish_sessions(state);
  EXPECT_EQ(state.sessions[0].settings_error(), "");
  EXPECT_TRUE(state.compare);
  EXPECT_EQ(state.view, find_view("dataflow"));
  ASSERT_TRUE(state.sessions[0].views());
  ASSERT_TRUE(state.sessions[1].views());
  EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, "hillis-steele");
  EXPECT_EQ(state.sessions[1].views()->trace.meta.variant, "blelloch");
  EXPECT_EQ(state.sessions[0].views()->trace.meta.grid_dim, 2u);
  EXPECT_EQ(state.sessions[1].views()->trace.meta.grid_dim, 1u);
  for (const Session& side : state.sessions) {
    EXPECT_TRUE(side.outcome()->result.check.ok);
    EXPECT_NE(side.outcome()->result.result_text.find("528"), std::string::npos) << side.outcome()->result.result_text;
    const std::vector<std::uint16_t>& steps = side.views()->steps;
    EXPECT_NE(std::find(steps.begin(), steps.end(), kLoadStep), steps.end());
  }
  EXPECT_EQ(state.playback.step(), kLoadStep);
}

TEST(AppActions, InterleavedVsSequentialIsOneClick) {
  AppState state;
  start(state, "warp-shuffle", 256);
  show_comparison(state, "reduce", showcase_of("reduce").comparisons.at(0));
  finish_sessions(state);
  EXPECT_TRUE(state.compare);
  EXPECT_EQ(state.view, find_view("tree"));
  EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, "interleaved-divergent");
  EXPECT_EQ(state.sessions[1].views()->trace.meta.variant, "sequential");
  EXPECT_EQ(state.sessions[1].views()->trace.meta.block_dim, 64u);
  EXPECT_EQ(state.playback.step(), level_step(0));
}

// Every shipped lesson plays from start to end: each slide runs, and lands on its level.
TEST(AppActions, ShippedLessonsPlayToTheEnd) {
  std::vector<std::string> lessons;
  for (const auto& entry : std::filesystem::directory_iterator(WL_LESSONS_DIR))
    if (entry.path().extension() == ".lesson") lessons.push_back(entry.path().stem().string());
  EXPECT_GE(lessons.size(), 9u);  // every file in assets/lessons
  for (const std::string& name : lessons) {
    AppState state;
    ASSERT_TRUE(open_lesson(state, std::string(WL_LESSONS_DIR) + "/" + name + ".lesson")) << state.banner;
    std::size_t slides = 0;
    do {
      finish_sessions(state);
      const LessonSlide& slide = *state.lesson.slide();
      ++slides;
      SCOPED_TRACE(std::string(name) + " slide " + std::to_string(slides));
      EXPECT_TRUE(state.banner.empty()) << state.banner;
      ASSERT_TRUE(state.sessions[0].views());
      EXPECT_FALSE(ui::end_lesson_if_left(state));  // the slide's own run or trace: the lesson goes on
      if (slide.trace.empty()) {
        EXPECT_EQ(state.sessions[0].views()->trace.meta.family, slide.family);
        EXPECT_EQ(state.sessions[0].views()->trace.meta.variant, slide.variant);
      } else {  // a shipped trace: a program recorded on a GPU
        EXPECT_EQ(state.sessions[0].views()->trace.meta.family, kRecordedFamily);
        EXPECT_FALSE(state.sessions[0].views()->trace.events.empty());
      }
      EXPECT_EQ(state.playback.step(), slide.step);
      EXPECT_FALSE(slide.caption.empty());
      if (!slide.compare.empty()) {
        ASSERT_TRUE(state.sessions[1].views());
        EXPECT_EQ(state.sessions[1].views()->trace.meta.variant, slide.compare);
      }
      if (state.lesson.index() + 1 == state.lesson.count()) break;
      next_slide(state);
    } while (true);
    EXPECT_EQ(slides, state.lesson.count());
  }
}

// A slide shows its run from the first launch, whatever launch the last run showed.
TEST(AppActions, ASlideStartsAtTheFirstLaunch) {
  AppState state;
  state.sessions[0].settings.inspect_launch = 2;
  ASSERT_TRUE(open_lesson(state, std::string(WL_LESSONS_DIR) + "/interleaved-vs-sequential.lesson")) << state.banner;
  EXPECT_EQ(state.sessions[0].settings.inspect_launch, 0u);
}

TEST(AppActions, ALessonThatDoesNotParseSaysWhereAndKeepsTheApp) {
  AppState state;
  start(state, "sequential", 32);
  EXPECT_FALSE(open_lesson(state, "/no/such.lesson"));
  EXPECT_EQ(state.banner, "/no/such.lesson: cannot open the lesson file");
  EXPECT_FALSE(state.lesson.active());
  EXPECT_TRUE(state.sessions[0].views());
}

// Issue 47: a lesson's caption stayed on screen after the user left for another family.
TEST(AppActions, ALessonEndsWhenTheUserSwitchesFamily) {
  AppState state;
  ASSERT_TRUE(open_lesson(state, std::string(WL_LESSONS_DIR) + "/interleaved-vs-sequential.lesson")) << state.banner;
  while (state.lesson.index() + 1 < state.lesson.count()) next_slide(state);  // a finished lesson
  EXPECT_FALSE(ui::end_lesson_if_left(state));
  RunRequest& r = state.sessions[0].settings.request;
  switch_family(r, *find_family("scan"));  // what the controls' family chooser does
  run_sessions(state);
  EXPECT_TRUE(ui::end_lesson_if_left(state));
  EXPECT_FALSE(state.lesson.active());
  EXPECT_EQ(r.family, "scan");  // the user's choice stays
}

TEST(AppActions, ALessonEndsOnAVariantNoSlideShowsAndKeepsOnItsOwn) {
  AppState state;
  ASSERT_TRUE(open_lesson(state, std::string(WL_LESSONS_DIR) + "/interleaved-vs-sequential.lesson")) << state.banner;
  RunRequest& r = state.sessions[0].settings.request;
  r.variant = "sequential";  // another slide's: still the lesson
  EXPECT_FALSE(ui::end_lesson_if_left(state));
  EXPECT_TRUE(state.lesson.active());
  r.variant = "atomic-global";  // none of its slides
  EXPECT_TRUE(ui::end_lesson_if_left(state));
  EXPECT_FALSE(state.lesson.active());
  EXPECT_FALSE(ui::end_lesson_if_left(state));  // nothing left to end
}

// Every slide of every shipped lesson is its own lesson's: playing one never ends it.
TEST(AppActions, EveryShippedSlideIsCoveredByItsLesson) {
  int lessons = 0;
  for (const auto& entry : std::filesystem::directory_iterator(WL_LESSONS_DIR)) {
    if (entry.path().extension() != ".lesson") continue;
    std::string error;
    const std::optional<Lesson> lesson = load_lesson(entry.path().string(), error);
    ASSERT_TRUE(lesson) << error;
    ++lessons;
    for (const LessonSlide& slide : lesson->slides)
      EXPECT_TRUE(ui::lesson_covers(*lesson, slide.family, slide.variant)) << entry.path() << ":" << slide.line;
  }
  EXPECT_GE(lessons, 9);
}

// Presenter text takes a share of the screen's height: 1.5x on 1080 lines and more, 1.2x (the
// floor) on a 720p projector, in steps of 5% between; unknown before the window opens: 1.5x.
TEST(PresenterScale, FollowsTheWindowsHeight) {
  EXPECT_FLOAT_EQ(presenter_scale(1080.0f), 1.5f);
  EXPECT_FLOAT_EQ(presenter_scale(2160.0f), 1.5f);
  EXPECT_FLOAT_EQ(presenter_scale(720.0f), 1.2f);
  EXPECT_FLOAT_EQ(presenter_scale(600.0f), 1.2f);
  EXPECT_FLOAT_EQ(presenter_scale(900.0f), 1.25f);
  EXPECT_FLOAT_EQ(presenter_scale(0.0f), 1.5f);
  AppState state;
  state.base_ui_scale = 2.0f;  // a HiDPI monitor: the window's lines are over its content scale
  state.window_lines = 720.0f;
  EXPECT_FLOAT_EQ(state.unzoomed_ui_scale(), 2.0f);
  state.presenter = true;
  EXPECT_FLOAT_EQ(state.unzoomed_ui_scale(), 2.4f);
}

}  // namespace
}  // namespace wl
