// Lets one kernel source compile with nvcc for the GPU and with g++ for the CPU simulator.
#pragma once

#if defined(__CUDACC__)
#define WL_DEVICE __device__ __forceinline__
#define WL_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define WL_DEVICE inline
#define WL_HOST_DEVICE inline
#endif

// The source line of the call site, recorded with every traced operation.
#define WL_LINE unsigned line = __builtin_LINE()

// Loop unrolling hint: nvcc honours it; g++ would warn about an unknown pragma.
// WL_NO_UNROLL keeps a loop whose trip count differs between lanes as written: unrolled, the
// lanes would split between the unrolled body and the remainder, and issue more requests than
// the trace records.
#if defined(__CUDACC__)
#define WL_UNROLL _Pragma("unroll")
#define WL_NO_UNROLL _Pragma("unroll 1")
#else
#define WL_UNROLL
#define WL_NO_UNROLL
#endif
