// Every CUDA call is checked; a failure becomes a GpuError naming the call and the reason.
#pragma once
#include <cuda_runtime.h>

#include <string>

#include "kernels/gpu/gpu_error.h"

namespace wl {

inline void cuda_check(cudaError_t status, const char* what) {
  if (status == cudaSuccess) return;
  std::string message = std::string(what) + ": " + cudaGetErrorString(status);
  if (status == cudaErrorMemoryAllocation) message = "out of GPU memory (" + message + ")";
  cudaGetLastError();  // clear a sticky-free error so the next call starts clean
  throw GpuError(message);
}

}  // namespace wl

#define WL_CUDA(call) ::wl::cuda_check((call), #call)
