// Right kernels a textbook or a sample writes that the lab once called WRONG or refused: a
// reduction in place in global memory, one thread adding everything, a Kogge–Stone scan on
// random floats, and a template with a bool parameter that only its host code sets.
#include <cstdio>

// Each block reduces its own part of the input where it lies; the input is overwritten.
__global__ void in_place(float* input, float* out, unsigned n) {
  unsigned base = blockIdx.x * blockDim.x * 2, t = threadIdx.x;
  for (unsigned stride = blockDim.x; stride >= 1; stride /= 2) {
    unsigned i = base + t;
    if (t < stride && i + stride < n) input[i] += input[i + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = base < n ? input[base] : 0.0f;
}

// Right, and no faster than one thread: every other thread writes 0.
__global__ void one_thread(const float* in, float* out, unsigned n) {
  if (threadIdx.x != 0) return;
  float sum = 0.0f;
  if (blockIdx.x == 0)
    for (unsigned i = 0; i < n; ++i) sum += in[i];
  out[blockIdx.x] = sum;
}

// Kogge–Stone, double-buffered: out[i] is a tree of the i + 1 first elements.
__global__ void kogge_stone(const float* in, float* out, unsigned n) {
  __shared__ float buffers[2][1024];
  unsigned t = threadIdx.x, from = 0;
  buffers[0][t] = t < n ? in[t] : 0.0f;
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    float v = buffers[from][t];
    if (t >= stride) v += buffers[from][t - stride];
    buffers[1 - from][t] = v;
    from = 1 - from;
    __syncthreads();
  }
  if (t < n) out[t] = buffers[from][t];
}

// The samples' reduce6 pattern: what n is, the host code decides.
template <class T, unsigned blockSize, bool nIsPow2>
__global__ void guarded(const T* in, T* out, unsigned n) {
  __shared__ T sdata[blockSize];
  unsigned t = threadIdx.x, i = blockIdx.x * blockSize + t;
  sdata[t] = (nIsPow2 || i < n) ? in[i] : T(0);
  __syncthreads();
  for (unsigned s = blockSize / 2; s > 0; s >>= 1) {
    if (t < s) sdata[t] += sdata[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = sdata[0];
}

int main() {
  float *in = nullptr, *out = nullptr;
  guarded<float, 256, true><<<16, 256>>>(in, out, 4096);
  guarded<float, 256, false><<<16, 256>>>(in, out, 4000);
  printf("done\n");
}
