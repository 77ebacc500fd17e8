// Marks core functions that CUDA device code calls too. core/ may not include kernels/, so it
// has its own macro; plain inline is enough here (nvcc inlines these small functions anyway).
#pragma once

#if defined(__CUDACC__)
#define WL_CORE_HD __host__ __device__
#else
#define WL_CORE_HD
#endif
