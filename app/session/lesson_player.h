// A guided lesson being played: the script (model/views/lesson_script.h) and the current slide.
#pragma once
#include <optional>
#include <string>

#include "model/views/lesson_script.h"

namespace wl {

class LessonPlayer {
 public:
  // Loads a lesson file; on failure keeps the lesson playing before (if any) and sets error().
  bool open(const std::string& path);
  void close() { lesson_.reset(); }
  bool active() const { return lesson_.has_value(); }

  const Lesson* lesson() const { return lesson_ ? &*lesson_ : nullptr; }
  const LessonSlide* slide() const { return lesson_ ? &lesson_->slides[index_] : nullptr; }
  std::size_t index() const { return index_; }
  std::size_t count() const { return lesson_ ? lesson_->slides.size() : 0; }

  bool next();  // false at the last slide
  bool previous();
  void go_to(std::size_t index);

  const std::string& error() const { return error_; }

 private:
  std::optional<Lesson> lesson_;
  std::size_t index_ = 0;
  std::string error_;
};

}  // namespace wl
