#include "model/views/lesson_script.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace wl {
namespace {

constexpr const char* kGood = R"(# a comment
lesson: Two slides
variant: sequential
block: 32

slide
level: 0
zoom: level
caption: first line
caption: second line

slide
variant: interleaved-divergent
compare: sequential
view: compare
level: finish
)";

TEST(LessonScript, ParsesSlidesAndInheritsSettings) {
  std::string error;
  const auto lesson = parse_lesson(kGood, "good.lesson", error);
  ASSERT_TRUE(lesson) << error;
  EXPECT_EQ(lesson->title, "Two slides");
  ASSERT_EQ(lesson->slides.size(), 2u);
  const LessonSlide& a = lesson->slides[0];
  EXPECT_EQ(a.line, 6);
  EXPECT_EQ(a.variant, "sequential");
  EXPECT_EQ(a.block, 32u);
  EXPECT_EQ(a.step, level_step(0));
  EXPECT_EQ(a.view, "tree");
  EXPECT_EQ(a.caption, "first line second line");
  EXPECT_TRUE(a.zoom_level);
  const LessonSlide& b = lesson->slides[1];
  EXPECT_EQ(b.variant, "interleaved-divergent");
  EXPECT_EQ(b.block, 32u);  // inherited
  EXPECT_EQ(b.compare, "sequential");
  EXPECT_EQ(b.view, "compare");
  EXPECT_EQ(b.step, kFinishStep);
  EXPECT_TRUE(b.caption.empty());  // captions do not carry over
  EXPECT_TRUE(b.zoom_level);       // settings do
}

void expect_error(const std::string& text, const std::string& message) {
  std::string error;
  EXPECT_FALSE(parse_lesson(text, "x.lesson", error)) << text;
  EXPECT_EQ(error, message);
}

TEST(LessonScript, ErrorsNameTheLine) {
  expect_error("lesson: t\nslide\ncolour: red\n",
               "x.lesson:3: unknown key 'colour' (lesson, family, variant, param, compare, trace, n, block, op, type, "
               "pattern, seed, view, level, zoom, caption)");
  expect_error("lesson: t\nslide\nzoom: close\n", "x.lesson:3: zoom must be 'level' or 'all', got 'close'");
  expect_error("slide\n", "x.lesson:1: a slide before the 'lesson:' title line");
  expect_error("lesson: t\nslide\nlevel: deep\n",
               "x.lesson:3: level must be a number, 'load', 'finish' or a step such as 'up-sweep d=2', got 'deep'");
  expect_error("lesson: t\nslide\nblock: 3x\n", "x.lesson:3: block must be a whole number, got '3x'");
  expect_error("lesson: t\nslide\nview: radar\n",
               "x.lesson:3: unknown view 'radar' (tree, dataflow, divergence, banks, memory, source, metrics, timing, lookback, "
               "bins, links, ring-steps, numerics, row-threads, online-rescale, welford-tree, compare)");
  expect_error("lesson: t\nslide\njust words\n", "x.lesson:3: expected 'key: value' or 'slide', got 'just words'");
  expect_error("lesson: t\ncaption: early\n", "x.lesson:2: 'caption:' belongs inside a slide");
  expect_error("lesson: t\n", "x.lesson:2: the lesson has no slides (start each with a 'slide' line)");
  expect_error("", "x.lesson:1: no 'lesson:' title line");
  expect_error("lesson: t\nslide\nn:\n", "x.lesson:3: 'n:' needs a value");
  expect_error("lesson: t\nslide\ntrace: ../../etc/passwd\n",
               "x.lesson:3: trace names a file under assets/, e.g. recorded/cub-device-reduce.wltrace, got '../../etc/passwd'");
  expect_error(std::string("lesson: t\0\n", 11), "x.lesson: not a text file");
}

TEST(LessonScript, MissingFile) {
  std::string error;
  EXPECT_FALSE(load_lesson("/no/such/file.lesson", error));
  EXPECT_EQ(error, "/no/such/file.lesson: cannot open the lesson file");
}

TEST(LessonScript, ShippedLessonsParse) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(WL_LESSONS_DIR)) {
    if (entry.path().extension() != ".lesson") continue;
    std::string error;
    const auto lesson = load_lesson(entry.path().string(), error);
    EXPECT_TRUE(lesson) << error;
    if (lesson) {
      EXPECT_GE(lesson->slides.size(), 3u) << entry.path();
    }
    ++count;
  }
  EXPECT_GE(count, 3);
}

TEST(LessonScript, LevelsAreTraceSteps) {
  std::string error;
  const auto lesson =
      parse_lesson("lesson: t\nslide\nlevel: load\nslide\nlevel: 2\nslide\nlevel: finish\n", "x.lesson", error);
  ASSERT_TRUE(lesson) << error;
  ASSERT_EQ(lesson->slides.size(), 3u);
  EXPECT_EQ(step_name(lesson->slides[0].step), "load");
  EXPECT_EQ(step_name(lesson->slides[1].step), "level 2");
  EXPECT_EQ(step_name(lesson->slides[2].step), "finish");
}

}  // namespace
}  // namespace wl
