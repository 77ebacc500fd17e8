// The first four kernels of Mark Harris's "Optimizing Parallel Reduction in CUDA", as the CUDA
// samples spell them (reduce0 .. reduce3), with the host code a course hands out around them.
// WarpLens runs each kernel unchanged; tests/lab/CMakeLists.txt checks that each counts exactly
// as the built-in variant it spells out.
#include <cstdio>
#include <cuda_runtime.h>

// Dynamic shared memory of any type: templates cannot declare extern arrays of their own type.
template <class T>
struct SharedMemory {
  __device__ inline operator T*() {
    extern __shared__ int __smem[];
    return (T*)__smem;
  }
};

// Kernel 1: interleaved addressing; tid % (2 s) makes every warp diverge.
template <class T>
__global__ void reduce0(T* g_idata, T* g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if ((tid % (2 * s)) == 0) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Kernel 2: a strided index keeps the active threads together, at the price of bank conflicts.
template <class T>
__global__ void reduce1(T* g_idata, T* g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x) {
      sdata[index] += sdata[index + s];
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Kernel 3: sequential addressing, conflict-free.
template <class T>
__global__ void reduce2(T* g_idata, T* g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

// Kernel 4: the first add during the load, half the blocks (the slides' spelling; the samples'
// reduce3 keeps the running sum in a register and reads one shared word a level).
template <class T>
__global__ void reduce3(T* g_idata, T* g_odata, unsigned int n) {
  T* sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  T mySum = (i < n) ? g_idata[i] : 0;
  if (i + blockDim.x < n) mySum += g_idata[i + blockDim.x];
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];
}

int main(int argc, char** argv) {
  const unsigned n = 1 << 20, threads = 256, blocks = (n + threads - 1) / threads;
  float *d_in, *d_out;
  cudaMalloc((void**)&d_in, n * sizeof(float));
  cudaMalloc((void**)&d_out, blocks * sizeof(float));
  reduce2<float><<<blocks, threads, threads * sizeof(float)>>>(d_in, d_out, n);
  cudaDeviceSynchronize();
  float first = 0;
  cudaMemcpy(&first, d_out, sizeof(float), cudaMemcpyDeviceToHost);
  printf("first partial: %f\n", first);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
