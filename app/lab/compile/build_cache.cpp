#include "lab/compile/build_cache.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "lab/exec/child_process.h"

namespace wl::lab {
namespace {

namespace fs = std::filesystem;

// FNV-1a: the cache key of a build, from everything that decides its result.
std::uint64_t fnv1a(const std::string& text, std::uint64_t h = 1469598103934665603ull) {
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string program_stamp() {
  struct stat s{};
  const std::string self = self_executable();
  if (self.empty() || stat(self.c_str(), &s) != 0) return "unknown";
  return self + ":" + std::to_string(s.st_mtime);  // a rebuilt program: its headers may differ
}

// This process's own name for a file of `base` while it is written, and this call's: the app
// builds both sides of a comparison at once, on two threads (the glue, the same file twice).
std::string own_name(const std::string& base) {
  static std::atomic<unsigned> calls{0};
  return base + "." + std::to_string(getpid()) + "-" + std::to_string(calls++);
}

}  // namespace

std::string lab_build_key(const std::string& text) {
  char key[24];
  std::snprintf(key, sizeof key, "%016llx", (unsigned long long)fnv1a(text + program_stamp()));
  return key;
}

std::string lab_cache_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return std::string(xdg) + "/warplens/lab";
  if (const char* home = std::getenv("HOME"); home && *home) return std::string(home) + "/.cache/warplens/lab";
  return (fs::temp_directory_path() / "warplens-lab").string();
}

bool write_whole(const std::string& path, const std::string& text, std::string& error) {
  const std::string partial = own_name(path) + ".part";
  {
    std::ofstream out(partial, std::ios::binary);
    out << text;
    if (!out) {
      error = "cannot write " + partial;
      return false;
    }
  }
  std::error_code ec;
  fs::rename(partial, path, ec);
  if (ec) error = "cannot write " + path + ": " + ec.message();
  return !ec;
}

std::optional<CacheEntry> cache_entry(const std::string& name, const std::string& kind, const std::string& key_text,
                                      std::string& problem) {
  CacheEntry entry{lab_cache_dir(), ""};
  std::error_code ec;
  fs::create_directories(entry.dir, ec);
  if (ec) {
    problem = "cannot make the lab's cache folder " + entry.dir + ": " + ec.message();
    return std::nullopt;
  }
  entry.base = entry.dir + "/" + name + "-" + lab_build_key(key_text) + kind;
  return entry;
}

bool cached(const std::vector<std::string>& files) {
  for (const std::string& f : files)
    if (!fs::exists(f)) return false;
  return true;
}

void compile_into_cache(const CacheEntry& entry, const std::string& output, const CacheCompile& c, LabBuild& b) {
  const std::string mine = own_name(entry.base);
  const CacheScratch scratch{mine + c.extension, mine + fs::path(output).extension().string() + ".part",
                             c.folder ? mine + ".keep" : ""};
  std::error_code ec;
  std::ofstream(scratch.source, std::ios::binary) << c.source;
  if (c.folder) fs::create_directories(scratch.folder, ec);
  ChildLimits limits;
  limits.seconds = c.seconds;
  const ChildOutcome run = run_child(c.command(scratch), limits);
  b.seconds = run.seconds;
  b.output = run.output;
  if (!c.lab_path.empty()) b.diagnostics = parse_diagnostics(run.output, c.lab_path);
  bool kept = run.ok();
  if (!kept && b.diagnostics.empty()) b.problem = c.compiler + " " + describe_outcome(run, limits) + ": " + run.output;
  if (kept && c.keep_beside) kept = c.keep_beside(scratch, b);
  if (kept) {
    fs::rename(scratch.partial, output, ec);  // whole or not at all: a second process may be reading the cache
    if (ec) b.problem = "cannot keep the built kernel in " + entry.dir + ": " + ec.message();
    kept = !ec;
  }
  fs::remove(scratch.source, ec);
  if (!kept) fs::remove(scratch.partial, ec);
  if (c.folder) fs::remove_all(scratch.folder, ec);
  b.ok = kept;
}

}  // namespace wl::lab
