// The lab's one cached build (app/lab/compile/build_cache.h), with sh standing in for a compiler:
// an output appears whole under its key and is found again; a failed compile or a failed keep
// leaves nothing behind, not even this process's scratch files.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "lab/compile/build_cache.h"

namespace wl::lab {
namespace {

namespace fs = std::filesystem;

class BuildCache : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "warplens-cache-test-XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    home = pattern;
    if (const char* was = std::getenv("XDG_CACHE_HOME")) saved = was;
    setenv("XDG_CACHE_HOME", home.c_str(), 1);
  }
  void TearDown() override {
    if (saved) setenv("XDG_CACHE_HOME", saved->c_str(), 1);
    else unsetenv("XDG_CACHE_HOME");
    std::error_code ec;
    fs::remove_all(home, ec);
  }
  // What the cache folder holds, by name.
  std::vector<std::string> files() const {
    std::vector<std::string> names;
    for (const fs::directory_entry& e : fs::directory_iterator(home + "/warplens/lab")) names.push_back(e.path().filename());
    std::sort(names.begin(), names.end());
    return names;
  }
  std::string home;
  std::optional<std::string> saved;
};

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A "compiler" that copies its source to its output, after running `first` (a shell command).
CacheCompile copying(const std::string& text, const std::string& first = "true") {
  CacheCompile c;
  c.source = text;
  c.extension = ".txt";
  c.command = [first](const CacheScratch& s) {
    return std::vector<std::string>{"/bin/sh", "-c", first + " && cat \"$0\" > \"$1\"", s.source, s.partial};
  };
  c.compiler = "sh";
  c.seconds = 20;
  return c;
}

TEST_F(BuildCache, OutputIsKeptUnderItsKeyAndFoundAgain) {
  std::string problem;
  const std::optional<CacheEntry> entry = cache_entry("mine", "-test", "text and command", problem);
  ASSERT_TRUE(entry) << problem;
  EXPECT_EQ(entry->dir, home + "/warplens/lab");
  const std::string output = entry->base + ".so";
  EXPECT_EQ(fs::path(output).filename().string().rfind("mine-", 0), 0u);
  EXPECT_EQ(entry->base.substr(entry->base.size() - 5), "-test");
  EXPECT_FALSE(cached({output}));

  LabBuild b;
  compile_into_cache(*entry, output, copying("built"), b);
  EXPECT_TRUE(b.ok) << b.problem;
  EXPECT_EQ(read(output), "built");
  EXPECT_TRUE(cached({output}));
  EXPECT_FALSE(cached({output, entry->base + ".lines"}));
  EXPECT_EQ(files(), std::vector<std::string>{fs::path(output).filename()});  // no scratch left

  // The same text is the same entry; other text is another.
  EXPECT_EQ(cache_entry("mine", "-test", "text and command", problem)->base, entry->base);
  EXPECT_NE(cache_entry("mine", "-test", "other text", problem)->base, entry->base);
}

// The app builds both sides of a comparison at once, each needing the plain glue: two builds of
// one entry in one process each compile from scratch files of their own.
TEST_F(BuildCache, TwoBuildsOfOneEntryAtOnceBothSucceed) {
  std::string problem;
  const std::optional<CacheEntry> entry = cache_entry("glue", "", "text", problem);
  ASSERT_TRUE(entry);
  const std::string output = entry->base + ".o";
  LabBuild slow, quick;
  std::thread later([&] { compile_into_cache(*entry, output, copying("same", "sleep 0.5"), slow); });
  compile_into_cache(*entry, output, copying("same"), quick);
  later.join();
  EXPECT_TRUE(quick.ok) << quick.problem << quick.output;
  EXPECT_TRUE(slow.ok) << slow.problem << slow.output;
  EXPECT_EQ(read(output), "same");
  EXPECT_EQ(files(), std::vector<std::string>{fs::path(output).filename()});
}

TEST_F(BuildCache, FailedCompileLeavesNothing) {
  std::string problem;
  const std::optional<CacheEntry> entry = cache_entry("broken", "", "text", problem);
  ASSERT_TRUE(entry);
  LabBuild b;
  compile_into_cache(*entry, entry->base + ".so", copying("half", "echo half > \"$1\"; exit 3"), b);
  EXPECT_FALSE(b.ok);
  EXPECT_EQ(b.problem, "sh exited with status 3: ");
  EXPECT_TRUE(files().empty());
}

TEST_F(BuildCache, CompilerDiagnosticsAreParsed) {
  std::string problem;
  const std::optional<CacheEntry> entry = cache_entry("wrong", "", "text", problem);
  ASSERT_TRUE(entry);
  CacheCompile c = copying("x", "echo '/home/me/mine.h:3:5: error: nope' >&2; exit 1");
  c.lab_path = "/home/me/mine.h";
  LabBuild b;
  compile_into_cache(*entry, entry->base + ".so", c, b);
  EXPECT_FALSE(b.ok);
  EXPECT_TRUE(b.problem.empty());  // the diagnostics say it
  ASSERT_EQ(b.diagnostics.size(), 1u);
  EXPECT_EQ(b.diagnostics[0].line, 3u);
  EXPECT_TRUE(b.diagnostics[0].in_lab_file);
  EXPECT_TRUE(files().empty());
}

TEST_F(BuildCache, KeepBesideRunsBeforeTheOutputIsInPlace) {
  std::string problem;
  const std::optional<CacheEntry> entry = cache_entry("tables", "", "text", problem);
  ASSERT_TRUE(entry);
  const std::string output = entry->base + ".so", lines = entry->base + ".lines";
  CacheCompile c = copying("library", "echo kept > \"${0%.txt}.keep/ptx\"");  // the folder beside the source
  c.folder = true;
  bool output_was_there = true;
  c.keep_beside = [&](const CacheScratch& s, LabBuild& built) {
    output_was_there = fs::exists(output);
    std::string error;
    return read(s.folder + "/ptx") == "kept\n" && write_whole(lines, read(s.partial), error) && built.problem.empty();
  };
  LabBuild b;
  compile_into_cache(*entry, output, c, b);
  EXPECT_TRUE(b.ok) << b.problem << b.output;
  EXPECT_FALSE(output_was_there);
  EXPECT_EQ(read(lines), "library");
  EXPECT_TRUE(cached({output, lines}));
  EXPECT_EQ(files().size(), 2u);  // the scratch folder is gone

  // A keep that fails keeps no output.
  const std::optional<CacheEntry> other = cache_entry("tables", "", "other text", problem);
  c.keep_beside = [](const CacheScratch&, LabBuild& built) {
    built.problem = "no line table";
    return false;
  };
  LabBuild failed;
  compile_into_cache(*other, other->base + ".so", c, failed);
  EXPECT_FALSE(failed.ok);
  EXPECT_EQ(failed.problem, "no line table");
  EXPECT_EQ(files().size(), 2u);
}

}  // namespace
}  // namespace wl::lab
