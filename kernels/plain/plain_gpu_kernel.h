// A plain-CUDA file built for the GPU (app/lab/compile/plain_build.h's build_plain_gpu_file), loaded into
// the process that runs it: the launcher its generated entry exports, which the contracts call
// through plain_gpu_launch.cuh as they call the simulator's entry, and the buffers each launch
// was given, so a recording of the run (the GPU tracer's) names them as the simulator does.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "kernels/plain/plain_thread.h"

extern "C" {
// Exported by the library: launches its kernel on the current device's default stream, the block
// block_x threads across (0: 1-D, as PlainCall::block_x); returns the launch's cudaError_t (0: none).
typedef int (*WlPlainGpuLaunch)(unsigned grid, unsigned block, unsigned block_x, unsigned shared_bytes, void* const* pointers,
                                const uint64_t* integers);
}

namespace wl {

class PlainGpuKernel {
 public:
  // Loads `library`, whose entry launches the kernel `name`; nullptr and `error` set when it cannot.
  static std::unique_ptr<PlainGpuKernel> load(const std::string& library, const std::string& name, std::string& error);
  ~PlainGpuKernel();
  PlainGpuKernel(const PlainGpuKernel&) = delete;
  PlainGpuKernel& operator=(const PlainGpuKernel&) = delete;

  const std::string& name() const { return name_; }
  // One launch of `n` elements, noted with its buffers; the CUDA error it reported (0: none).
  int launch(std::uint64_t n, unsigned grid, unsigned block, const PlainCall& call) const;

  struct Launch {
    std::uint64_t n = 0;
    unsigned grid = 0, block = 0;
    std::uint32_t dynamic_shared_bytes = 0;
  };
  // Every launch made, in order (a timed run repeats them).
  const std::vector<Launch>& launches() const { return launches_; }
  // Every buffer a launch was given, each once (by address), in the order first given.
  const std::vector<PlainBuffer>& buffers() const { return buffers_; }

 private:
  PlainGpuKernel() = default;
  std::string name_;
  void* handle_ = nullptr;
  WlPlainGpuLaunch launch_ = nullptr;
  mutable std::vector<Launch> launches_;
  mutable std::vector<PlainBuffer> buffers_;
};

// The kernel the plain contracts launch on the GPU. One a process: the lab's child loads it.
void set_plain_gpu_kernel(const PlainGpuKernel* kernel);
const PlainGpuKernel* plain_gpu_kernel();

}  // namespace wl
