// A probe, not part of the product: what the look-back costs when every tile starts at once, as
// at n <= 2^20. Each block is a tile (blockIdx, as when every tile is resident): it works a set
// time (standing in for its loads and block scan, staggered a little from tile to tile as loads
// come back), publishes its aggregate, looks back with one warp over WORDS status words a lane,
// and publishes its inclusive prefix. Only the chain is left, so its time against the number of
// tiles says what grows with it: the look-back's rounds, or tiles queueing on the status words'
// lines in L2. Knobs: WORDS a lane; wait for every word of a window or only up to the nearest
// inclusive prefix; status words side by side, one a 32-byte sector or one a 128-byte line;
// volatile (as the product) or relaxed loads and stores at .gpu scope. Every prefix is checked.
// Findings: docs/gpu-check/scan-lookback-notes.md, "One status word a line".
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 tools/probes/lookback_chain_probe.cu -o build-probe/lookback_chain_probe
// Run:   build-probe/lookback_chain_probe        (seconds)
#include <cstdio>
#include <vector>

#include "probe_common.cuh"

constexpr unsigned kInvalid = 0, kAggregate = 1, kInclusive = 2;

__device__ __forceinline__ unsigned long long now_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ unsigned long long pack(unsigned flag, unsigned v, unsigned epoch) {
  return (unsigned long long)(epoch << 2 | flag) << 32 | v;
}
__device__ __forceinline__ unsigned flag_of(unsigned long long w, unsigned epoch) {
  const unsigned high = unsigned(w >> 32);
  return high >> 2 == epoch ? (high & 3u) : kInvalid;
}

// Per tile: its start, when its aggregate went out, when its prefix was known, and its rounds.
struct Stamps {
  unsigned long long start, published, prefixed;
  unsigned rounds, sum;
};

// A status word, read and written as volatile (.sys scope, as the product does) or relaxed at .gpu
// scope, STRIDE words apart (1: 16 to a 128-byte line; 16: one a line).
template <bool RELAXED>
__device__ __forceinline__ unsigned long long load_word(const unsigned long long* p) {
  unsigned long long w;
  if (RELAXED) asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(w) : "l"(p) : "memory");
  else w = *reinterpret_cast<const volatile unsigned long long*>(p);
  return w;
}
template <bool RELAXED>
__device__ __forceinline__ void store_word(unsigned long long* p, unsigned long long w) {
  if (RELAXED) asm volatile("st.relaxed.gpu.global.u64 [%0], %1;" ::"l"(p), "l"(w) : "memory");
  else *reinterpret_cast<volatile unsigned long long*>(p) = w;
}

// Every tile's aggregate is 1, so tile t's prefix must be t. A tile works work_ns plus up to
// stagger_ns more (a hash of its number: tiles whose loads come back at different times).
// ALL: a window is combined once every word in it has a status (the product's rule); else once
// the words from the nearest up to the nearest inclusive prefix have one, farther words unread.
template <int WORDS, bool ALL, int STRIDE = 1, bool RELAXED = false>
__global__ void __launch_bounds__(256) chain(unsigned long long* status, unsigned epoch, unsigned work_ns,
                                             unsigned stagger_ns, Stamps* stamps) {
  const unsigned tile = blockIdx.x, lane = threadIdx.x % 32;
  const unsigned long long start = now_ns();
  if (threadIdx.x >= 32) return;
  const unsigned work = work_ns + (stagger_ns ? (tile * 2654435761u >> 8) % stagger_ns : 0);
  while (now_ns() - start < work) {
  }
  auto word = [&](unsigned t) { return status + std::size_t(t) * STRIDE; };
  if (lane == 0) store_word<RELAXED>(word(tile), pack(tile == 0 ? kInclusive : kAggregate, 1, epoch));
  const unsigned long long published = now_ns();
  unsigned prefix = 0, rounds = 0;
  constexpr unsigned kWindow = 32 * WORDS;
  for (unsigned end = tile; end > 0; end -= end < kWindow ? end : kWindow) {
    ++rounds;
    unsigned long long w[WORDS];
#pragma unroll
    for (int j = 0; j < WORDS; ++j) {
      const unsigned back = lane * WORDS + j;
      w[j] = back < end ? load_word<RELAXED>(word(end - 1 - back)) : pack(kInclusive, 0, epoch);
    }
    for (;;) {
      // This lane's words from the nearest: does an Invalid one or an inclusive prefix come first?
      bool blocked = false, found = false;
#pragma unroll
      for (int j = 0; j < WORDS; ++j)
        if (!blocked && !found) {
          const unsigned f = flag_of(w[j], epoch);
          blocked = f == kInvalid;
          found = f == kInclusive;
        }
      bool done;
      if (ALL) {
        bool any_invalid = false;
#pragma unroll
        for (int j = 0; j < WORDS; ++j) any_invalid = any_invalid || flag_of(w[j], epoch) == kInvalid;
        done = __all_sync(~0u, !any_invalid);
      } else {
        const unsigned first = __ballot_sync(~0u, blocked || found);  // lanes that end the walk or hold it up
        done = first == 0 || ((__ballot_sync(~0u, found) >> (__ffs(first) - 1)) & 1u);
      }
      if (done) break;
#pragma unroll
      for (int j = 0; j < WORDS; ++j)
        if (flag_of(w[j], epoch) == kInvalid) w[j] = load_word<RELAXED>(word(end - 1 - (lane * WORDS + j)));
    }
    unsigned v = 0;
    bool found = false, blocked = false;
#pragma unroll
    for (int j = 0; j < WORDS; ++j)
      if (!found && !blocked) {
        blocked = flag_of(w[j], epoch) == kInvalid;
        if (!blocked) v += unsigned(w[j]);
        found = flag_of(w[j], epoch) == kInclusive;
      }
    const unsigned inclusive = __ballot_sync(~0u, found);
    const unsigned stop = inclusive ? __ffs(inclusive) - 1 : 31;
    if (lane > stop) v = 0;
    for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(~0u, v, o);
    prefix += v;
    if (inclusive) break;
  }
  if (lane == 0 && tile > 0) store_word<RELAXED>(word(tile), pack(kInclusive, prefix + 1, epoch));
  if (lane == 0) stamps[tile] = {start, published, now_ns(), rounds, prefix};
}

int main() {
  constexpr int kWarmup = 5, kRepeats = 51, kMaxGrid = 256, kMostStride = 16;
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  unsigned long long* status = nullptr;
  Stamps* stamps = nullptr;
  CHECK(cudaMalloc(&status, kMaxGrid * kMostStride * 8));
  CHECK(cudaMemset(status, 0, kMaxGrid * kMostStride * 8));
  CHECK(cudaMalloc(&stamps, kMaxGrid * sizeof(Stamps)));
  unsigned epoch = 0;
  std::printf("# %s; a chain of tiles, each publishing after work_ns; us a run (median of %d), and from one\n"
              "# more run: the spread of tile starts, a look-back's median and longest wait, the most rounds\n",
              prop.name, kRepeats);
  std::printf("%-22s %5s %7s %7s %6s %8s %8s %8s %8s %8s %6s %s\n", "wait for", "grid", "work_ns", "stagger", "words", "alone",
              "stream", "starts", "wait_md", "wait_mx", "rounds", "prefixes");
  auto row = [&](const char* how, unsigned grid, unsigned work_ns, unsigned stagger_ns, int words, auto kernel) {
    auto run = [&] { kernel<<<grid, 256>>>(status, ++epoch, work_ns, stagger_ns, stamps); };
    const double alone = median_us(run, kWarmup, kRepeats, true, 1);
    const double stream = median_us(run, kWarmup, kRepeats, true, 20);
    run();
    std::vector<Stamps> s(grid);
    CHECK(cudaMemcpy(s.data(), stamps, grid * sizeof(Stamps), cudaMemcpyDeviceToHost));
    unsigned long long first = ~0ull, last = 0;
    std::vector<double> waits;
    unsigned rounds = 0;
    bool exact = true;
    for (unsigned t = 0; t < grid; ++t) {
      first = std::min(first, s[t].start);
      last = std::max(last, s[t].start);
      waits.push_back((s[t].prefixed - s[t].published) / 1000.0);
      rounds = std::max(rounds, s[t].rounds);
      exact = exact && s[t].sum == t;
    }
    std::sort(waits.begin(), waits.end());
    std::printf("%-22s %5u %7u %7u %6d %8.2f %8.2f %8.2f %8.2f %8.2f %6u %s\n", how, grid, work_ns, stagger_ns, words, alone,
                stream, (last - first) / 1000.0, waits[grid / 2], waits.back(), rounds, exact ? "exact" : "WRONG");
  };
  for (unsigned stagger_ns : {500u, 0u})
    for (unsigned grid : {8u, 32u, 64u, 128u, 256u}) {
      row("all, volatile, packed", grid, 1000, stagger_ns, 1, chain<1, true>);
      row("all, volatile, line", grid, 1000, stagger_ns, 1, chain<1, true, 16>);
      row("all, volatile, line", grid, 1000, stagger_ns, 4, chain<4, true, 16>);
      row("nearest, volatile, line", grid, 1000, stagger_ns, 1, chain<1, false, 16>);
      row("nearest, volatile, line", grid, 1000, stagger_ns, 2, chain<2, false, 16>);
      row("nearest, volatile, line", grid, 1000, stagger_ns, 4, chain<4, false, 16>);
      row("nearest, relaxed, line", grid, 1000, stagger_ns, 1, chain<1, false, 16, true>);
      row("nearest, relaxed, line", grid, 1000, stagger_ns, 4, chain<4, false, 16, true>);
      row("nearest, relaxed, sector", grid, 1000, stagger_ns, 4, chain<4, false, 4, true>);
    }
  return 0;
}
