// The device half of the GPU tracer: the functions the Compute Sanitizer API calls before each
// patched instruction of a recorded kernel, once per thread: each call writes one record
// (gpu_record_format.h) of a recorded block.
// Built with `nvcc --fatbin --compile-as-tools-patch` and loaded by sanitizer_tracer.cpp.
#include <sanitizer_patching.h>

#include "kernels/plain/gpu/gpu_record_format.h"

namespace {

__device__ __forceinline__ unsigned linear_thread() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
__device__ __forceinline__ unsigned linear_block() {
  return blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
}

// A shared address as the instruction gave it, read the way the instruction will read it.
__device__ __forceinline__ void read_shared(unsigned at, unsigned size, uint64_t out[2]) {
  switch (size) {
    case 1: { unsigned short v; asm volatile("ld.shared.u8 %0, [%1];" : "=h"(v) : "r"(at)); out[0] = v & 0xffu; break; }
    case 2: { unsigned short v; asm volatile("ld.shared.u16 %0, [%1];" : "=h"(v) : "r"(at)); out[0] = v; break; }
    case 4: { unsigned v; asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(at)); out[0] = v; break; }
    case 8: { unsigned long long v; asm volatile("ld.shared.u64 %0, [%1];" : "=l"(v) : "r"(at)); out[0] = v; break; }
    case 16: {
      unsigned long long a, b;
      asm volatile("ld.shared.v2.u64 {%0, %1}, [%2];" : "=l"(a), "=l"(b) : "r"(at));
      out[0] = a, out[1] = b;
      break;
    }
    default: break;
  }
}

// Volatile (a strong load, from L2, never a stale line of this SM's L1): a flag another block
// raised is what the instruction about to run sees when it is strong (LDG.E.STRONG.GPU, as a
// look-back's loads are); a weak cached read here could return the flag as it was before and
// record a wait that never happened.
__device__ __forceinline__ void copy_value(const void* from, unsigned size, uint64_t out[2]) {
  if (!from) return;
  switch (size) {
    case 1: out[0] = *static_cast<const volatile unsigned char*>(from); break;
    case 2: out[0] = *static_cast<const volatile unsigned short*>(from); break;
    case 4: out[0] = *static_cast<const volatile unsigned*>(from); break;
    case 8: out[0] = *static_cast<const volatile unsigned long long*>(from); break;
    case 16:
      out[0] = static_cast<const volatile unsigned long long*>(from)[0];
      out[1] = static_cast<const volatile unsigned long long*>(from)[1];
      break;
    default: break;
  }
}

// One record for the calling thread; value_from: where its value is (a global load's address, a
// store's new value), or null.
__device__ __forceinline__ void record(void* user, uint64_t pc, WlGpuRecordKind kind, unsigned flags, unsigned size,
                                       uint64_t address, const void* value_from, bool shared_load) {
  const WlGpuLaunchState* state = static_cast<const WlGpuLaunchState*>(user);
  if (!state || !state->enabled) return;
  const unsigned block = linear_block();
  if (state->block_bits && (block / 32 >= state->block_words || !((state->block_bits[block / 32] >> (block % 32)) & 1u)))
    return;
  const unsigned long long slot = atomicAdd(const_cast<unsigned long long*>(&state->reserved), 1ull);
  if (slot >= state->capacity) return;
  WlGpuRecord r;
  r.pc = pc;
  r.address = address;
  r.value[0] = r.value[1] = 0;
  if (shared_load) {
    if (state->shared_values) read_shared(static_cast<unsigned>(address), size, r.value);
  } else {
    copy_value(value_from, size, r.value);
  }
  r.block = block;
  r.mask = __activemask();
  r.thread = static_cast<uint16_t>(linear_thread());
  r.kind = static_cast<uint8_t>(kind);
  r.flags = static_cast<uint8_t>(flags);
  r.size = size;
  state->records[slot] = r;
}

}  // namespace

extern "C" __device__ __noinline__ SanitizerPatchResult wl_global_access(void* user, uint64_t pc, void* ptr,
                                                                         uint32_t size, uint32_t flags,
                                                                         const void* new_value) {
  // A load's value is what the memory holds just before it; an atomic's operand is not given.
  const bool load = (flags & (WL_GPU_READ | WL_GPU_WRITE)) == WL_GPU_READ;
  const bool store = (flags & (WL_GPU_READ | WL_GPU_WRITE)) == WL_GPU_WRITE;
  record(user, pc, WL_GPU_GLOBAL, flags, size, reinterpret_cast<uint64_t>(ptr), load ? ptr : store ? new_value : nullptr,
         false);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wl_shared_access(void* user, uint64_t pc, void* ptr,
                                                                         uint32_t size, uint32_t flags,
                                                                         const void* new_value) {
  const bool load = (flags & (WL_GPU_READ | WL_GPU_WRITE)) == WL_GPU_READ;
  const bool store = (flags & (WL_GPU_READ | WL_GPU_WRITE)) == WL_GPU_WRITE;
  record(user, pc, WL_GPU_SHARED, flags, size, reinterpret_cast<uint64_t>(ptr), store ? new_value : nullptr, load);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wl_barrier(void* user, uint64_t pc, uint32_t index,
                                                                   uint32_t threads, uint32_t) {
  record(user, pc, WL_GPU_BARRIER, 0, threads, index, nullptr, false);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wl_syncwarp(void* user, uint64_t pc, uint32_t mask) {
  record(user, pc, WL_GPU_SYNCWARP, 0, 0, mask, nullptr, false);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult wl_shuffle(void* user, uint64_t pc) {
  record(user, pc, WL_GPU_SHUFFLE, 0, 0, 0, nullptr, false);
  return SANITIZER_PATCH_SUCCESS;
}
