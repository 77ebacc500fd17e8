// The prelude of a plain-CUDA file on the simulator: `clang++ -x c++ -include warplens_plain.h`
// compiles the learner's file, unchanged, as C++ for the host (kernels/plain/README.md). Every GPU
// thread is a fiber of the simulator; what CUDA gives a thread (indices, barriers, shuffles,
// votes, atomics) is a call into the glue (plain_glue.cpp), and every memory access is reported
// by SanitizerCoverage. Calls take their caller's line (__builtin_LINE) so findings name the
// learner's line, not this header's.
//
// Index: keywords and shared memory · indices · vector types · synchronisation · warp
// collectives · atomics · math · host API (a program's runtime, or stand-ins that never run).
#pragma once
#include <stdint.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "plain_abi.h"

#define WL_PLAIN_GLUE extern "C" __attribute__((visibility("hidden")))
// const: a thread's indices and its launch's shape never change while it runs, so the optimiser
// may read each once (a loop's `s < blockDim.x` is not a call a step), as nvcc reads a register.
WL_PLAIN_GLUE __attribute__((const)) WlPlainDim wl_plain_thread_idx();
WL_PLAIN_GLUE __attribute__((const)) WlPlainDim wl_plain_block_idx();
WL_PLAIN_GLUE __attribute__((const)) WlPlainDim wl_plain_block_dim();
WL_PLAIN_GLUE __attribute__((const)) WlPlainDim wl_plain_grid_dim();
WL_PLAIN_GLUE void* wl_plain_dynamic_shared();
WL_PLAIN_GLUE void wl_plain_syncthreads(unsigned line);
WL_PLAIN_GLUE void wl_plain_syncwarp(unsigned mask, unsigned line);
WL_PLAIN_GLUE void wl_plain_threadfence(unsigned line);
WL_PLAIN_GLUE unsigned wl_plain_activemask();
WL_PLAIN_GLUE uint64_t wl_plain_collective(WlPlainCollective kind, unsigned mask, uint64_t value, unsigned size,
                                           unsigned arg, unsigned width, unsigned line);
WL_PLAIN_GLUE uint64_t wl_plain_atomic(WlPlainAtomic kind, WlPlainValue type, void* address, uint64_t operand,
                                       uint64_t compare, unsigned line);
#undef WL_PLAIN_GLUE

// --- keywords and shared memory
#define __global__
#define __device__
#define __host__
#define __noinline__ __attribute__((noinline))
#define __forceinline__ inline __attribute__((always_inline))
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __align__(n) alignas(n)
#define __constant__ static
// Every static __shared__ variable lands in one section, whose bounds the glue reports: an
// address inside it is shared memory. `used` keeps the optimiser from assuming that calls it
// cannot see (a barrier, where other threads write) leave the variable unchanged.
// `extern __shared__ T name[];` is rewritten before compiling (lab_build) into a pointer to the
// block's dynamic shared memory, wl_plain_dynamic_shared().
#define __shared__ static __attribute__((section("wl_shared"), used))

// --- indices
struct dim3 {
  unsigned x = 1, y = 1, z = 1;
  constexpr dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
  constexpr dim3(WlPlainDim d) : x(d.x), y(d.y), z(d.z) {}
};
typedef WlPlainDim uint3;
#define threadIdx (::wl_plain_thread_idx())
#define blockIdx (::wl_plain_block_idx())
#define blockDim (::wl_plain_block_dim())
#define gridDim (::wl_plain_grid_dim())
static constexpr int warpSize = 32;

// --- vector types
#define WL_PLAIN_VEC2(name, T, align) struct alignas(align) name { T x, y; }; \
  inline name make_##name(T x, T y) { return name{x, y}; }
#define WL_PLAIN_VEC3(name, T) struct name { T x, y, z; }; \
  inline name make_##name(T x, T y, T z) { return name{x, y, z}; }
#define WL_PLAIN_VEC4(name, T, align) struct alignas(align) name { T x, y, z, w; }; \
  inline name make_##name(T x, T y, T z, T w) { return name{x, y, z, w}; }
WL_PLAIN_VEC2(float2, float, 8)
WL_PLAIN_VEC2(int2, int, 8)
WL_PLAIN_VEC2(uint2, unsigned, 8)
WL_PLAIN_VEC2(double2, double, 16)
WL_PLAIN_VEC3(float3, float)
WL_PLAIN_VEC3(int3, int)
WL_PLAIN_VEC4(float4, float, 16)
WL_PLAIN_VEC4(int4, int, 16)
WL_PLAIN_VEC4(uint4, unsigned, 16)
#undef WL_PLAIN_VEC2
#undef WL_PLAIN_VEC3
#undef WL_PLAIN_VEC4
inline uint3 make_uint3(unsigned x, unsigned y, unsigned z) { return uint3{x, y, z}; }

// --- synchronisation
inline void __syncthreads(unsigned line = __builtin_LINE()) { wl_plain_syncthreads(line); }
inline void __syncwarp(unsigned mask = 0xffffffffu, unsigned line = __builtin_LINE()) { wl_plain_syncwarp(mask, line); }
inline void __threadfence(unsigned line = __builtin_LINE()) { wl_plain_threadfence(line); }
inline void __threadfence_block(unsigned line = __builtin_LINE()) { wl_plain_threadfence(line); }
inline unsigned __activemask() { return wl_plain_activemask(); }
template <class T>
inline T __ldg(const T* p) { return *p; }

// --- warp collectives (Volta and later: every lane the mask names takes part)
namespace wl_plain {
template <class T>
inline uint64_t bits(T v) {
  static_assert(sizeof(T) <= 8 && std::is_trivially_copyable<T>::value, "a shuffle moves a value of at most 8 bytes");
  uint64_t b = 0;
  __builtin_memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T>
inline T from_bits(uint64_t b) {
  T v;
  __builtin_memcpy(&v, &b, sizeof(T));
  return v;
}
template <class T>
inline T shuffle(WlPlainCollective kind, unsigned mask, T v, unsigned arg, int width, unsigned line) {
  return from_bits<T>(wl_plain_collective(kind, mask, bits(v), sizeof(T), arg, unsigned(width), line));
}
}  // namespace wl_plain
template <class T>
inline T __shfl_sync(unsigned mask, T v, int src, int width = 32, unsigned line = __builtin_LINE()) {
  return wl_plain::shuffle(WL_PLAIN_SHFL, mask, v, unsigned(src), width, line);
}
template <class T>
inline T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32, unsigned line = __builtin_LINE()) {
  return wl_plain::shuffle(WL_PLAIN_SHFL_DOWN, mask, v, delta, width, line);
}
template <class T>
inline T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = 32, unsigned line = __builtin_LINE()) {
  return wl_plain::shuffle(WL_PLAIN_SHFL_UP, mask, v, delta, width, line);
}
template <class T>
inline T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int width = 32, unsigned line = __builtin_LINE()) {
  return wl_plain::shuffle(WL_PLAIN_SHFL_XOR, mask, v, unsigned(lane_mask), width, line);
}
inline unsigned __ballot_sync(unsigned mask, int pred, unsigned line = __builtin_LINE()) {
  return unsigned(wl_plain_collective(WL_PLAIN_BALLOT, mask, pred != 0, 4, 0, 32, line));
}
inline int __any_sync(unsigned mask, int pred, unsigned line = __builtin_LINE()) {
  return int(wl_plain_collective(WL_PLAIN_ANY, mask, pred != 0, 4, 0, 32, line));
}
inline int __all_sync(unsigned mask, int pred, unsigned line = __builtin_LINE()) {
  return int(wl_plain_collective(WL_PLAIN_ALL, mask, pred != 0, 4, 0, 32, line));
}
#define WL_PLAIN_REDUCE(name, kind)                                                                      \
  inline unsigned name(unsigned mask, unsigned v, unsigned line = __builtin_LINE()) {                    \
    return unsigned(wl_plain_collective(kind, mask, v, 4, 0, 32, line));                                 \
  }                                                                                                      \
  inline int name(unsigned mask, int v, unsigned line = __builtin_LINE()) {                              \
    return int(unsigned(wl_plain_collective(kind, mask, unsigned(v), 4, 1, 32, line)));                  \
  }
WL_PLAIN_REDUCE(__reduce_add_sync, WL_PLAIN_REDUCE_ADD)
WL_PLAIN_REDUCE(__reduce_min_sync, WL_PLAIN_REDUCE_MIN)
WL_PLAIN_REDUCE(__reduce_max_sync, WL_PLAIN_REDUCE_MAX)
#undef WL_PLAIN_REDUCE
template <class T>
inline unsigned __match_any_sync(unsigned mask, T v, unsigned line = __builtin_LINE()) {
  return unsigned(wl_plain_collective(WL_PLAIN_MATCH_ANY, mask, wl_plain::bits(v), sizeof(T), 0, 32, line));
}

// --- atomics, on shared and global memory
namespace wl_plain {
template <class T> constexpr WlPlainValue value_kind() {
  return std::is_same<T, float>::value ? WL_PLAIN_F32 : std::is_same<T, double>::value ? WL_PLAIN_F64
       : sizeof(T) == 8 ? (std::is_signed<T>::value ? WL_PLAIN_I64 : WL_PLAIN_U64)
       : (std::is_signed<T>::value ? WL_PLAIN_I32 : WL_PLAIN_U32);
}
template <class T>
inline T atomic(WlPlainAtomic kind, T* p, T v, T compare, unsigned line) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "atomics take 4- or 8-byte values");
  return from_bits<T>(wl_plain_atomic(kind, value_kind<T>(), (void*)p, bits(v), bits(compare), line));
}
}  // namespace wl_plain
#define WL_PLAIN_ATOMIC(name, kind)                                                          \
  template <class T, class U>                                                                \
  inline T name(T* p, U v, unsigned line = __builtin_LINE()) {                               \
    return wl_plain::atomic<T>(kind, p, T(v), T(), line);                                    \
  }
WL_PLAIN_ATOMIC(atomicAdd, WL_PLAIN_ATOMIC_ADD)
WL_PLAIN_ATOMIC(atomicSub, WL_PLAIN_ATOMIC_SUB)
WL_PLAIN_ATOMIC(atomicMin, WL_PLAIN_ATOMIC_MIN)
WL_PLAIN_ATOMIC(atomicMax, WL_PLAIN_ATOMIC_MAX)
WL_PLAIN_ATOMIC(atomicExch, WL_PLAIN_ATOMIC_EXCH)
WL_PLAIN_ATOMIC(atomicAnd, WL_PLAIN_ATOMIC_AND)
WL_PLAIN_ATOMIC(atomicOr, WL_PLAIN_ATOMIC_OR)
WL_PLAIN_ATOMIC(atomicXor, WL_PLAIN_ATOMIC_XOR)
#undef WL_PLAIN_ATOMIC
inline unsigned atomicInc(unsigned* p, unsigned v, unsigned line = __builtin_LINE()) {
  return wl_plain::atomic<unsigned>(WL_PLAIN_ATOMIC_INC, p, v, 0u, line);
}
inline unsigned atomicDec(unsigned* p, unsigned v, unsigned line = __builtin_LINE()) {
  return wl_plain::atomic<unsigned>(WL_PLAIN_ATOMIC_DEC, p, v, 0u, line);
}
template <class T, class U, class V>
inline T atomicCAS(T* p, U compare, V v, unsigned line = __builtin_LINE()) {
  return wl_plain::atomic<T>(WL_PLAIN_ATOMIC_CAS, p, T(v), T(compare), line);
}

// --- math: CUDA's names for what the host's <cmath> computes (fast-math intrinsics exactly)
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float __expf(float x) { return expf(x); }
inline float __logf(float x) { return logf(x); }
inline float __powf(float x, float y) { return powf(x, y); }
inline float __fdividef(float a, float b) { return a / b; }
inline float __saturatef(float x) { return x < 0 ? 0.0f : x > 1 ? 1.0f : x; }
inline float __int_as_float(int v) { return wl_plain::from_bits<float>(uint32_t(v)); }
inline int __float_as_int(float v) { return int(uint32_t(wl_plain::bits(v))); }
inline float __uint_as_float(unsigned v) { return wl_plain::from_bits<float>(v); }
inline unsigned __float_as_uint(float v) { return unsigned(wl_plain::bits(v)); }
inline int __popc(unsigned v) { return __builtin_popcount(v); }
inline int __popcll(unsigned long long v) { return __builtin_popcountll(v); }
inline int __clz(unsigned v) { return v ? __builtin_clz(v) : 32; }
inline int __ffs(unsigned v) { return __builtin_ffs(int(v)); }
inline unsigned __brev(unsigned v) { return __builtin_bitreverse32(v); }
template <class A, class B>
inline typename std::common_type<A, B>::type min(A a, B b) {
  typedef typename std::common_type<A, B>::type C;
  return C(b) < C(a) ? C(b) : C(a);
}
template <class A, class B>
inline typename std::common_type<A, B>::type max(A a, B b) {
  typedef typename std::common_type<A, B>::type C;
  return C(a) < C(b) ? C(b) : C(a);
}

// --- host API. A whole program (WL_PLAIN_PROGRAM: its own main runs) gets the simulator's CUDA
// runtime. A lab file keeps its main() and launches, which compile but never run (the contract
// launches the kernel), so there each is a stand-in that does nothing.
#ifdef WL_PLAIN_PROGRAM
#include "warplens_program.h"
#else
typedef int cudaError_t;
enum : int { cudaSuccess = 0 };
enum cudaMemcpyKind { cudaMemcpyHostToHost, cudaMemcpyHostToDevice, cudaMemcpyDeviceToHost, cudaMemcpyDeviceToDevice, cudaMemcpyDefault };
typedef struct WlPlainEvent* cudaEvent_t;
typedef struct WlPlainStream* cudaStream_t;
struct cudaDeviceProp {
  char name[256];
  int multiProcessorCount, maxThreadsPerBlock, warpSize, major, minor, sharedMemPerBlock, clockRate, memoryClockRate, memoryBusWidth;
  size_t totalGlobalMem;
};
template <class T>
inline cudaError_t cudaMalloc(T** p, size_t) { *p = nullptr; return cudaSuccess; }
template <class T>
inline cudaError_t cudaMallocManaged(T** p, size_t, unsigned = 0) { *p = nullptr; return cudaSuccess; }
template <class T>
inline cudaError_t cudaMallocHost(T** p, size_t) { *p = nullptr; return cudaSuccess; }
inline cudaError_t cudaFree(void*) { return cudaSuccess; }
inline cudaError_t cudaFreeHost(void*) { return cudaSuccess; }
inline cudaError_t cudaMemcpy(void*, const void*, size_t, cudaMemcpyKind) { return cudaSuccess; }
inline cudaError_t cudaMemcpyAsync(void*, const void*, size_t, cudaMemcpyKind, cudaStream_t = nullptr) { return cudaSuccess; }
inline cudaError_t cudaMemset(void*, int, size_t) { return cudaSuccess; }
template <class T>
inline cudaError_t cudaMemcpyToSymbol(const T&, const void*, size_t, size_t = 0, cudaMemcpyKind = cudaMemcpyHostToDevice) { return cudaSuccess; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }
inline cudaError_t cudaDeviceReset() { return cudaSuccess; }
inline cudaError_t cudaSetDevice(int) { return cudaSuccess; }
inline cudaError_t cudaGetDevice(int* d) { *d = 0; return cudaSuccess; }
inline cudaError_t cudaGetDeviceCount(int* n) { *n = 0; return cudaSuccess; }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int) { std::memset(p, 0, sizeof *p); return cudaSuccess; }
inline cudaError_t cudaGetLastError() { return cudaSuccess; }
inline cudaError_t cudaPeekAtLastError() { return cudaSuccess; }
inline const char* cudaGetErrorString(cudaError_t) { return "no error"; }
inline cudaError_t cudaEventCreate(cudaEvent_t* e) { *e = nullptr; return cudaSuccess; }
inline cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = nullptr) { return cudaSuccess; }
inline cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t, cudaEvent_t) { *ms = 0; return cudaSuccess; }
inline cudaError_t cudaEventDestroy(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaStreamCreate(cudaStream_t* s) { *s = nullptr; return cudaSuccess; }
inline cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamDestroy(cudaStream_t) { return cudaSuccess; }
#endif  // WL_PLAIN_PROGRAM
