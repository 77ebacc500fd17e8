// The Harris ladder written in plain CUDA, f32 sum only: the yardstick that shows the timed
// build of a dialect kernel is as fast as the kernel written without the dialect. Each kernel
// mirrors its variant in kernels/families/reduce/ statement for statement, grid sizes included.
#include <map>

#include "kernels/families/reduce/bench/bench_reference.h"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/l2_rotation.cuh"
#include "core/bits.h"
#include "kernels/families/reduce/plan.h"
#include "kernels/families/reduce/traits.h"

namespace wl {
namespace {

__global__ void interleaved_divergent(const float* in, float* out, std::uint64_t n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + tid;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) sdata[tid] = sdata[tid] + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

__global__ void interleaved_strided(const float* in, float* out, std::uint64_t n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + tid;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    const unsigned index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] = sdata[index] + sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

__global__ void sequential(const float* in, float* out, std::uint64_t n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + tid;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = sdata[tid] + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

__device__ float load_two(const float* in, std::uint64_t n, std::uint64_t i) {
  float v = i < n ? in[i] : 0.0f;
  if (i + blockDim.x < n) v += in[i + blockDim.x];
  return v;
}

__global__ void first_add_on_load(const float* in, float* out, std::uint64_t n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  sdata[tid] = load_two(in, n, std::uint64_t(blockIdx.x) * blockDim.x * 2 + tid);
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = sdata[tid] + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = sdata[0];
}

__device__ void last_warp(float* sdata, float* out, unsigned tid) {
  if (tid < 32) {
    float v = sdata[tid] + sdata[tid + 32];
    for (unsigned offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (tid == 0) out[blockIdx.x] = v;
  }
}

__global__ void unroll_last_warp(const float* in, float* out, std::uint64_t n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  sdata[tid] = load_two(in, n, std::uint64_t(blockIdx.x) * blockDim.x * 2 + tid);
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = sdata[tid] + sdata[tid + s];
    __syncthreads();
  }
  last_warp(sdata, out, tid);
}

template <unsigned B>
__global__ void complete_unroll(const float* in, float* out, std::uint64_t n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const std::uint64_t i = std::uint64_t(blockIdx.x) * (B * 2) + tid;
  float v = i < n ? in[i] : 0.0f;
  if (i + B < n) v += in[i + B];
  sdata[tid] = v;
  __syncthreads();
  if (B >= 1024) { if (tid < 512) sdata[tid] = sdata[tid] + sdata[tid + 512]; __syncthreads(); }
  if (B >= 512) { if (tid < 256) sdata[tid] = sdata[tid] + sdata[tid + 256]; __syncthreads(); }
  if (B >= 256) { if (tid < 128) sdata[tid] = sdata[tid] + sdata[tid + 128]; __syncthreads(); }
  if (B >= 128) { if (tid < 64) sdata[tid] = sdata[tid] + sdata[tid + 64]; __syncthreads(); }
  last_warp(sdata, out, tid);
}

__global__ void multi_element(const float* in, float* out, std::uint64_t n) {
  extern __shared__ float sdata[];
  const unsigned tid = threadIdx.x;
  const std::uint64_t stride = std::uint64_t(blockDim.x) * 2 * gridDim.x;
  float v = 0.0f;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x * 2 + tid; i < n; i += stride) {
    v += in[i];
    if (i + blockDim.x < n) v += in[i + blockDim.x];
  }
  sdata[tid] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = sdata[tid] + sdata[tid + s];
    __syncthreads();
  }
  last_warp(sdata, out, tid);
}

using Kernel = void (*)(const float*, float*, std::uint64_t);

Kernel complete_unroll_for(unsigned block) {
  switch (block) {
    case 64: return complete_unroll<64>;
    case 128: return complete_unroll<128>;
    case 256: return complete_unroll<256>;
    case 512: return complete_unroll<512>;
    case 1024: return complete_unroll<1024>;
  }
  return nullptr;
}

Kernel kernel_for(const std::string& variant, unsigned block) {
  static const std::map<std::string, Kernel> kernels{
      {"interleaved-divergent", interleaved_divergent}, {"interleaved-strided", interleaved_strided},
      {"sequential", sequential}, {"first-add-on-load", first_add_on_load},
      {"unroll-last-warp", unroll_last_warp}, {"multi-element", multi_element}};
  if (variant == "complete-unroll") return complete_unroll_for(block);
  auto it = kernels.find(variant);
  return it == kernels.end() ? nullptr : it->second;
}

}  // namespace

bool has_handwritten(const std::string& variant, unsigned block) { return kernel_for(variant, block) != nullptr; }

ReferenceTiming time_handwritten_ladder(const RunRequest& r, const float* host, const TimingPlan& timing) {
  const Kernel kernel = kernel_for(r.variant, r.block);
  const reduce::ReduceVariantInfo& info = *find_variant_info<reduce::Traits>(r.variant);
  const std::vector<reduce::Pass> passes = reduce::plan_passes(info, r.n, r.block, r.sm_count);
  const L2Rotation rotation = l2_rotation(r.n * sizeof(float));
  const std::size_t stride = rotation.stride_bytes / sizeof(float);
  DeviceBuffer<float> in(rotation.copies * stride), a(passes.front().grid), b(passes.size() > 1 ? passes[1].grid : 1);
  fill_rotation(reinterpret_cast<unsigned char*>(in.ptr), rotation, host, r.n);
  const unsigned smem = r.block * sizeof(float);
  float* buffers[2] = {a.ptr, b.ptr};
  ReferenceTiming t;
  std::size_t run = 0;
  t.median_ms = median_event_ms([&] {
    const float* input = in.ptr + run++ % rotation.copies * stride;
    for (std::size_t k = 0; k < passes.size(); ++k) {
      const float* src = k == 0 ? input : buffers[(k - 1) % 2];
      kernel<<<passes[k].grid, r.block, smem>>>(src, buffers[k % 2], passes[k].n);
    }
    WL_CUDA(cudaGetLastError());
  }, timing);
  float result;
  WL_CUDA(cudaMemcpy(&result, buffers[(passes.size() - 1) % 2], sizeof(float), cudaMemcpyDeviceToHost));
  t.result_bits = to_bits(result);
  return t;
}

}  // namespace wl
