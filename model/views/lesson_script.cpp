#include "model/views/lesson_script.h"

#include "model/views/view_registry.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <utility>

namespace wl {
namespace {

constexpr std::size_t kMaxLessonBytes = 1 << 20;  // lessons are small; refuse anything huge

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

template <class T>
bool parse_number(std::string_view text, T& out) {
  if (text.empty()) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

// A key whose value a slide keeps as written; null for any other.
std::string LessonSlide::*text_key(std::string_view key) {
  static constexpr std::pair<std::string_view, std::string LessonSlide::*> kKeys[] = {
      {"family", &LessonSlide::family}, {"variant", &LessonSlide::variant}, {"op", &LessonSlide::op},
      {"type", &LessonSlide::type},     {"pattern", &LessonSlide::pattern}};
  for (const auto& [name, field] : kKeys)
    if (key == name) return field;
  return nullptr;
}

class Parser {
 public:
  Parser(const std::string& source, std::string& error) : source_(source), error_(error) {}

  std::optional<Lesson> parse(std::string_view text) {
    Lesson lesson;
    lesson.source = source_;
    LessonSlide current;  // defaults, then the slide being read
    bool in_slide = false;
    int line_no = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
      const std::size_t end = std::min(text.find('\n', start), text.size());
      const std::string_view line = trim(text.substr(start, end - start));
      start = end + 1;
      ++line_no;
      if (line.empty() || line.front() == '#') continue;
      if (line == "slide") {
        if (lesson.title.empty()) return fail(line_no, "a slide before the 'lesson:' title line");
        if (in_slide) lesson.slides.push_back(current);
        in_slide = true;
        current.line = line_no;
        current.caption.clear();  // captions belong to one slide; everything else carries on
        continue;
      }
      const std::size_t colon = line.find(':');
      if (colon == std::string_view::npos)
        return fail(line_no, "expected 'key: value' or 'slide', got '" + std::string(line) + "'");
      const std::string key(trim(line.substr(0, colon)));
      const std::string_view value = trim(line.substr(colon + 1));
      if (!set(lesson, current, in_slide, key, value, line_no)) return std::nullopt;
    }
    if (lesson.title.empty()) return fail(line_no, "no 'lesson:' title line");
    if (in_slide) lesson.slides.push_back(current);
    if (lesson.slides.empty()) return fail(line_no, "the lesson has no slides (start each with a 'slide' line)");
    return lesson;
  }

 private:
  bool set(Lesson& lesson, LessonSlide& s, bool in_slide, const std::string& key, std::string_view value,
           int line) {
    if (value.empty() && key != "compare") return fail_bool(line, "'" + key + ":' needs a value");
    if (key == "lesson") {
      if (in_slide || !lesson.title.empty()) return fail_bool(line, "'lesson:' must come once, before the slides");
      lesson.title = value;
    } else if (std::string LessonSlide::*text = text_key(key)) {
      s.*text = value;
    } else if (key == "param") {
      const std::size_t eq = value.find('=');
      std::uint64_t number = 0;
      if (eq == std::string_view::npos || !parse_number(trim(value.substr(eq + 1)), number))
        return fail_bool(line, "param must be name=number, got '" + std::string(value) + "'");
      s.params[std::string(trim(value.substr(0, eq)))] = number;
    } else if (key == "compare") {
      s.compare = value == "off" ? "" : std::string(value);
    } else if (key == "trace") {
      if (value.find("..") != std::string_view::npos || value.front() == '/')
        return fail_bool(line, "trace names a file under assets/, e.g. recorded/cub-device-reduce.wltrace, got '" +
                                   std::string(value) + "'");
      s.trace = value == "off" ? "" : std::string(value);
    } else if (key == "n") {
      return whole_number(line, key, value, s.n);
    } else if (key == "block") {
      return whole_number(line, key, value, s.block);
    } else if (key == "seed") {
      return whole_number(line, key, value, s.seed);
    } else if (key == "view") {
      const ViewDecl* view = nullptr;
      bool compare = false;
      if (!parse_view(std::string(value), view, compare))
        return fail_bool(line, "unknown view '" + std::string(value) + "' (" + view_names_text() + ")");
      s.view = value;
    } else if (key == "level") {
      const std::optional<StepId> step = parse_step_name(value);
      if (!step)
        return fail_bool(line, "level must be a number, 'load', 'finish' or a step such as 'up-sweep d=2', got '" +
                                   std::string(value) + "'");
      s.step = *step;
    } else if (key == "zoom") {
      if (value != "level" && value != "all")
        return fail_bool(line, "zoom must be 'level' or 'all', got '" + std::string(value) + "'");
      s.zoom_level = value == "level";
    } else if (key == "caption") {
      if (!in_slide) return fail_bool(line, "'caption:' belongs inside a slide");
      if (!s.caption.empty()) s.caption += ' ';
      s.caption += value;
    } else {
      return fail_bool(line, "unknown key '" + key +
                                 "' (lesson, family, variant, param, compare, trace, n, block, op, type, pattern, seed, view, level, "
                                 "zoom, caption)");
    }
    return true;
  }

  template <class T>
  bool whole_number(int line, const std::string& key, std::string_view value, T& out) {
    return parse_number(value, out) || fail_bool(line, key + " must be a whole number, got '" + std::string(value) + "'");
  }

  std::optional<Lesson> fail(int line, const std::string& problem) {
    fail_bool(line, problem);
    return std::nullopt;
  }
  bool fail_bool(int line, const std::string& problem) {
    error_ = source_ + ":" + std::to_string(line) + ": " + problem;
    return false;
  }

  const std::string& source_;
  std::string& error_;
};

}  // namespace

std::optional<Lesson> parse_lesson(std::string_view text, const std::string& source, std::string& error) {
  if (text.size() > kMaxLessonBytes) {
    error = source + ": too large for a lesson (over 1 MiB)";
    return std::nullopt;
  }
  if (text.find('\0') != std::string_view::npos) {
    error = source + ": not a text file";
    return std::nullopt;
  }
  return Parser(source, error).parse(text);
}

std::optional<Lesson> load_lesson(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open the lesson file";
    return std::nullopt;
  }
  std::string text;
  char buf[4096];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    text.append(buf, std::size_t(in.gcount()));
    if (text.size() > kMaxLessonBytes) break;
  }
  return parse_lesson(text, path, error);
}

}  // namespace wl
