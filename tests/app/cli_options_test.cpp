#include "cli_options.h"

#include <CLI/CLI.hpp>
#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

// Parses `args` as a command line of a fresh app; returns the early exit code, if any.
std::optional<int> parse(std::vector<std::string> args, wl::GuiOptions& options) {
  CLI::App app{"test", "warplens"};
  wl::add_program_options(app, options);
  args.insert(args.begin(), "warplens");
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  return wl::parse_command_line(app, static_cast<int>(argv.size()), argv.data());
}

}  // namespace

TEST(ParseWindowSize, AcceptsWidthByHeight) {
  const auto size = wl::parse_window_size("1920x1080");
  ASSERT_TRUE(size);
  EXPECT_EQ(size->width, 1920);
  EXPECT_EQ(size->height, 1080);
  EXPECT_TRUE(wl::parse_window_size("800X600"));
}

TEST(ParseWindowSize, RejectsMalformedOrOutOfRange) {
  for (const char* bad : {"", "1600", "x900", "1600x", "1600*900", "-1600x900", "+1600x900",
                          " 1600x900", "1600x900 ", "1600x900x2", "10x10", "99999x900",
                          "1600.5x900", "abcxdef"})
    EXPECT_FALSE(wl::parse_window_size(bad)) << '"' << bad << '"';
}

TEST(CommandLine, DefaultsWhenNoFlags) {
  wl::GuiOptions options;
  EXPECT_FALSE(parse({}, options));
  EXPECT_EQ(options.size.width, 1600);
  EXPECT_EQ(options.size.height, 900);
  EXPECT_FALSE(options.size_given);
  EXPECT_FALSE(options.ui_scale);
  EXPECT_EQ(options.frames, 3);
  EXPECT_TRUE(options.screenshot_path.empty());
}

TEST(CommandLine, ReadsEveryFlag) {
  wl::GuiOptions options;
  EXPECT_FALSE(parse({"--size", "1920x1080", "--ui-scale", "1.5", "--screenshot", "out.png",
                      "--frames", "5"},
                     options));
  EXPECT_EQ(options.size.width, 1920);
  EXPECT_TRUE(options.size_given);
  ASSERT_TRUE(options.ui_scale);
  EXPECT_FLOAT_EQ(*options.ui_scale, 1.5f);
  EXPECT_EQ(options.screenshot_path, "out.png");
  EXPECT_EQ(options.frames, 5);
}

TEST(CommandLine, ParamsAreRepeatableAndCheckedAsTheyAreRead) {
  wl::GuiOptions options;
  EXPECT_FALSE(parse({"--family", "scan", "--param", "items=8", "--param", "exclusive=1"}, options));
  EXPECT_EQ(options.start.params, (std::vector<std::string>{"items=8", "exclusive=1"}));
  for (const char* bad : {"items", "=8", "items=-8", "items=8x", "items="}) {
    wl::GuiOptions refused;
    EXPECT_EQ(parse({"--param", bad}, refused), wl::kExitUsage) << bad;
  }
}

// A trace says what ran and a lesson's slides say what they run: what they would ignore is refused.
TEST(CommandLine, RunOptionsCannotGoWithATraceOrALesson) {
  for (const char* source : {"--trace", "--lesson"})
    for (std::vector<std::string> option : std::vector<std::vector<std::string>>{
             {"--param", "items=8"}, {"--variant", "blelloch"}, {"--n", "64"}, {"--inspect-block", "1"}}) {
      wl::GuiOptions refused;
      option.insert(option.end(), {source, "file"});
      EXPECT_EQ(parse(option, refused), wl::kExitUsage) << option[0] << " with " << source;
    }
  wl::GuiOptions refused;
  EXPECT_EQ(parse({"--trace", "a.wltrace", "--lesson", "b.lesson"}, refused), wl::kExitUsage);
  EXPECT_EQ(parse({"--trace", "a.wltrace", "--backend", "sim"}, refused), wl::kExitUsage);
  EXPECT_EQ(parse({"--lesson", "b.lesson", "--view", "tree"}, refused), wl::kExitUsage);
  EXPECT_EQ(parse({"--trace", "a.wltrace", "--sm-count", "8"}, refused), wl::kExitUsage);
  EXPECT_EQ(parse({"--lesson", "b.lesson", "--view", "timing", "--sweep"}, refused), wl::kExitUsage);
  EXPECT_EQ(parse({"--lesson", "b.lesson", "--sweep"}, refused), wl::kExitUsage);
  EXPECT_EQ(parse({"--slide", "2"}, refused), wl::kExitUsage);  // a slide of no lesson
  // What still applies beside them is taken.
  wl::GuiOptions trace, lesson;
  EXPECT_FALSE(parse({"--trace", "a.wltrace", "--view", "tree", "--level", "2"}, trace));
  EXPECT_EQ(trace.start.trace_path, "a.wltrace");
  EXPECT_FALSE(parse({"--lesson", "b.lesson", "--backend", "sim", "--slide", "2", "--sm-count", "8"}, lesson));
  EXPECT_EQ(lesson.start.backend, "sim");
  EXPECT_EQ(lesson.start.lesson_slide, 2);
  EXPECT_EQ(lesson.start.sm_count, 8u);
}

TEST(CommandLine, SmCountIsOptionalAndAtLeastOne) {
  wl::GuiOptions none, eight, zero;
  EXPECT_FALSE(parse({}, none));
  EXPECT_FALSE(none.start.sm_count);
  EXPECT_FALSE(parse({"--sm-count", "8"}, eight));
  EXPECT_EQ(eight.start.sm_count, 8u);
  EXPECT_EQ(parse({"--sm-count", "0"}, zero), wl::kExitUsage);
}

TEST(CommandLine, UsageErrorsExitWithTwo) {
  wl::GuiOptions options;
  EXPECT_EQ(parse({"--no-such-flag"}, options), wl::kExitUsage);
  EXPECT_EQ(parse({"--size", "big"}, options), wl::kExitUsage);
  EXPECT_EQ(parse({"--ui-scale", "9"}, options), wl::kExitUsage);
  EXPECT_EQ(parse({"--frames", "0"}, options), wl::kExitUsage);
  EXPECT_EQ(parse({"stray"}, options), wl::kExitUsage);
}

TEST(CommandLine, HelpAndVersionExitWithZero) {
  wl::GuiOptions options;
  EXPECT_EQ(parse({"--help"}, options), 0);
  EXPECT_EQ(parse({"--version"}, options), 0);
}

// --n takes what bench --sizes takes (2^20 or 1048576), and refuses a negative size instead of
// wrapping it to 2^64 - 5 (issue 47).
TEST(CommandLine, NIsAWholeNumberOrAPowerOfTwo) {
  wl::GuiOptions options;
  EXPECT_FALSE(parse({"--n", "2^30"}, options));
  EXPECT_EQ(options.start.n, std::uint64_t(1) << 30);
  EXPECT_FALSE(parse({"--n", "1000"}, options));
  EXPECT_EQ(options.start.n, 1000u);
  for (const char* bad : {"-5", "2^", "2^-1", "1e6", "x"}) {
    wl::GuiOptions refused;
    testing::internal::CaptureStderr();
    EXPECT_EQ(parse({"--n", bad}, refused), wl::kExitUsage) << bad;
    EXPECT_NE(testing::internal::GetCapturedStderr().find("n must be a non-negative whole number"), std::string::npos)
        << bad;
  }
}
