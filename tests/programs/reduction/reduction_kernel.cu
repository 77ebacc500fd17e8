// Parallel sum, seven ways (in the style of the CUDA samples' "reduction"): reduce0..reduce6, each a
// step on the one before, and the host wrapper reduce<T>() that launches the one asked for.
#include <cuda_runtime.h>
#include <helper_cuda.h>
#include <helper_functions.h>

// The block's dynamic shared memory as a T*: one `extern __shared__` array for every T, so that
// instantiations for different types do not declare the same name with different types.
template <class T>
struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ int s_reduction[];
    return reinterpret_cast<T*>(s_reduction);
  }
  __device__ inline operator const T*() const {
    extern __shared__ int s_reduction[];
    return reinterpret_cast<const T*>(s_reduction);
  }
};

static bool isPow2(unsigned x) { return (x & (x - 1)) == 0; }

// reduce0: interleaved addressing; `tid % (2*s)` leaves most threads of every warp idle (divergence).
template <class T>
__global__ void reduce0(const T* g_idata, T* g_odata, unsigned n) {
  T* sdata = SharedMemory<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : T(0);
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// reduce1: interleaved addressing with a strided index: no divergence, but bank conflicts.
template <class T>
__global__ void reduce1(const T* g_idata, T* g_odata, unsigned n) {
  T* sdata = SharedMemory<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : T(0);
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    const unsigned index = 2 * s * tid;
    if (index < blockDim.x) sdata[index] += sdata[index + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// reduce2: sequential addressing: the active threads read consecutive words, no bank conflicts.
template <class T>
__global__ void reduce2(const T* g_idata, T* g_odata, unsigned n) {
  T* sdata = SharedMemory<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : T(0);
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// reduce3: each thread adds two elements while loading: half the blocks of reduce2.
template <class T>
__global__ void reduce3(const T* g_idata, T* g_odata, unsigned n) {
  T* sdata = SharedMemory<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T sum = (i < n) ? g_idata[i] : T(0);
  if (i + blockDim.x < n) sum += g_idata[i + blockDim.x];
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sum;
}

// The last steps inside warp 0, without __syncthreads. Lane t < off reads sdata[t + off] and
// writes sdata[t]: the words read and written in a step are apart, and __syncwarp orders one
// step's writes before the next step's reads (volatile: every access goes to shared memory).
template <class T, unsigned blockSize>
__device__ __forceinline__ void warpReduce(volatile T* sdata, unsigned tid, T& sum) {
  const unsigned mask = blockSize >= 32 ? 0xffffffffu : (1u << (blockSize & 31)) - 1u;
  if (blockSize >= 64) {
    if (tid < 32) sdata[tid] = sum = sum + sdata[tid + 32];
    __syncwarp(mask);
  }
  if (blockSize >= 32) {
    if (tid < 16) sdata[tid] = sum = sum + sdata[tid + 16];
    __syncwarp(mask);
  }
  if (blockSize >= 16) {
    if (tid < 8) sdata[tid] = sum = sum + sdata[tid + 8];
    __syncwarp(mask);
  }
  if (blockSize >= 8) {
    if (tid < 4) sdata[tid] = sum = sum + sdata[tid + 4];
    __syncwarp(mask);
  }
  if (blockSize >= 4) {
    if (tid < 2) sdata[tid] = sum = sum + sdata[tid + 2];
    __syncwarp(mask);
  }
  if (blockSize >= 2) {
    if (tid < 1) sdata[tid] = sum = sum + sdata[tid + 1];
    __syncwarp(mask);
  }
}

// reduce4: reduce3 with the last warp unrolled (no __syncthreads once 32 threads are left).
template <class T, unsigned blockSize>
__global__ void reduce4(const T* g_idata, T* g_odata, unsigned n) {
  T* sdata = SharedMemory<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  T sum = (i < n) ? g_idata[i] : T(0);
  if (i + blockSize < n) sum += g_idata[i + blockSize];
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] = sum = sum + sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) warpReduce<T, blockSize>(sdata, tid, sum);
  if (tid == 0) g_odata[blockIdx.x] = sum;
}

// reduce5: completely unrolled: the block size is a template parameter, so the loop is gone.
template <class T, unsigned blockSize>
__global__ void reduce5(const T* g_idata, T* g_odata, unsigned n) {
  T* sdata = SharedMemory<T>();
  const unsigned tid = threadIdx.x;
  const unsigned i = blockIdx.x * (blockSize * 2) + threadIdx.x;
  T sum = (i < n) ? g_idata[i] : T(0);
  if (i + blockSize < n) sum += g_idata[i + blockSize];
  sdata[tid] = sum;
  __syncthreads();
  if (blockSize >= 1024) {
    if (tid < 512) sdata[tid] = sum = sum + sdata[tid + 512];
    __syncthreads();
  }
  if (blockSize >= 512) {
    if (tid < 256) sdata[tid] = sum = sum + sdata[tid + 256];
    __syncthreads();
  }
  if (blockSize >= 256) {
    if (tid < 128) sdata[tid] = sum = sum + sdata[tid + 128];
    __syncthreads();
  }
  if (blockSize >= 128) {
    if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) warpReduce<T, blockSize>(sdata, tid, sum);
  if (tid == 0) g_odata[blockIdx.x] = sum;
}

// reduce6: several elements per thread (a grid-stride loop over pairs), then as reduce5. With
// nIsPow2 every pair is whole, so the second element needs no bounds check.
template <class T, unsigned blockSize, bool nIsPow2>
__global__ void reduce6(const T* g_idata, T* g_odata, unsigned n) {
  T* sdata = SharedMemory<T>();
  const unsigned tid = threadIdx.x;
  const unsigned gridSize = blockSize * 2 * gridDim.x;
  T sum = T(0);
  for (unsigned i = blockIdx.x * blockSize * 2 + threadIdx.x; i < n; i += gridSize) {
    sum += g_idata[i];
    if (nIsPow2 || i + blockSize < n) sum += g_idata[i + blockSize];
  }
  sdata[tid] = sum;
  __syncthreads();
  if (blockSize >= 1024) {
    if (tid < 512) sdata[tid] = sum = sum + sdata[tid + 512];
    __syncthreads();
  }
  if (blockSize >= 512) {
    if (tid < 256) sdata[tid] = sum = sum + sdata[tid + 256];
    __syncthreads();
  }
  if (blockSize >= 256) {
    if (tid < 128) sdata[tid] = sum = sum + sdata[tid + 128];
    __syncthreads();
  }
  if (blockSize >= 128) {
    if (tid < 64) sdata[tid] = sum = sum + sdata[tid + 64];
    __syncthreads();
  }
  if (tid < 32) warpReduce<T, blockSize>(sdata, tid, sum);
  if (tid == 0) g_odata[blockIdx.x] = sum;
}

// The kernels templated on the block size, for one block size.
template <class T, unsigned blockSize>
static void reduceUnrolled(int size, int whichKernel, dim3 dimGrid, dim3 dimBlock, int smemSize, T* d_idata,
                           T* d_odata) {
  switch (whichKernel) {
    case 4:
      reduce4<T, blockSize><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    case 5:
      reduce5<T, blockSize><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    default:
      // A power of two at least 2*blockSize is a multiple of it: every pair is whole.
      if (isPow2(size) && size >= 2 * int(blockSize)) {
        reduce6<T, blockSize, true><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      } else {
        reduce6<T, blockSize, false><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      }
      break;
  }
}

// One launch of kernel `whichKernel` over `size` elements: `blocks` partial sums in d_odata.
// `threads` is a power of two up to 1024.
template <class T>
void reduce(int size, int threads, int blocks, int whichKernel, T* d_idata, T* d_odata) {
  dim3 dimBlock(threads, 1, 1);
  dim3 dimGrid(blocks, 1, 1);
  // Every kernel reads only the `threads` words the block wrote.
  const int smemSize = threads * sizeof(T);
  switch (whichKernel) {
    case 0:
      reduce0<T><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    case 1:
      reduce1<T><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    case 2:
      reduce2<T><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    case 3:
      reduce3<T><<<dimGrid, dimBlock, smemSize>>>(d_idata, d_odata, size);
      break;
    default:
      switch (threads) {
        case 1024: reduceUnrolled<T, 1024>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 512: reduceUnrolled<T, 512>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 256: reduceUnrolled<T, 256>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 128: reduceUnrolled<T, 128>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 64: reduceUnrolled<T, 64>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 32: reduceUnrolled<T, 32>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 16: reduceUnrolled<T, 16>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 8: reduceUnrolled<T, 8>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 4: reduceUnrolled<T, 4>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 2: reduceUnrolled<T, 2>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
        case 1: reduceUnrolled<T, 1>(size, whichKernel, dimGrid, dimBlock, smemSize, d_idata, d_odata); break;
      }
      break;
  }
}

template void reduce<int>(int size, int threads, int blocks, int whichKernel, int* d_idata, int* d_odata);
template void reduce<float>(int size, int threads, int blocks, int whichKernel, float* d_idata, float* d_odata);
