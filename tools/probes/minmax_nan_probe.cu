// What the GPU's one-instruction float max and min do with NaNs, signed zeros and denormals:
// max.NaN.f32 and min.NaN.f32 (sm_80+) against fmaxf, on pairs chosen to tell the policies
// apart. core/ops.h's policy (any NaN gives 0x7fffffff; -0 < +0; no flush) was set from this.
// Build: nvcc -O3 -arch=sm_90 tools/probes/minmax_nan_probe.cu -o minmax_nan_probe
#include <cstdint>
#include <cstdio>
#include <cstring>

__global__ void max_min(const float* a, const float* b, float* max_nan, float* min_nan, float* fmax_out, int n) {
  const int i = threadIdx.x;
  if (i >= n) return;
  float hi, lo;
  asm("max.NaN.f32 %0, %1, %2;" : "=f"(hi) : "f"(a[i]), "f"(b[i]));
  asm("min.NaN.f32 %0, %1, %2;" : "=f"(lo) : "f"(a[i]), "f"(b[i]));
  max_nan[i] = hi;
  min_nan[i] = lo;
  fmax_out[i] = fmaxf(a[i], b[i]);
}

static float from_bits(std::uint32_t u) { float x; std::memcpy(&x, &u, 4); return x; }
static std::uint32_t to_bits(float x) { std::uint32_t u; std::memcpy(&u, &x, 4); return u; }

int main() {
  // +0/-0 both ways, a NaN with a payload either side, a signed NaN against a NaN, a signalling
  // NaN, -0 with itself, and two denormals of opposite sign.
  const std::uint32_t a_bits[] = {0x00000000u, 0x80000000u, 0x7fc00001u, 0x3f800000u,
                                  0xffc00002u, 0x7f800001u, 0x80000000u, 0x00000001u};
  const std::uint32_t b_bits[] = {0x80000000u, 0x00000000u, 0x3f800000u, 0x7fc00003u,
                                  0x7fc00004u, 0x3f800000u, 0x80000000u, 0x80000001u};
  constexpr int n = 8;
  float a[n], b[n], hi[n], lo[n], fm[n];
  for (int i = 0; i < n; ++i) a[i] = from_bits(a_bits[i]), b[i] = from_bits(b_bits[i]);
  float* d[5];
  for (float*& p : d) cudaMalloc(&p, n * sizeof(float));
  cudaMemcpy(d[0], a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(d[1], b, sizeof b, cudaMemcpyHostToDevice);
  max_min<<<1, 32>>>(d[0], d[1], d[2], d[3], d[4], n);
  cudaMemcpy(hi, d[2], sizeof hi, cudaMemcpyDeviceToHost);
  cudaMemcpy(lo, d[3], sizeof lo, cudaMemcpyDeviceToHost);
  cudaMemcpy(fm, d[4], sizeof fm, cudaMemcpyDeviceToHost);
  const cudaError_t err = cudaGetLastError();
  std::printf("cuda: %s\n", cudaGetErrorString(err));
  for (int i = 0; i < n; ++i)
    std::printf("a=%08x b=%08x max.NaN=%08x min.NaN=%08x fmaxf=%08x\n", a_bits[i], b_bits[i], to_bits(hi[i]),
                to_bits(lo[i]), to_bits(fm[i]));
  return err == cudaSuccess ? 0 : 1;
}
