#include "ui/progress_line.h"

#include <imgui.h>

#include <cstdio>
#include <string>

#include "ui/theme.h"

namespace wl::ui {
namespace {

constexpr double kSecondsBeforeEstimate = 1.0;  // the first blocks' rate is too noisy before this
constexpr double kSecondsWorthSaying = 20.0;    // a wait past this is said as a warning

std::string duration_text(double seconds) {
  char text[32];
  if (seconds < 90) std::snprintf(text, sizeof text, "%.0f s", seconds);
  else if (seconds < 5400) std::snprintf(text, sizeof text, "%.0f min", seconds / 60);
  else std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  return text;
}

}  // namespace

bool draw_progress_line(Session& session) {
  if (!session.question().empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(warning_color(), "%s Run it?", session.question().c_str());
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Run it")) session.run_anyway();
    ImGui::SameLine();
    if (ImGui::Button("Don't")) session.dont_run();
    return true;
  }
  if (!session.busy()) return false;
  const RunProgress* p = session.progress();
  const double seconds = session.seconds_running();
  const std::uint64_t total = p ? p->blocks_total.load() : 0, done = p ? p->blocks_done.load() : 0;
  char label[96];
  if (total == 0) {
    std::snprintf(label, sizeof label, "running... %.0f s", seconds);
    ImGui::ProgressBar(-1.0f * float(ImGui::GetTime()), ImVec2(-1, 0), label);  // no count: just alive
  } else {
    const float fraction = float(double(done) / double(total));
    std::snprintf(label, sizeof label, "%llu of %llu blocks", (unsigned long long)done, (unsigned long long)total);
    ImGui::ProgressBar(fraction, ImVec2(-1, 0), label);
    if (done == total) {
      ImGui::TextDisabled("building the views...");
    } else if (seconds >= kSecondsBeforeEstimate && done > 0) {
      const double left = seconds * double(total - done) / double(done);
      const std::string text = "about " + duration_text(left) + " left on the simulator";
      if (left > kSecondsWorthSaying) ImGui::TextColored(warning_color(), "%s", text.c_str());
      else ImGui::TextDisabled("%s", text.c_str());
    }
  }
  if (p && ImGui::Button("Cancel")) session.cancel();
  return true;
}

}  // namespace wl::ui
