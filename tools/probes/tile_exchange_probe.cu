// A probe, not part of the product: how long tiles that all run at once take to hand their
// aggregates to the tiles after them. At n <= 2^17 decoupled-lookback runs 2-64 tiles of 2048,
// all resident at once, and each run alone is 0.1-0.4 us short of 1.5x CUB (fourteenth session).
// The question: is there a hand-over cheap enough to close that?
//
// Every kernel is the same but for the hand-over: blocks of 256 load a tile of ITEMS floats a
// thread in float4s (inputs rotated through 128 MiB, so every run reads DRAM, as the bench does),
// sum it, get the sum of every tile before theirs, and store each element plus that sum: a single
// pass with everything but the hand-over stripped away. The cases:
//   none     no hand-over (the rest's cost; the sum is then unused and the compiler drops it)
//   L2       decoupled-lookback's way: publish a status word (value and epoch in one 64-bit word,
//            a 128-byte line a tile), warp 0 of each successor polls its predecessors' words
//   L2x4     the same, with 4 polls of each word in flight, so that a poll that reaches L2 just
//            before the word is published does not cost a whole round trip more
//   L2late   the first poll only 400 cycles after the tile's total, so the polls do not queue
//            ahead of the store they wait for
//   cluster  the grid is one thread-block cluster: each tile stores its aggregate into every later
//            tile's shared memory (distributed shared memory); a tile polls only its own. The
//            blocks arrive at the cluster barrier (release: their cleared inboxes) first thing
//   cl-late  the same, arriving after their loads are issued, so the barrier's fence overlaps them
//   L2warm   L2, with the status words touched at the kernel's start (their lines and translations)
//   L2sync   L2, with __syncwarp() between the spin and the shuffles that add the words up
//   cl-sync  cl-late, with __syncwarp() there too
// Each result is checked exactly (small integers as floats). Findings:
// docs/gpu-check/scan-lookback-notes.md, "No cheaper hand-over".
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 tools/probes/tile_exchange_probe.cu -o build-probe/tile_exchange_probe
// Run:   build-probe/tile_exchange_probe [CASES [phases [fixed]]]   (seconds)
//   Rows: 2-16 tiles of 2048 and of 8192, then 32 and 64 tiles of 2048 (none, L2 and L2sync only:
//   past a cluster's 16 blocks). CASES: which cases run, bits in the order above (default 511,
//   all). "phases": after each row, one more run of each case alone, its phases on each tile's
//   own clock (%globaltimer), and for L2 the polls and clock64 cycles. "fixed": every run reads
//   the same input, from L2.
#include <cooperative_groups.h>

#include <cstdio>
#include <tuple>
#include <vector>

#include "probe_common.cuh"

namespace cg = cooperative_groups;

constexpr int kBlock = 256, kWarps = kBlock / 32;
constexpr int kMaxTiles = 16;     // a cluster's most blocks
constexpr int kMaxL2Tiles = 64;   // through L2: up to 2^17 in tiles of 2048
enum class Via { None, L2, L2x4, L2Late, Cluster, ClusterLate, L2Warm, L2Sync, ClusterSync };
constexpr int kCases = 9;
constexpr const char* kCaseNames[kCases] = {"none",    "L2",     "L2x4",   "L2late", "cluster",
                                            "cl-late", "L2warm", "L2sync", "cl-sync"};

__device__ __forceinline__ unsigned long long pack(unsigned epoch, float v) {
  return (unsigned long long)epoch << 32 | __float_as_uint(v);
}

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
// Each tile's thread 0 stamps when it started, had the tile's total, had the tiles' before its,
// and had issued its stores (ns, %globaltimer); how many loads lane 0 of warp 0 made of the
// nearest predecessor's word, and (clock64, cycles) how long from its first load to the value,
// and from there until every thread had the sum: seven words a tile, every run.
constexpr int kStamps = 7;
__device__ unsigned long long* g_stamps;

// Every thread gets the block's total of v.
__device__ __forceinline__ float tile_total(float v, float* warp_sums) {
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
  if (threadIdx.x % 32 == 0) warp_sums[threadIdx.x / 32] = v;
  __syncthreads();
  float t = 0;
  for (int w = 0; w < kWarps; ++w) t += warp_sums[w];
  return t;
}

// Warp 0: lane i < tile waits for tile i's aggregate in `word(i)`, then the warp adds them.
template <bool kSyncFirst = false, class Word>
__device__ __forceinline__ float gather_before(unsigned tile, unsigned epoch, Word word) {
  const unsigned lane = threadIdx.x % 32;
  float v = 0;
  if (lane < tile) {
    unsigned long long w;
    unsigned polls = 0;
    const long long c0 = clock64();
    do {
      w = *word(lane);
      ++polls;
    } while (unsigned(w >> 32) != epoch);
    v = __uint_as_float(unsigned(w));
    if (lane + 32 < tile) {  // past 32 tiles a lane waits for a second word, 32 tiles farther back
      do w = *word(lane + 32); while (unsigned(w >> 32) != epoch);
      v += __uint_as_float(unsigned(w));
    }
    const long long c1 = clock64();
    if (lane == 0) {
      g_stamps[blockIdx.x * kStamps + 4] = polls;
      g_stamps[blockIdx.x * kStamps + 5] = c1 - c0;
      g_stamps[blockIdx.x * kStamps + 6] = c1;  // made "since" after the barrier
    }
  }
  if constexpr (kSyncFirst) __syncwarp();
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

__device__ __forceinline__ void spin_cycles(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}

// As gather_before, but lane i keeps kDepth polls of its word in flight, issued kSpacing cycles
// apart at first: a poll that reaches L2 just before the word is published comes back empty, and
// a lane that polls one at a time then waits a whole round trip more; here the next poll is
// already on its way. A poll that comes back empty is sent again at once, behind the others.
template <int kDepth, int kSpacing, class Word>
__device__ __forceinline__ float gather_before_pipelined(unsigned tile, unsigned epoch, Word word) {
  const unsigned lane = threadIdx.x % 32;
  float v = 0;
  if (lane < tile) {
    unsigned long long w[kDepth];
#pragma unroll
    for (int d = 0; d < kDepth; ++d) {
      w[d] = *word(lane);
      if (d + 1 < kDepth) spin_cycles(kSpacing);
    }
    bool found = false;
    unsigned long long seen = 0;
    while (!found) {
#pragma unroll
      for (int d = 0; d < kDepth; ++d) {
        if (!found && unsigned(w[d] >> 32) == epoch) {
          seen = w[d];
          found = true;
        }
        if (!found) w[d] = *word(lane);
      }
    }
    v = __uint_as_float(unsigned(seen));
  }
  for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

template <Via kVia, int ITEMS>
__global__ void __launch_bounds__(kBlock) tile_scan(const float4* in, float4* out, unsigned long long* status,
                                                   unsigned epoch) {
  constexpr int V = ITEMS / 4;
  __shared__ float warp_sums[kWarps];
  __shared__ float before_shared;
  __shared__ unsigned long long inbox[kMaxTiles];  // the cluster's: tile i's aggregate in slot i
  const unsigned tile = blockIdx.x;
  unsigned long long* stamps = g_stamps + tile * kStamps;
  if (threadIdx.x == 0) stamps[0] = now_ns();
  constexpr bool kCluster = kVia == Via::Cluster || kVia == Via::ClusterLate || kVia == Via::ClusterSync;
  [[maybe_unused]] cg::cluster_group::arrival_token started;
  if constexpr (kCluster)
    if (threadIdx.x < kMaxTiles) inbox[threadIdx.x] = 0;
  if constexpr (kVia == Via::Cluster)
    started = cg::this_cluster().barrier_arrive();  // release: the cleared inbox, before anyone stores
  if constexpr (kVia == Via::L2Warm) {  // touch the status words the tile will use, before its loads
    volatile unsigned long long* words = status;
    unsigned long long touched = 0;
    if (threadIdx.x == 0) touched = words[tile * 16];
    if (threadIdx.x < 32 && threadIdx.x < tile) touched += words[(tile - 1 - threadIdx.x) * 16];
    if (touched == 1) before_shared = 0;  // never: epochs start at 1 in the high word
  }
  const float4* src = in + std::size_t(tile) * kBlock * V;
  float4 x[V];
#pragma unroll
  for (int j = 0; j < V; ++j) x[j] = src[j * kBlock + threadIdx.x];
  if constexpr (kVia == Via::ClusterLate || kVia == Via::ClusterSync) started = cg::this_cluster().barrier_arrive();
  float lane = 0;
#pragma unroll
  for (int j = 0; j < V; ++j) lane += (x[j].x + x[j].y) + (x[j].z + x[j].w);
  const float total = tile_total(lane, warp_sums);
  if (threadIdx.x == 0) stamps[1] = now_ns();

  float before = 0;
  if constexpr (kVia == Via::L2 || kVia == Via::L2x4 || kVia == Via::L2Late || kVia == Via::L2Warm ||
                kVia == Via::L2Sync) {
    volatile unsigned long long* words = status;
    if (threadIdx.x == 0) words[tile * 16] = pack(epoch, total);  // a 128-byte line a tile
    if (threadIdx.x < 32 && tile > 0) {
      auto word = [&](unsigned i) { return &words[(tile - 1 - i) * 16]; };
      if constexpr (kVia == Via::L2 || kVia == Via::L2Warm) before = gather_before(tile, epoch, word);
      if constexpr (kVia == Via::L2Sync) before = gather_before<true>(tile, epoch, word);
      if constexpr (kVia == Via::L2x4) before = gather_before_pipelined<4, 160>(tile, epoch, word);
      if constexpr (kVia == Via::L2Late) {
        spin_cycles(400);
        before = gather_before(tile, epoch, word);
      }
      if (threadIdx.x == 0) before_shared = before;
    }
  } else if constexpr (kCluster) {
    cg::cluster_group cluster = cg::this_cluster();
    cluster.barrier_wait(std::move(started));  // every tile has started and cleared its inbox
    const unsigned later = tile + 1 + threadIdx.x;
    if (later < gridDim.x) {
      volatile unsigned long long* theirs = cluster.map_shared_rank(&inbox[tile], later);
      *theirs = pack(1, total);
    }
    volatile unsigned long long* mine = inbox;
    if (threadIdx.x < 32 && tile > 0) {
      before = gather_before<kVia == Via::ClusterSync>(tile, 1, [&](unsigned i) { return &mine[i]; });
      if (threadIdx.x == 0) before_shared = before;
    }
  }
  if constexpr (kVia != Via::None) {
    __syncthreads();
    before = tile > 0 ? before_shared : 0.0f;
  }
  if (threadIdx.x == 0) stamps[2] = now_ns();
  if (threadIdx.x == 0 && tile > 0 && kVia != Via::None && kVia != Via::L2x4 && !kCluster)
    stamps[6] = clock64() - stamps[6];  // gather_before left the clock at the value there
  float4* dst = out + std::size_t(tile) * kBlock * V;
#pragma unroll
  for (int j = 0; j < V; ++j)
    dst[j * kBlock + threadIdx.x] = make_float4(x[j].x + before, x[j].y + before, x[j].z + before, x[j].w + before);
  if (threadIdx.x == 0) stamps[3] = now_ns();
}

using Kernel = void (*)(const float4*, float4*, unsigned long long*, unsigned);

unsigned g_cases = 511;  // which cases run (bits, in kCaseNames' order)
unsigned long long* g_phases = nullptr;  // where g_stamps points, where phases are printed
bool g_fixed_input = false;  // every run reads the same input (from L2), not the next rotation

// Runs are counted across cases, so that no case reads what the case before left in L2.
std::size_t next_run = 0;

// One launch of the case: a cluster of every tile for the cluster cases, a plain grid otherwise.
template <Via kVia, int ITEMS>
void launch_tiles(unsigned tiles, const float4* src, float4* dst, unsigned long long* status, unsigned epoch) {
  const bool cluster = kVia == Via::Cluster || kVia == Via::ClusterLate || kVia == Via::ClusterSync;
  CHECK(launch_blocks(tile_scan<kVia, ITEMS>, tiles, kBlock, cluster, src, dst, status, epoch));
}

// The next run's input: the next rotation, or always the first with g_fixed_input.
const float4* next_input(const float* in, std::size_t rotations, std::size_t floats) {
  return reinterpret_cast<const float4*>(in + next_run++ % rotations * floats);
}

template <Via kVia, int ITEMS>
double time_case(unsigned tiles, const float* in, std::size_t rotations, float* out, unsigned long long* status,
                 unsigned& epoch, int runs) {
  const std::size_t floats = std::size_t(tiles) * kBlock * ITEMS;
  auto launch = [&] {
    launch_tiles<kVia, ITEMS>(tiles, next_input(in, rotations, floats), reinterpret_cast<float4*>(out), status,
                              ++epoch);
  };
  return median_us(launch, 20, 201, true, runs);
}

// One more run alone, behind the hold; prints its phases across tiles: min / median / max, us.
template <Via kVia, int ITEMS>
void print_phases(const char* name, unsigned tiles, const float* in, std::size_t rotations, float* out,
                  unsigned long long* status, unsigned& epoch, unsigned long long* stamps) {
  const std::size_t floats = std::size_t(tiles) * kBlock * ITEMS;
  hold<<<1, 1>>>(40000);
  launch_tiles<kVia, ITEMS>(tiles, next_input(in, rotations, floats), reinterpret_cast<float4*>(out), status,
                            ++epoch);
  std::vector<unsigned long long> t(tiles * kStamps);
  CHECK(cudaMemcpy(t.data(), stamps, t.size() * 8, cudaMemcpyDeviceToHost));
  unsigned long long first = t[0];
  for (unsigned u = 0; u < tiles; ++u) first = std::min(first, t[u * kStamps]);
  std::printf("#   %-8s %2u tiles:", name, tiles);
  const char* phase[4] = {"start", "total", "before", "stored"};
  for (int p = 0; p < 4; ++p) {
    std::vector<double> d;
    for (unsigned u = 0; u < tiles; ++u)
      d.push_back((p == 0 ? t[u * kStamps] - first : t[u * kStamps + p] - t[u * kStamps + p - 1]) / 1e3);
    std::sort(d.begin(), d.end());
    std::printf("  %s %.2f/%.2f/%.2f", phase[p], d.front(), d[d.size() / 2], d.back());
  }
  if (kVia == Via::L2 || kVia == Via::L2Late || kVia == Via::L2Warm || kVia == Via::L2Sync) {
    for (int k = 4; k < 7; ++k) {  // loads of the nearest word (lane 0); cycles polling; cycles after
      std::vector<unsigned long long> v;
      for (unsigned u = 1; u < tiles; ++u) v.push_back(t[u * kStamps + k]);
      std::sort(v.begin(), v.end());
      std::printf("  %s %llu/%llu/%llu", k == 4 ? "polls" : k == 5 ? "cycles" : "then", v.front(), v[v.size() / 2],
                  v.back());
    }
  }
  std::printf("\n");
}

// The last run's output (from rotation `rotation` of the input) against a CPU scan of tiles.
bool check(unsigned tiles, int items, const std::vector<float>& host, std::size_t rotation, const float* out) {
  const std::size_t floats = std::size_t(tiles) * kBlock * items, tile_floats = std::size_t(kBlock) * items;
  std::vector<float> got(floats);
  CHECK(cudaMemcpy(got.data(), out, floats * 4, cudaMemcpyDeviceToHost));
  const float* src = host.data() + rotation * floats;
  float before = 0;
  for (unsigned t = 0; t < tiles; ++t) {
    float sum = 0;
    for (std::size_t i = 0; i < tile_floats; ++i) {
      if (got[t * tile_floats + i] != src[t * tile_floats + i] + before) {
        std::printf("# tile %u element %zu: %g, expected %g + %g\n", t, i, got[t * tile_floats + i],
                    src[t * tile_floats + i], before);
        return false;
      }
      sum += src[t * tile_floats + i];
    }
    before += sum;
  }
  return true;
}

template <int ITEMS>
void rows(const std::vector<float>& host, const float* in, float* out, unsigned long long* status, unsigned& epoch) {
  for (Kernel k : {tile_scan<Via::Cluster, ITEMS>, tile_scan<Via::ClusterLate, ITEMS>,
                   tile_scan<Via::ClusterSync, ITEMS>})
    CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(k), cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
  for (unsigned tiles : {2u, 4u, 8u, 16u, 32u, 64u}) {
    if (tiles > kMaxTiles && ITEMS > 8) break;  // 64 tiles of 2048 fill the output buffer
    // Past a cluster's size only none, L2 and L2sync run.
    const unsigned cases = tiles > kMaxTiles ? g_cases & (1u | 2u | 128u) : g_cases;
    const std::size_t floats = std::size_t(tiles) * kBlock * ITEMS;
    const std::size_t rotations = g_fixed_input ? 1 : host.size() / floats;
    double t[kCases][2] = {};
    bool ok[kCases];
    auto time_all = std::make_tuple(time_case<Via::None, ITEMS>, time_case<Via::L2, ITEMS>,
                                    time_case<Via::L2x4, ITEMS>, time_case<Via::L2Late, ITEMS>,
                                    time_case<Via::Cluster, ITEMS>, time_case<Via::ClusterLate, ITEMS>,
                                    time_case<Via::L2Warm, ITEMS>, time_case<Via::L2Sync, ITEMS>,
                                    time_case<Via::ClusterSync, ITEMS>);
    int v = 0;
    std::apply([&](auto... f) {
      ((ok[v] = true,
        (cases >> v & 1) ? (t[v][0] = f(tiles, in, rotations, out, status, epoch, 1),
                              t[v][1] = f(tiles, in, rotations, out, status, epoch, 20),
                              ok[v] = v == 0 || check(tiles, ITEMS, host, (next_run - 1) % rotations, out))
                           : false,
        ++v),
       ...);
    }, time_all);
    std::printf("%6u %6d %9u", tiles, ITEMS, unsigned(floats));
    for (int pass = 0; pass < 2; ++pass) {
      std::printf(" ");
      for (int c = 0; c < kCases; ++c) std::printf(" %8.3f", t[c][pass]);
    }
    std::printf(" ");
    for (int c = 1; c < kCases; ++c) std::printf(" %s", ok[c] ? "exact" : "WRONG");
    std::printf("\n");
    if (g_phases && tiles <= kMaxTiles) {
      print_phases<Via::None, ITEMS>(kCaseNames[0], tiles, in, rotations, out, status, epoch, g_phases);
      print_phases<Via::L2, ITEMS>(kCaseNames[1], tiles, in, rotations, out, status, epoch, g_phases);
      print_phases<Via::L2x4, ITEMS>(kCaseNames[2], tiles, in, rotations, out, status, epoch, g_phases);
      print_phases<Via::L2Late, ITEMS>(kCaseNames[3], tiles, in, rotations, out, status, epoch, g_phases);
      print_phases<Via::Cluster, ITEMS>(kCaseNames[4], tiles, in, rotations, out, status, epoch, g_phases);
      print_phases<Via::ClusterLate, ITEMS>(kCaseNames[5], tiles, in, rotations, out, status, epoch, g_phases);
      print_phases<Via::L2Warm, ITEMS>(kCaseNames[6], tiles, in, rotations, out, status, epoch, g_phases);
      print_phases<Via::L2Sync, ITEMS>(kCaseNames[7], tiles, in, rotations, out, status, epoch, g_phases);
      print_phases<Via::ClusterSync, ITEMS>(kCaseNames[8], tiles, in, rotations, out, status, epoch, g_phases);
    }
  }
}

int main(int argc, char** argv) {
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# %s; median of 201 samples behind the hold, us a run; blocks of %d; inputs rotated through 128 MiB\n",
              prop.name, kBlock);
  std::printf("%6s %6s %9s", "tiles", "items", "n");
  for (int pass = 0; pass < 2; ++pass) {
    std::printf(" ");
    for (const char* name : kCaseNames) std::printf(" %8s", name);
  }
  std::printf("  checked (all but none)\n");
  std::printf("%23s %-*s  %s\n", "", 9 * kCases, "---- each run alone", "---- 20 back to back");
  std::vector<float> host(std::size_t(32) << 20);  // 128 MiB
  for (std::size_t i = 0; i < host.size(); ++i) host[i] = float(int(i * 2654435761u % 17) - 8);
  float *in = nullptr, *out = nullptr;
  unsigned long long* status = nullptr;
  CHECK(cudaMalloc(&in, host.size() * 4));
  CHECK(cudaMalloc(&out, std::size_t(kMaxTiles) * kBlock * 32 * 4));
  CHECK(cudaMalloc(&status, kMaxL2Tiles * 128));
  CHECK(cudaMemset(status, 0, kMaxL2Tiles * 128));
  CHECK(cudaMemcpy(in, host.data(), host.size() * 4, cudaMemcpyHostToDevice));
  unsigned epoch = 0;
  unsigned long long* stamps = nullptr;
  CHECK(cudaMalloc(&stamps, kMaxL2Tiles * kStamps * 8));
  CHECK(cudaMemcpyToSymbol(g_stamps, &stamps, sizeof stamps));
  if (argc > 1) g_cases = unsigned(std::atoi(argv[1]));
  if (argc > 2) g_phases = stamps;  // print each case's phases, from one more run alone
  if (argc > 3) g_fixed_input = true;  // any third argument
  rows<8>(host, in, out, status, epoch);
  rows<32>(host, in, out, status, epoch);
  return 0;
}
