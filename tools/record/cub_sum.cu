// The program behind the lesson "What does the library do?": CUB's DeviceReduce::Sum over n
// floats, as an application calls it (a query for its temporary storage, then the sum). It
// knows nothing of WarpLens; `warplens-cli record -- ./cub_sum N` records its kernels.
// Build: nvcc -O3 -arch=sm_90 -lineinfo -o cub_sum tools/record/cub_sum.cu
#include <cub/device/device_reduce.cuh>

#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  if (n <= 0) {
    std::fprintf(stderr, "usage: cub_sum [N > 0]\n");
    return 2;
  }
  std::vector<float> host(n);
  for (int i = 0; i < n; ++i) host[i] = float(i % 7);
  float *in = nullptr, *out = nullptr;
  void* temp = nullptr;
  size_t temp_bytes = 0;
  if (cudaMalloc(&in, sizeof(float) * n) != cudaSuccess || cudaMalloc(&out, sizeof(float)) != cudaSuccess) {
    std::fprintf(stderr, "cub_sum: no GPU memory for %d floats\n", n);
    return 1;
  }
  cudaMemcpy(in, host.data(), sizeof(float) * n, cudaMemcpyHostToDevice);
  cub::DeviceReduce::Sum(temp, temp_bytes, in, out, n);
  cudaMalloc(&temp, temp_bytes);
  cub::DeviceReduce::Sum(temp, temp_bytes, in, out, n);
  float sum = 0;
  const cudaError_t err = cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  double expected = 0;
  for (float v : host) expected += v;
  std::printf("n=%d sum=%.0f expected=%.0f %s\n", n, sum, expected, err == cudaSuccess ? "ok" : cudaGetErrorString(err));
  cudaFree(temp);
  cudaFree(out);
  cudaFree(in);
  return err == cudaSuccess && sum == float(expected) ? 0 : 1;
}
