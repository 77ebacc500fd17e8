// A probe, not part of the product: the least a launch costs, timed as `warplens bench` times
// (behind the hold kernel), each run alone and 20 back to back (`bench --back-to-back 20`), beside
// CUB's DeviceReduce::Sum and DeviceScan::InclusiveSum of 2^10 and 2^12 floats timed the same way.
// Issue 9 asks for 1.5x CUB's speed at every n <= 2^20: where 1.5x CUB's time is under an empty
// launch's, no kernel can meet it.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 tools/probes/launch_floor_probe.cu -o build-probe/launch_floor_probe
// Run:   build-probe/launch_floor_probe        (a second)
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdio>
#include <random>
#include <vector>

#include "probe_common.cuh"

__global__ void empty() {}

int main() {
  constexpr int kWarmup = 10, kRepeats = 101;
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s; median of %d samples behind the hold, us a run\n", prop.name, kRepeats);
  std::printf("%-28s %10s %16s\n", "", "alone", "20 back to back");
  auto row = [&](const char* name, auto&& f) {
    const double alone = median_us(f, kWarmup, kRepeats, true, 1);
    const double stream = median_us(f, kWarmup, kRepeats, true, 20);
    std::printf("%-28s %10.2f %16.2f\n", name, alone, stream);
  };
  row("empty kernel, one warp", [] { empty<<<1, 32>>>(); });

  // Integers -8..8 as floats: any order of addition gives the same sum. The input stays in L2.
  std::mt19937 rng(7);
  for (int n : {1 << 10, 1 << 12}) {
    std::vector<float> host(n);
    for (float& x : host) x = float(int(rng() % 17) - 8);
    float *in = nullptr, *out = nullptr;
    CHECK(cudaMalloc(&in, n * 4));
    CHECK(cudaMalloc(&out, n * 4));
    CHECK(cudaMemcpy(in, host.data(), n * 4, cudaMemcpyHostToDevice));
    std::size_t reduce_bytes = 0, scan_bytes = 0;
    CHECK(cub::DeviceReduce::Sum(nullptr, reduce_bytes, in, out, n));
    CHECK(cub::DeviceScan::InclusiveSum(nullptr, scan_bytes, in, out, n));
    void* temp = nullptr;
    CHECK(cudaMalloc(&temp, std::max(reduce_bytes, scan_bytes)));
    char name[64];
    std::snprintf(name, sizeof name, "CUB DeviceReduce::Sum, 2^%d", n == 1024 ? 10 : 12);
    row(name, [&] { CHECK(cub::DeviceReduce::Sum(temp, reduce_bytes, in, out, n)); });
    float sum = 0, expected = 0;
    CHECK(cudaMemcpy(&sum, out, 4, cudaMemcpyDeviceToHost));
    for (float x : host) expected += x;
    std::snprintf(name, sizeof name, "CUB InclusiveSum, 2^%d", n == 1024 ? 10 : 12);
    row(name, [&] { CHECK(cub::DeviceScan::InclusiveSum(temp, scan_bytes, in, out, n)); });
    float last = 0;
    CHECK(cudaMemcpy(&last, out + n - 1, 4, cudaMemcpyDeviceToHost));
    std::printf("  (checked: reduce %s, scan's last %s)\n", sum == expected ? "exact" : "WRONG",
                last == expected ? "exact" : "WRONG");
    CHECK(cudaFree(in));
    CHECK(cudaFree(out));
    CHECK(cudaFree(temp));
  }
  return 0;
}
