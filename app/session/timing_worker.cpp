#include "session/timing_worker.h"

#include <exception>
#include <utility>

namespace wl {

TimingWorker::TimingWorker(SweepFunction sweep) : sweep_(std::move(sweep)) {}

TimingWorker::~TimingWorker() {
  cancel();
  wait();
}

bool TimingWorker::start(const SweepRequest& request) {
  if (busy_) return false;
  wait();  // join the last finished thread
  cancel_ = false;
  busy_ = true;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    progress_ = {0, request.sizes.size(), "starting"};
    result_.reset();
  }
  thread_ = std::thread([this, request] {
    TimingWorkerResult result;
    try {
      result.sweep = sweep_(
          request,
          [this](std::size_t done, std::size_t total, const std::string& what) {
            std::lock_guard<std::mutex> lock(mutex_);
            progress_ = {done, total, what};
          },
          cancel_);
    } catch (const std::exception& e) {  // GpuError, invalid_argument: a message, never a crash
      result.error = e.what();
    } catch (...) {
      result.error = "the sweep failed with an unknown error";
    }
    result.cancelled = cancel_;
    std::lock_guard<std::mutex> lock(mutex_);
    result_ = std::move(result);
    busy_ = false;
  });
  return true;
}

TimingWorkerProgress TimingWorker::progress() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return progress_;
}

std::optional<TimingWorkerResult> TimingWorker::take_result() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (busy_) return std::nullopt;
  return std::exchange(result_, std::nullopt);
}

void TimingWorker::wait() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace wl
