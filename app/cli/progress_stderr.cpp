#include "cli/progress_stderr.h"

#include <unistd.h>

#include <cstdio>

namespace wl::cli {

namespace {
constexpr auto kFirstLine = std::chrono::seconds(1);         // on a terminal: a shorter run prints nothing
constexpr auto kRefresh = std::chrono::milliseconds(250);  // often enough to look alive, rare enough to cost nothing
}  // namespace

ProgressOnStderr::ProgressOnStderr(std::shared_ptr<RunProgress> progress, Mode mode)
    : progress_(std::move(progress)), mode_(progress_ ? mode : Mode::Off), start_(std::chrono::steady_clock::now()) {
  if (mode_ == Mode::Off) return;
  watcher_ = std::thread([this] {
    while (!done_.load()) {
      std::this_thread::sleep_for(kRefresh);
      const auto waited = std::chrono::steady_clock::now() - start_;
      if (done_.load() || (mode_ == Mode::Terminal && waited < kFirstLine)) continue;
      const unsigned long long done = progress_->blocks_done.load(), total = progress_->blocks_total.load();
      const double seconds = std::chrono::duration<double>(waited).count();
      if (total == 0) std::fprintf(stderr, "\rrunning on the simulator, %.0f s\033[K", seconds);
      else if (done < total)
        std::fprintf(stderr, "\rran %llu of %llu blocks (%.0f%%), %.0f s\033[K", done, total,
                     100.0 * double(done) / double(total), seconds);
      else std::fprintf(stderr, "\rran all %llu blocks; counting, %.0f s\033[K", total, seconds);
      std::fflush(stderr);
      printed_ = true;
    }
  });
}

void ProgressOnStderr::stop() {
  if (done_.exchange(true)) return;
  if (watcher_.joinable()) watcher_.join();
  if (mode_ == Mode::Asked) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::fprintf(stderr, "\rran %llu blocks in %.1f s\033[K\n", (unsigned long long)progress_->blocks_done.load(), seconds);
  } else if (printed_) {
    std::fprintf(stderr, "\r\033[K");
  }
  std::fflush(stderr);
}

ProgressOnStderr::Mode progress_mode(bool asked, bool machine) {
  if (asked) return ProgressOnStderr::Mode::Asked;
  return !machine && isatty(STDERR_FILENO) ? ProgressOnStderr::Mode::Terminal : ProgressOnStderr::Mode::Off;
}

}  // namespace wl::cli
