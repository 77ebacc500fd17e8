// Guided lessons: a small text file scripts a sequence of slides, each a kernel run, a view,
// a tree level and a caption. The format (assets/lessons/README.md has the full description):
//
//   # a comment; blank lines are ignored
//   lesson: Interleaved vs sequential addressing   (the title; required, once, before slides)
//   variant: interleaved-divergent                 (settings before the first slide are the
//   block: 64                                       defaults of every slide)
//   slide                                          (starts a slide; it inherits the settings
//   view: tree                                      of the slide before it)
//   level: 0
//   caption: Every second thread works...          (several caption lines join with spaces)
//
// Keys: lesson, family, variant, param (name=number), compare (a variant id, or "off"), trace (a
// file under assets/, or "off"), n, block,
// op, type, pattern, seed, view, level (a number, "load", "finish" or a step name such as
// "up-sweep d=2"), zoom ("level": the tree zooms onto the level's
// nodes; "all", the default: the whole tree), caption. Values are checked for form here (numbers,
// view names); whether a variant exists is checked when the slide runs.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/default_run.h"
#include "core/step.h"

namespace wl {


struct LessonSlide {
  int line = 0;  // where the slide starts, for messages
  std::string family = kDefaultFamily;
  std::string variant = kDefaultVariant;
  std::map<std::string, std::uint64_t> params;  // the family's parameters (RunRequest::params)
  std::string compare;  // empty: no compare
  // A trace under assets/ shown instead of a run (a program recorded on a GPU,
  // recorded/cub-device-reduce.wltrace); compare then runs `compare` with the slide's settings.
  std::string trace;
  std::uint64_t n = 256;
  unsigned block = 64;
  std::string op = "sum";
  std::string type = "i32";
  std::string pattern = "ascending";
  std::uint64_t seed = 1;
  std::string view = "tree";
  StepId step = level_step(0);  // the trace step to show (core/step.h); step_name() says it
  bool zoom_level = false;
  std::string caption;
};

struct Lesson {
  std::string title;
  std::string source;  // file name, for messages
  std::vector<LessonSlide> slides;
};

// Never throws. On failure returns nullopt and sets `error` to "<source>:<line>: <problem>".
std::optional<Lesson> parse_lesson(std::string_view text, const std::string& source, std::string& error);
// Reads and parses a file; a missing or unreadable file is an error too.
std::optional<Lesson> load_lesson(const std::string& path, std::string& error);

}  // namespace wl
