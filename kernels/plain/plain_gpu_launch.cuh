// One launch of a plain-CUDA kernel on the GPU backend: what launch_plain (plain_contract.h) is
// for the simulator, for the contracts nvcc builds. The kernel is the GPU library the lab loaded
// (plain_gpu_kernel.h); the backend records nothing of it: the GPU tracer, injected into the
// process, records the launch where the lab asks it to (app/lab/exec/lab_run.cpp).
#pragma once
#include <cuda_runtime.h>

#include <string>

#include "kernels/gpu/gpu_backend.cuh"
#include "kernels/gpu/gpu_error.h"
#include "kernels/plain/plain_gpu_kernel.h"
#include "kernels/plain/plain_thread.h"

namespace wl {

inline void launch_plain(GpuBackend&, PlainCall& call, std::uint64_t n, unsigned grid, unsigned block, bool) {
  const PlainGpuKernel* kernel = plain_gpu_kernel();
  if (!kernel) throw GpuError("no plain-CUDA kernel is loaded for the GPU");
  if (const int error = kernel->launch(n, grid, block, call); error != 0)
    throw GpuError(kernel->name() + " could not be launched with " + std::to_string(grid) + " blocks of " +
                   std::to_string(block) + " threads: " + cudaGetErrorString(cudaError_t(error)));
}

}  // namespace wl
