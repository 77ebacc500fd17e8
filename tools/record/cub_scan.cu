// CUB's DeviceScan::InclusiveSum over n integers, as an application calls it (a query for its
// temporary storage, then the scan): the decoupled look-back scan, recorded by
// `warplens-cli record --kernel DeviceScanKernel --record-blocks 0-3 -- ./cub_scan N`.
// Build: nvcc -O3 -arch=sm_90 -lineinfo -o cub_scan tools/record/cub_scan.cu
#include <cub/device/device_scan.cuh>

#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 16;
  if (n <= 0) {
    std::fprintf(stderr, "usage: cub_scan [N > 0]\n");
    return 2;
  }
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i) host[i] = i % 3;
  int *in = nullptr, *out = nullptr;
  void* temp = nullptr;
  size_t temp_bytes = 0;
  if (cudaMalloc(&in, sizeof(int) * n) != cudaSuccess || cudaMalloc(&out, sizeof(int) * n) != cudaSuccess) {
    std::fprintf(stderr, "cub_scan: no GPU memory for %d integers\n", n);
    return 1;
  }
  cudaMemcpy(in, host.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
  cub::DeviceScan::InclusiveSum(temp, temp_bytes, in, out, n);
  cudaMalloc(&temp, temp_bytes);
  cub::DeviceScan::InclusiveSum(temp, temp_bytes, in, out, n);
  std::vector<int> back(n);
  cudaMemcpy(back.data(), out, sizeof(int) * n, cudaMemcpyDeviceToHost);
  long long expect = 0;
  for (int i = 0; i < n; ++i) {
    expect += host[i];
    if (back[i] != int(expect)) {
      std::printf("FAILED at %d: %d, expected %lld\n", i, back[i], expect);
      return 1;
    }
  }
  std::printf("PASSED: inclusive sum of %d integers, last %d\n", n, back[n - 1]);
  return 0;
}
