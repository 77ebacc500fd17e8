// How far a long run on the simulator is, on one line of stderr rewritten in place: "ran 1234
// of 16384 blocks (7%), 3 s", then "counting" while the command builds what it prints. On a
// terminal it shows after the first second (short runs print nothing) and is erased (stop)
// before the command prints, so its output starts on a clean line. Asked for (--progress, to a
// file or a pipe) it shows from the start and ends with a line of its own: "ran 256 blocks in
// 0.4 s".
#pragma once
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "kernels/host/run_progress.h"

namespace wl::cli {

class ProgressOnStderr {
 public:
  enum class Mode { Off, Terminal, Asked };
  ProgressOnStderr(std::shared_ptr<RunProgress> progress, Mode mode);
  ~ProgressOnStderr() { stop(); }
  ProgressOnStderr(const ProgressOnStderr&) = delete;
  ProgressOnStderr& operator=(const ProgressOnStderr&) = delete;
  // Erases the line (Terminal) or ends it (Asked), and stops watching.
  void stop();

 private:
  std::shared_ptr<RunProgress> progress_;
  Mode mode_;
  std::chrono::steady_clock::time_point start_;
  std::atomic<bool> done_{false};
  bool printed_ = false;  // the watcher's; read after it is joined
  std::thread watcher_;
};

// Terminal where stderr is one and `machine` (--json) is false; Asked where `asked`.
ProgressOnStderr::Mode progress_mode(bool asked, bool machine);

}  // namespace wl::cli
