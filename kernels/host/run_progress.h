// How far a run on the simulator has got, and a way to stop it: shared by the thread that runs
// it and one that watches (the app's progress bar and its Cancel button). A GPU run counts
// nothing; it is short.
#pragma once
#include <atomic>
#include <cstdint>
#include <stdexcept>

namespace wl {

struct RunProgress {
  std::atomic<std::uint64_t> blocks_done{0};
  std::atomic<std::uint64_t> blocks_total{0};  // each launch's blocks (every rank's) as it starts
  std::atomic<bool> cancel{false};             // set by the watcher; the run stops at its next block
};

// Thrown out of a run whose RunProgress was cancelled.
class RunCancelled : public std::runtime_error {
 public:
  RunCancelled() : std::runtime_error("the run was cancelled") {}
};

}  // namespace wl
