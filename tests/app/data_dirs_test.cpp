#include "data_dirs.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "assets_dir.h"

namespace wl {
namespace {

namespace fs = std::filesystem;

// A scratch tree: an installed prefix, a source tree and its build folder, a data folder.
struct Tree {
  // A folder of each test's own: ctest runs this binary's tests as processes side by side.
  fs::path root = fs::path(WL_TEST_DATA_DIR) / ("data_dirs-" + std::to_string(getpid()));
  fs::path prefix = root / "prefix", source = root / "source", build = root / "source/build";
  fs::path data = root / "data";

  Tree() {
    fs::remove_all(root);
    fs::create_directories(build / "app");
    fs::create_directories(prefix / "bin");
  }
  ~Tree() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  // Assets and headers laid out as share/warplens is.
  static void fill_share(const fs::path& share) {
    fs::create_directories(share / "lessons");
    fs::create_directories(share / "include/kernels/dialect");
    std::ofstream(share / "include/kernels/dialect/dialect.h") << "#pragma once\n";
  }
  void fill_source() const {
    fs::create_directories(source / "assets/lessons");
    fs::create_directories(source / "kernels/dialect");
    std::ofstream(source / "kernels/dialect/dialect.h") << "#pragma once\n";
  }
  DataPlaces places(const fs::path& executable) const {
    return {executable.string(), source.string(), build.string(), std::nullopt};
  }
};

TEST(DataDirs, AnInstalledCopyUsesTheDataNextToIt) {
  Tree t;
  t.fill_source();
  Tree::fill_share(t.prefix / "share/warplens");
  const DataPlaces places = t.places(t.prefix / "bin/warplens");
  const DataLookup assets = find_data(DataKind::Assets, places);
  ASSERT_TRUE(assets.found());
  EXPECT_EQ(assets.found()->origin, "next to the executable");
  EXPECT_EQ(assets.found()->path, (t.prefix / "share/warplens").string());
  const DataLookup headers = find_data(DataKind::Headers, places);
  ASSERT_TRUE(headers.found());
  EXPECT_EQ(headers.found()->path, (t.prefix / "share/warplens/include").string());
}

TEST(DataDirs, TheSourceTreeServesOnlyAProgramInItsBuildFolder) {
  Tree t;
  t.fill_source();
  const DataLookup built = find_data(DataKind::Assets, t.places(t.build / "app/warplens"));
  ASSERT_TRUE(built.found());
  EXPECT_EQ(built.found()->origin, "source tree");
  EXPECT_EQ(built.found()->path, (t.source / "assets").string());
  EXPECT_EQ(find_data(DataKind::Headers, t.places(t.build / "app/warplens")).found()->path, t.source.string());

  // Copied out of the build folder with no data beside it: the checkout must not hide that.
  const DataLookup copied = find_data(DataKind::Assets, t.places(t.prefix / "bin/warplens"));
  EXPECT_FALSE(copied.found());
  ASSERT_EQ(copied.tried.size(), 3u);
  EXPECT_EQ(copied.tried[0].problem, "no such folder");
  EXPECT_NE(copied.tried[1].problem.find("not run from its build folder"), std::string::npos);
  EXPECT_EQ(copied.tried[2].problem, "not set");
}

TEST(DataDirs, WarplensDataDirIsTheLastPlaceAndIsCheckedToo) {
  Tree t;
  DataPlaces places = t.places(t.prefix / "bin/warplens");
  places.data_dir_variable = t.data.string();
  fs::create_directories(t.data);
  const DataLookup empty = find_data(DataKind::Assets, places);
  EXPECT_FALSE(empty.found());
  EXPECT_EQ(empty.tried.back().problem, "no lessons in it");

  Tree::fill_share(t.data);
  const DataLookup assets = find_data(DataKind::Assets, places);
  ASSERT_TRUE(assets.found());
  EXPECT_EQ(assets.found()->origin, "WARPLENS_DATA_DIR");
  EXPECT_EQ(find_data(DataKind::Headers, places).found()->path, (t.data / "include").string());
}

TEST(DataDirs, TheReportSaysWhereAndWhyOrEveryPlaceTried) {
  Tree t;
  Tree::fill_share(t.prefix / "share/warplens");
  const std::string found =
      data_paths_report({find_data(DataKind::Assets, t.places(t.prefix / "bin/warplens"))});
  EXPECT_EQ(found, "assets (lessons, profiles, exercises): " + (t.prefix / "share/warplens").string() +
                       " (next to the executable)\n");

  const std::string missing = data_paths_report({find_data(DataKind::Headers, t.places(t.root / "bin/warplens"))});
  EXPECT_NE(missing.find("headers (kernels, trace, core): none found"), std::string::npos) << missing;
  EXPECT_NE(missing.find("  next to the executable: " + (t.root / "share/warplens/include").string() + ": no such folder"),
            std::string::npos)
      << missing;
  EXPECT_NE(missing.find("  WARPLENS_DATA_DIR: not set"), std::string::npos) << missing;
  EXPECT_EQ(missing_data_message(DataKind::Assets).find('\n'), std::string::npos);
}

TEST(DataDirs, ThisTestRunsInItsBuildFolderSoReadsTheSourceTree) {
  EXPECT_EQ(lessons_dir(), WL_LESSONS_DIR);
  EXPECT_TRUE(fs::exists(fs::path(headers_dir()) / "kernels/dialect/dialect.h"));
}

}  // namespace
}  // namespace wl
