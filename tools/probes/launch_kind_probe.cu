// A probe, not part of the product: what a cooperative launch costs against a plain one, timed
// as `warplens bench` times (behind the hold kernel), each run alone and 20 back to back.
// decoupled-lookback launches cooperatively wherever its grid fits, so that tile b can be block b
// with no ticket; a plain launch with a ticket was 0.09-0.26 us slower (fourteenth session), which
// leaves open whether the cooperative launch itself costs time that a plain launch does not.
// Kernels: an empty one, and a copy of 2048 floats a block in float4s (the shape of
// decoupled-lookback's short tile: 8 floats a thread, 4.5 KiB of shared memory asked for), each
// launched plainly and cooperatively, and the copy again with a ticket from an atomic counter.
// Findings: docs/gpu-check/scan-lookback-notes.md, "No cheaper hand-over" (the cooperative launch
// costs the same alone, 0.02-0.12 us more back to back; the ticket 0.3 us alone).
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 tools/probes/launch_kind_probe.cu -o build-probe/launch_kind_probe
// Run:   build-probe/launch_kind_probe        (a few seconds)
#include <cstdio>
#include <vector>

#include "probe_common.cuh"

constexpr int kBlock = 256, kTile = 2048, kShared = 4608;

__global__ void empty_kernel(const float4*, float4*, unsigned*) {}

__global__ void copy_tile(const float4* in, float4* out, unsigned*) {
  extern __shared__ float4 unused[];
  const unsigned base = blockIdx.x * (kTile / 4) + threadIdx.x;
  const float4 a = in[base], b = in[base + kBlock];
  out[base] = a;
  out[base + kBlock] = b;
}

__global__ void copy_tile_ticket(const float4* in, float4* out, unsigned* counter) {
  extern __shared__ float4 unused[];
  __shared__ unsigned tile;
  if (threadIdx.x == 0) tile = atomicAdd(counter, 1u) % gridDim.x;
  __syncthreads();
  const unsigned base = tile * (kTile / 4) + threadIdx.x;
  const float4 a = in[base], b = in[base + kBlock];
  out[base] = a;
  out[base + kBlock] = b;
}

using Kernel = void (*)(const float4*, float4*, unsigned*);

int main() {
  constexpr int kWarmup = 20, kRepeats = 201;
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s; median of %d samples behind the hold, us a run; blocks of %d, %d floats a block\n", prop.name,
              kRepeats, kBlock, kTile);
  std::printf("%-34s %6s %10s %16s\n", "", "grid", "alone", "20 back to back");
  // Inputs rotate through 256 MiB: every run reads a part no run has read since L2 last filled,
  // counting runs across rows, so no row reads what the row before left in L2.
  constexpr int kMaxGrid = 128;
  const std::size_t floats = std::size_t(kMaxGrid) * kTile;
  std::vector<float> host(floats * 256);
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = float(int(i % kTile % 17) - 8);  // every tile the same
  std::size_t next_run = 0;
  float *in = nullptr, *out = nullptr;
  unsigned* counter = nullptr;
  CHECK(cudaMalloc(&in, host.size() * 4));
  CHECK(cudaMalloc(&out, floats * 4));
  CHECK(cudaMalloc(&counter, 4));
  CHECK(cudaMemset(counter, 0, 4));
  CHECK(cudaMemcpy(in, host.data(), host.size() * 4, cudaMemcpyHostToDevice));
  for (Kernel k : {empty_kernel, copy_tile, copy_tile_ticket})
    CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(k), cudaFuncAttributeMaxDynamicSharedMemorySize, kShared));

  auto row = [&](const char* name, Kernel k, int grid, bool cooperative) {
    const std::size_t run_floats = std::size_t(grid) * kTile, rotations = host.size() / run_floats;
    auto launch = [&] {
      const float4* src = reinterpret_cast<const float4*>(in + next_run++ % rotations * run_floats);
      float4* dst = reinterpret_cast<float4*>(out);
      if (cooperative) {
        void* args[] = {&src, &dst, &counter};
        CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(k), grid, kBlock, args, kShared, 0));
      } else {
        k<<<grid, kBlock, kShared>>>(src, dst, counter);
      }
    };
    const double alone = median_us(launch, kWarmup, kRepeats, true, 1);
    const double stream = median_us(launch, kWarmup, kRepeats, true, 20);
    std::printf("%-34s %6d %10.3f %16.3f\n", name, grid, alone, stream);
  };
  for (int grid : {1, 8, 32, 128}) {
    row("empty, plain", empty_kernel, grid, false);
    row("empty, cooperative", empty_kernel, grid, true);
    row("copy, plain, tile = block", copy_tile, grid, false);
    row("copy, cooperative, tile = block", copy_tile, grid, true);
    row("copy, plain, ticket", copy_tile_ticket, grid, false);
  }
  // The copy is checked: every tile of the last run's output is the input's tile.
  std::vector<float> back(std::size_t(128) * kTile);
  CHECK(cudaMemcpy(back.data(), out, back.size() * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (std::size_t i = 0; i < back.size(); ++i) ok = ok && back[i] == float(int(i % kTile % 17) - 8);
  std::printf("# copy checked: %s\n", ok ? "exact" : "WRONG");
  return ok ? 0 : 1;
}
