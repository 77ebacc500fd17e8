#include "session/lesson_player.h"

namespace wl {

bool LessonPlayer::open(const std::string& path) {
  std::string error;
  std::optional<Lesson> lesson = load_lesson(path, error);
  if (!lesson) {
    error_ = error;
    return false;
  }
  lesson_ = std::move(lesson);
  index_ = 0;
  error_.clear();
  return true;
}

bool LessonPlayer::next() {
  if (!lesson_ || index_ + 1 >= lesson_->slides.size()) return false;
  ++index_;
  return true;
}

bool LessonPlayer::previous() {
  if (!lesson_ || index_ == 0) return false;
  --index_;
  return true;
}

void LessonPlayer::go_to(std::size_t index) {
  if (lesson_ && index < lesson_->slides.size()) index_ = index;
}

}  // namespace wl
