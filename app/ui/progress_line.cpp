#include "ui/progress_line.h"

#include <imgui.h>

#include <cstdio>
#include <map>
#include <string>

#include "ui/theme.h"

namespace wl::ui {
namespace {

constexpr double kSecondsBeforeEstimate = 1.0;  // the first blocks' rate is too noisy before this
constexpr double kSecondsWorthSaying = 20.0;    // a wait past this is said as a warning
constexpr double kRateWindowSeconds = 2.0;      // the rate of the last blocks: the first (recorded) run slower

// The blocks' rate over the last seconds of a run, not since its start: the recorded blocks run
// first and several times slower than the rest, so the rate since the start overstates what is
// left (about 2 min said for a run of 36 s).
struct RecentRate {
  double t0 = 0, t1 = 0;            // the window: from t0 (blocks done0) to the latest sample t1
  std::uint64_t done0 = 0, done1 = 0;
  double per_second = 0;
};

double recent_rate(const Session& session, double seconds, std::uint64_t done) {
  static std::map<const Session*, RecentRate> rates;
  RecentRate& r = rates[&session];
  if (seconds < r.t1 || done < r.done1) r = RecentRate{};  // another run
  r.t1 = seconds, r.done1 = done;
  if (r.t1 - r.t0 >= kRateWindowSeconds) {
    if (r.done1 > r.done0) r.per_second = double(r.done1 - r.done0) / (r.t1 - r.t0);
    r.t0 = r.t1, r.done0 = r.done1;
  }
  return r.per_second > 0 ? r.per_second : seconds > 0 ? double(done) / seconds : 0.0;
}

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
      const double left = double(total - done) / recent_rate(session, seconds, done);
      const std::string text = "about " + duration_text(left) + " left on the simulator";
      if (left > kSecondsWorthSaying) ImGui::TextColored(warning_color(), "%s", text.c_str());
      else ImGui::TextDisabled("%s", text.c_str());
    }
  }
  if (p && ImGui::Button("Cancel")) session.cancel();
  return true;
}

}  // namespace wl::ui
