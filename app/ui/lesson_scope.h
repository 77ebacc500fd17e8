// A lesson's captions speak of its own runs. Once the user leaves them (another family, or a
// variant no slide shows), the lesson ends, rather than caption a picture it does not describe.
// Header-only so the GUI-free tests (app_core_test) check it without a window.
#pragma once
#include <string>

#include "app_state.h"

namespace wl::ui {

// True when the lesson shows `family`'s `variant` on some slide (as the variant or the compared one).
inline bool lesson_covers(const Lesson& lesson, const std::string& family, const std::string& variant) {
  for (const LessonSlide& slide : lesson.slides)
    if (slide.family == family && (slide.variant == variant || slide.compare == variant)) return true;
  return false;
}

// Ends the lesson when the left side shows what it does not cover: a family other than the
// current slide's, or a variant no slide of it shows; on a slide that shows a shipped trace (a
// program recorded on a GPU, family "recorded"), another trace file. True when it ended. Call
// once a frame.
inline bool end_lesson_if_left(AppState& state) {
  const LessonSlide* slide = state.lesson.slide();
  if (!slide) return false;
  if (!slide->trace.empty()) {
    const ShownRun* o = state.sessions[0].outcome();
    const std::string& file = o ? o->trace_file : std::string();
    const bool its_file = file.size() >= slide->trace.size() &&
                          file.compare(file.size() - slide->trace.size(), slide->trace.size(), slide->trace) == 0;
    const bool other_file = !file.empty() && !its_file;
    if (!other_file) return false;  // its trace, or the slide's still loading
    state.lesson.close();
    return true;
  }
  const RunRequest& shown = state.sessions[0].settings.request;
  if (shown.family == slide->family && lesson_covers(*state.lesson.lesson(), shown.family, shown.variant))
    return false;
  state.lesson.close();
  return true;
}

}  // namespace wl::ui
