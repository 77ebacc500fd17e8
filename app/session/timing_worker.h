// Runs a GPU timing sweep on a thread of its own, so the UI never waits for it: progress to
// read each frame, a cancel flag the sweep checks after every point, and the finished sweep (or
// the error that stopped it) to take once. The only caller of sweep_gpu in the app.
#pragma once
#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "run/gpu_sweep.h"

namespace wl {

struct TimingWorkerResult {
  std::optional<TimingSweep> sweep;  // set unless the sweep failed
  std::string error;                 // why it failed (no GPU, bad request)
  bool cancelled = false;            // stopped early: the sweep holds the points measured so far
};

struct TimingWorkerProgress {
  std::size_t done = 0, total = 0;
  std::string what;  // the point just measured
};

class TimingWorker {
 public:
  using SweepFunction =
      std::function<TimingSweep(const SweepRequest&, const SweepProgress&, const std::atomic<bool>&)>;

  // Tests pass a sweep of their own; the app uses the GPU's.
  explicit TimingWorker(SweepFunction sweep = sweep_gpu);
  ~TimingWorker();  // cancels and waits: the thread never outlives the worker
  TimingWorker(const TimingWorker&) = delete;
  TimingWorker& operator=(const TimingWorker&) = delete;

  // False (and nothing started) while a sweep is running.
  bool start(const SweepRequest& request);
  void cancel() { cancel_ = true; }
  bool busy() const { return busy_; }
  TimingWorkerProgress progress() const;
  // The finished sweep's result, once; nullopt while running or when already taken.
  std::optional<TimingWorkerResult> take_result();
  // Waits for the sweep in flight (tests).
  void wait();

 private:
  SweepFunction sweep_;
  std::thread thread_;
  std::atomic<bool> busy_{false};
  std::atomic<bool> cancel_{false};
  mutable std::mutex mutex_;  // guards progress_ and result_
  TimingWorkerProgress progress_;
  std::optional<TimingWorkerResult> result_;
};

}  // namespace wl
