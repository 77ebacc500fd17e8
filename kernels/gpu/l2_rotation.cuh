// Timed runs must read their input from DRAM, not from the L2 the run before filled. An input
// smaller than twice the L2 is therefore copied into one allocation often enough to cover it,
// and each run reads the next copy. Copies start on 256-byte boundaries, as cudaMalloc's do.
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

#include "kernels/gpu/cuda_check.cuh"

namespace wl {

struct L2Rotation {
  std::size_t copies = 1;
  std::size_t stride_bytes = 0;  // from one copy to the next
};

inline L2Rotation l2_rotation(std::size_t bytes) {
  int device = 0, l2 = 0;
  WL_CUDA(cudaGetDevice(&device));
  WL_CUDA(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, device));
  L2Rotation r;
  r.stride_bytes = (std::max<std::size_t>(bytes, 1) + 255) / 256 * 256;
  const std::size_t cover = 2 * std::size_t(l2);
  r.copies = bytes >= cover ? 1 : (cover + r.stride_bytes - 1) / r.stride_bytes;
  return r;
}

// Fills `device` (rotation.copies * rotation.stride_bytes bytes) with copies of the host input.
template <class T>
void fill_rotation(unsigned char* device, const L2Rotation& rotation, const T* host, std::size_t n) {
  if (n == 0) return;
  WL_CUDA(cudaMemcpy(device, host, n * sizeof(T), cudaMemcpyHostToDevice));
  for (std::size_t done = 1; done < rotation.copies;) {  // doubling: log2(copies) copies
    const std::size_t now = std::min(done, rotation.copies - done);
    WL_CUDA(cudaMemcpy(device + done * rotation.stride_bytes, device, now * rotation.stride_bytes,
                       cudaMemcpyDeviceToDevice));
    done += now;
  }
}

}  // namespace wl
