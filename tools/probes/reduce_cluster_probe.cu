// A probe, not part of the product: can a cluster of blocks, finishing through distributed shared
// memory, sum n <= 2^20 f32 1.5x faster than CUB? Issue 9 asks for that. The last-block finish
// (fence, ticket, the last block reads every partial back from global memory) costs about
// 1.6 us over an empty launch (reduce_small_n_probe.cu), and 1.5x CUB leaves 0.85-1.35 us at
// 2^14..2^20. Here one launch is one cluster of C blocks (C <= 16, one GPC): every block sums its
// share, thread 0 stores the block's total straight into block 0's shared memory
// (st.shared::cluster), and block 0 adds the C totals after one cluster barrier. No global
// atomic, no fence, no ticket. A first barrier arrival at the start, waited on only after the
// loads, makes sure block 0 has started before anyone writes into its shared memory.
// Timed in one process, behind the same 40 us hold as `warplens bench`, against CUB
// DeviceReduce::Sum, an empty kernel, an empty cluster of 16 (what a cluster launch costs), one
// block with no finish, and the last-block sum of reduce_small_n_probe.cu.
// Written out longhand, with tools/probes/probe_common.cuh, so that it depends on nothing in the product.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 tools/probes/reduce_cluster_probe.cu -o build-probes/reduce_cluster_probe
// Run:   build-probes/reduce_cluster_probe   (seconds)
#include <cooperative_groups.h>
#include <cub/device/device_reduce.cuh>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "probe_common.cuh"

namespace cg = cooperative_groups;

__global__ void empty() {}

// VECS float4 a thread in flight at once, grid-stride over the cluster; n a multiple of 4.
template <int VECS>
__device__ float thread_sum(const float* in, std::uint64_t n) {
  const float4* in4 = reinterpret_cast<const float4*>(in);
  const std::uint64_t vectors = n / 4, step = std::uint64_t(blockDim.x) * gridDim.x;
  float v = 0;
  for (std::uint64_t j = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; j < vectors; j += VECS * step) {
    float4 x[VECS];
#pragma unroll
    for (int k = 0; k < VECS; ++k) x[k] = j + k * step < vectors ? __ldg(in4 + j + k * step) : float4{0, 0, 0, 0};
#pragma unroll
    for (int k = 0; k < VECS; ++k) v += x[k].x + x[k].y + x[k].z + x[k].w;
  }
  return v;
}

template <int VECS>
__global__ void cluster_sum(const float* in, std::uint64_t n, float* out) {
  __shared__ float warp_totals[32];
  __shared__ float block_totals[16];  // block 0's: one slot per block of the cluster
  cg::cluster_group cluster = cg::this_cluster();
  auto started = cluster.barrier_arrive();
  const float v = block_sum(thread_sum<VECS>(in, n), warp_totals);
  cluster.barrier_wait(std::move(started));  // every block has started: block 0's shared memory exists
  if (threadIdx.x == 0) *cluster.map_shared_rank(&block_totals[cluster.block_rank()], 0) = v;
  auto stored = cluster.barrier_arrive();  // release: the store above is seen by block 0
  if (cluster.block_rank() != 0) return;
  cluster.barrier_wait(std::move(stored));
  if (threadIdx.x < 32) {
    float t = threadIdx.x < cluster.num_blocks() ? block_totals[threadIdx.x] : 0.0f;
    for (int o = 16; o > 0; o /= 2) t += __shfl_down_sync(~0u, t, o);
    if (threadIdx.x == 0) *out = t;
  }
}

// One block, no finish at all: what a grid of one costs.
template <int VECS>
__global__ void one_block_sum(const float* in, std::uint64_t n, float* out) {
  __shared__ float warp_totals[32];
  const float v = block_sum(thread_sum<VECS>(in, n), warp_totals);
  if (threadIdx.x == 0) *out = v;
}

template <int VECS>
__global__ void last_block_sum(const float* in, std::uint64_t n, float* partials, unsigned* ticket, float* out) {
  __shared__ float warp_totals[32];
  finish_in_last_block(block_sum(thread_sum<VECS>(in, n), warp_totals), partials, ticket, out, warp_totals);
}

// Launches `kernel` as one cluster of `blocks`; false (and the error cleared) where it cannot run.
template <class... Args>
bool launch_cluster(void (*kernel)(Args...), unsigned blocks, unsigned threads, Args... args) {
  if (launch_blocks(kernel, blocks, threads, true, args...) == cudaSuccess) return true;
  cudaGetLastError();
  return false;
}

template <int VECS>
void allow_clusters_of_16() {
  CHECK(cudaFuncSetAttribute(cluster_sum<VECS>, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
}

struct Best {
  double us = 1e30;
  std::string shape;
  void offer(double t, const std::string& s) {
    if (t < us) us = t, shape = s;
  }
};

int main() {
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s, %d SMs; median of 101 behind a 40 us hold, microseconds\n", prop.name, prop.multiProcessorCount);
  CHECK(cudaFuncSetAttribute(empty, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  allow_clusters_of_16<1>();
  allow_clusters_of_16<4>();
  allow_clusters_of_16<16>();
  const std::uint64_t max_n = 1ull << 20;
  std::vector<float> host(max_n);
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> dist(-1, 1);  // sums of -1, 0, 1 are exact in any order
  for (auto& x : host) x = float(dist(rng));
  const SumBuffers buf = sum_buffers(host);

  const double floor = median_us([] { empty<<<1, 32>>>(); }, 10, 101);
  bool cluster_ok = true;
  const double cluster_floor = median_us([&] { cluster_ok &= launch_cluster(empty, 16, 32); }, 10, 101);
  std::printf("empty kernel, one warp: %.2f; empty cluster of 16 blocks of one warp: %.2f%s\n\n", floor,
              cluster_floor, cluster_ok ? "" : " (could not launch)");

  std::vector<std::string> table{
      "| n | CUB | 1.5x CUB needs | one block | last-block sum | cluster sum | its shape | CUB / cluster |",
      "|---|---|---|---|---|---|---|---|"};
  for (int log_n : {10, 12, 14, 16, 18, 20}) {
    const std::uint64_t n = 1ull << log_n;
    double exact = 0;
    for (std::uint64_t i = 0; i < n; ++i) exact += host[i];
    auto poison = [&] { CHECK(cudaMemset(buf.out, 0xff, 4)); };  // a NaN: a kernel that writes nothing fails
    auto right = [&] {
      float got = 0;
      CHECK(cudaMemcpy(&got, buf.out, 4, cudaMemcpyDeviceToHost));
      return double(got) == exact;
    };
    std::size_t cub_bytes = 0;
    CHECK(cub::DeviceReduce::Sum(nullptr, cub_bytes, buf.in, buf.out, int(n)));
    void* d_cub = nullptr;
    CHECK(cudaMalloc(&d_cub, cub_bytes));
    poison();
    const double cub = median_us([&] { CHECK(cub::DeviceReduce::Sum(d_cub, cub_bytes, buf.in, buf.out, int(n))); }, 10, 101);
    if (!right()) std::printf("  n=2^%d CUB WRONG\n", log_n);

    // Times one case on a poisoned result, prints it as "<kind><shape>", and offers it to `best`
    // when its sum is exact. `launch` returns false where the launch cannot run.
    auto measure = [&](const char* kind, const std::string& shape, Best& best, auto&& launch) {
      bool launched = true;
      poison();
      const double t = median_us([&] { launched &= launch(); }, 10, 101);
      if (!launched) {
        std::printf("  n=2^%d %s%s: cannot launch\n", log_n, kind, shape.c_str());
        return;
      }
      const bool ok = right();
      std::printf("  n=2^%d %s%s: %.2f%s\n", log_n, kind, shape.c_str(), t, ok ? "" : " WRONG");
      if (ok) best.offer(t, shape);
    };
    auto shape = [](const char* form, auto... values) {
      char text[96];
      std::snprintf(text, sizeof text, form, values...);
      return std::string(text);
    };

    Best one, last, cluster;
    for (unsigned block : {256u, 1024u}) {
      for (int vecs : {1, 4, 16}) {
        auto one_kernel = vecs == 1 ? one_block_sum<1> : vecs == 4 ? one_block_sum<4> : one_block_sum<16>;
        auto last_kernel = vecs == 1 ? last_block_sum<1> : vecs == 4 ? last_block_sum<4> : last_block_sum<16>;
        auto cluster_kernel = vecs == 1 ? cluster_sum<1> : vecs == 4 ? cluster_sum<4> : cluster_sum<16>;
        const std::uint64_t per_block = std::uint64_t(block) * vecs * 4;
        if (per_block / 4 <= n)  // one pass of the block is at least a quarter full
          measure("one block, ", shape("block %u, %d floats/thread", block, 4 * vecs), one, [&] {
            one_kernel<<<1, block>>>(buf.in, n, buf.out);
            return true;
          });
        const unsigned grid = unsigned(std::max<std::uint64_t>(1, n / per_block));
        if (grid <= 4096)
          measure("last-block, ", shape("grid %u x %u, %d floats/thread", grid, block, 4 * vecs), last, [&] {
            last_kernel<<<grid, block>>>(buf.in, n, buf.partials, buf.ticket, buf.out);
            return true;
          });
        for (unsigned blocks : {2u, 4u, 8u, 16u}) {
          if (blocks * per_block / 4 > n) continue;  // most threads would load nothing
          measure("", shape("cluster %u x %u, %d floats/thread", blocks, block, 4 * vecs), cluster, [&] {
            return launch_cluster(cluster_kernel, blocks, block, (const float*)buf.in, n, buf.out);
          });
        }
      }
    }
    char row[256];
    std::snprintf(row, sizeof row, "| 2^%d | %.2f | %.2f | %.2f | %.2f | %.2f | %s | %.2f |", log_n, cub, cub / 1.5,
                  one.us, last.us, cluster.us, cluster.shape.c_str(), cub / cluster.us);
    table.push_back(row);
    CHECK(cudaFree(d_cub));
  }
  CHECK(cudaGetLastError());
  std::printf("\n");
  for (const std::string& row : table) std::printf("%s\n", row.c_str());
  return 0;
}
