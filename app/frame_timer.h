// CPU time per frame for --bench-frames: the main thread's CPU time (what the app itself
// spends building and submitting a frame), the whole process's (which, with a software
// OpenGL such as llvmpipe under Xvfb, includes the rasterizer's threads: the GPU's work),
// and the wall time, each with median and max.
#pragma once
#include <string>
#include <vector>

namespace wl {

class FrameTimer {
 public:
  void begin();
  void end();
  std::size_t frames() const { return cpu_ms_.size(); }
  // "N frames: CPU time per frame (main thread) median X ms, max Y ms; ..."
  std::string summary() const;

 private:
  double cpu_start_ = 0, process_start_ = 0, wall_start_ = 0;
  std::vector<double> cpu_ms_, process_ms_, wall_ms_;
};

double thread_cpu_ms();
double process_cpu_ms();
double wall_ms();

}  // namespace wl
