// The lab's one cached build (lab_build.h, plain_build.h): what a build makes is kept under a key
// of everything that decides it, so an unchanged file is not compiled again. Each file is
// written under a name of its own (this process's, this call's) and renamed into place whole:
// another process or thread (the app and the CLI, tests side by side, the app's two sides) may
// build the same text at the same time, or read the cache meanwhile.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lab/compile/lab_build.h"

namespace wl::lab {

// Where built libraries are cached: $XDG_CACHE_HOME/warplens/lab or ~/.cache/warplens/lab.
std::string lab_cache_dir();
// The cache key (16 hex digits) of a build decided by `text` and this program (a rebuilt program
// may have other headers).
std::string lab_build_key(const std::string& text);

// Writes `text` to `path` whole or not at all; false, with `error`, when it could not.
bool write_whole(const std::string& path, const std::string& text, std::string& error);

// One build's place in the cache: DIR/NAME-KEY-KIND, to which each file it keeps adds its extension.
struct CacheEntry {
  std::string dir, base;
};

// The entry of `name` built from `key_text` (everything that decides the build); `kind` tells
// builds of one name apart ("-gpu"). The cache's folder is made; nullopt, with `problem`, when
// it cannot be.
std::optional<CacheEntry> cache_entry(const std::string& name, const std::string& kind, const std::string& key_text,
                                      std::string& problem);

// Whether every one of `files` is there: a build kept before.
bool cached(const std::vector<std::string>& files);

// This build's own files beside an entry while it builds: the source written out, the output
// the compiler writes (renamed into place when the build is whole), and a folder for the
// compiler's own files where asked for. All are removed afterwards.
struct CacheScratch {
  std::string source, partial, folder;
};

struct CacheCompile {
  std::string source;     // the text compiled
  std::string extension;  // of its file: ".cpp", ".cu"
  std::function<std::vector<std::string>(const CacheScratch&)> command;  // compiles source into partial
  bool folder = false;    // the compiler keeps files in the scratch folder (nvcc --keep)
  std::string compiler;   // as a problem names it: "the compiler", "clang", "nvcc"
  double seconds = 120;   // its time limit: a hung compiler cannot hang the lab
  std::string lab_path;   // the learner's file, whose lines the diagnostics name; none are parsed without one
  // After a good compile, before the output is renamed into place: what the build keeps beside
  // it (line tables). False, with LabBuild::problem, fails the build.
  std::function<bool(const CacheScratch&, LabBuild&)> keep_beside;
};

// Compiles `c` into `output` (the entry's base and an extension). `b` gets the compiler's
// seconds, output and diagnostics; b.ok when the output is in place, else b.problem or
// b.diagnostics say why.
void compile_into_cache(const CacheEntry& entry, const std::string& output, const CacheCompile& c, LabBuild& b);

}  // namespace wl::lab
