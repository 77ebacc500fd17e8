#include "frame_timer.h"

#include <time.h>

#include <algorithm>
#include <cstdio>

namespace wl {
namespace {

double ms(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) * 1e-6;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  std::sort(v.begin(), v.end());
  const std::size_t mid = v.size() / 2;
  return v.size() % 2 ? v[mid] : 0.5 * (v[mid - 1] + v[mid]);
}

double maximum(const std::vector<double>& v) { return v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()); }

}  // namespace

double thread_cpu_ms() { return ms(CLOCK_THREAD_CPUTIME_ID); }
double process_cpu_ms() { return ms(CLOCK_PROCESS_CPUTIME_ID); }
double wall_ms() { return ms(CLOCK_MONOTONIC); }

void FrameTimer::begin() {
  cpu_start_ = thread_cpu_ms();
  process_start_ = process_cpu_ms();
  wall_start_ = wall_ms();
}

void FrameTimer::end() {
  cpu_ms_.push_back(thread_cpu_ms() - cpu_start_);
  process_ms_.push_back(process_cpu_ms() - process_start_);
  wall_ms_.push_back(wall_ms() - wall_start_);
}

std::string FrameTimer::summary() const {
  char buf[384];
  std::snprintf(buf, sizeof buf,
                "%zu frames: CPU time per frame (main thread) median %.2f ms, max %.2f ms; "
                "whole process (with the GL driver's threads) median %.2f ms, max %.2f ms; "
                "wall time median %.2f ms, max %.2f ms",
                frames(), median(cpu_ms_), maximum(cpu_ms_), median(process_ms_), maximum(process_ms_),
                median(wall_ms_), maximum(wall_ms_));
  return buf;
}

}  // namespace wl
