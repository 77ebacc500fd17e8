// Segmented multi-block reduction: each block reduces its 2*blockDim segment in dynamic shared memory and adds its total to the single output with one atomicAdd.
// family: reduce
// kernel: reduce_segmented
// run: --block 256 --param items=2 --param atomic=1
// types: f32 i32
// expect: ok
template <class T>
__global__ void reduce_segmented(const T* input, T* output, unsigned n) {
  extern __shared__ unsigned char scratch[];
  T* partial = reinterpret_cast<T*>(scratch);
  unsigned t = threadIdx.x;
  unsigned segment = 2 * blockDim.x * blockIdx.x;
  unsigned i = segment + t;
  T v = 0;
  if (i < n) v = input[i];
  if (i + blockDim.x < n) v += input[i + blockDim.x];
  partial[t] = v;
  for (unsigned stride = blockDim.x / 2; stride >= 1; stride /= 2) {
    __syncthreads();
    if (t < stride) partial[t] += partial[t + stride];
  }
  if (t == 0) atomicAdd(output, partial[0]);
}
