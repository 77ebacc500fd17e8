// The Lessons menu's contents without drawing: the shipped lessons grouped by family, so a
// teacher finds the scan lessons under Scan. Header-only: the menu draws it, tests read it.
#pragma once
#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "kernels/family/family.h"
#include "model/views/lesson_script.h"

namespace wl::ui {

struct LessonEntry {
  std::string title;  // the file name and why, where it does not parse
  std::string path;
};

struct LessonGroup {
  std::string heading;  // the family's title, or "Other"
  std::vector<LessonEntry> lessons;
};

// Every *.lesson in `dir` by file name, grouped by its first slide's family, the groups in the
// registry's order; a file that does not parse, or of a family this build lacks, under "Other",
// last. Empty groups are left out.
inline std::vector<LessonGroup> lesson_groups(const std::string& dir) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec))
    if (entry.path().extension() == ".lesson") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<LessonGroup> groups;
  for (const Family* f : families()) groups.push_back({std::string(f->title()), {}});
  groups.push_back({"Other", {}});
  for (const auto& file : files) {
    std::string error;
    const auto lesson = load_lesson(file.string(), error);
    std::size_t group = groups.size() - 1;
    if (lesson && !lesson->slides.empty())
      for (std::size_t k = 0; k < families().size(); ++k)
        if (families()[k]->id() == lesson->slides.front().family) group = k;
    groups[group].lessons.push_back(
        {lesson ? lesson->title : file.filename().string() + " (does not parse)", file.string()});
  }
  groups.erase(std::remove_if(groups.begin(), groups.end(), [](const LessonGroup& g) { return g.lessons.empty(); }),
               groups.end());
  return groups;
}

}  // namespace wl::ui
