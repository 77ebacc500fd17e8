// The Lessons menu groups the shipped lessons by family (issue 47), from each lesson's script.
#include "ui/lesson_groups.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace wl::ui {
namespace {

const LessonGroup* group_named(const std::vector<LessonGroup>& groups, const std::string& heading) {
  for (const LessonGroup& g : groups)
    if (g.heading == heading) return &g;
  return nullptr;
}

TEST(LessonGroups, EveryShippedLessonUnderItsFamily) {
  const std::vector<LessonGroup> groups = lesson_groups(WL_LESSONS_DIR);
  std::size_t files = 0, listed = 0;
  for (const auto& entry : std::filesystem::directory_iterator(WL_LESSONS_DIR))
    files += entry.path().extension() == ".lesson";
  for (const LessonGroup& g : groups) {
    listed += g.lessons.size();
    EXPECT_NE(g.heading, "Other") << "a shipped lesson does not parse, or names a family not built";
  }
  EXPECT_EQ(listed, files);
  ASSERT_GT(groups.size(), 1u);
  EXPECT_EQ(groups.front().heading, families().front()->title());  // the registry's order
  const LessonGroup* scan = group_named(groups, std::string(find_family("scan")->title()));
  ASSERT_TRUE(scan);
  for (const LessonEntry& lesson : scan->lessons)
    EXPECT_NE(lesson.path.find("scan-"), std::string::npos) << lesson.path;
}

TEST(LessonGroups, WhatDoesNotParseComesLastUnderOther) {
  const std::filesystem::path dir = std::filesystem::path(WL_TEST_DATA_DIR) / "lesson-groups";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a-broken.lesson") << "slide\n";
  std::ofstream(dir / "b-scan.lesson") << "lesson: A scan\nfamily: scan\nslide\nvariant: blelloch\n";
  const std::vector<LessonGroup> groups = lesson_groups(dir.string());
  ASSERT_EQ(groups.size(), 2u);
  EXPECT_EQ(groups[0].heading, find_family("scan")->title());
  EXPECT_EQ(groups[0].lessons.at(0).title, "A scan");
  EXPECT_EQ(groups[1].heading, "Other");
  EXPECT_EQ(groups[1].lessons.at(0).title, "a-broken.lesson (does not parse)");
}

}  // namespace
}  // namespace wl::ui
