// family: scan
// kernel: scan_hillis_steele
// run: --type i32 --n 256 --block 256 --param shared=2048
//
// Hillis and Steele's inclusive scan of one block: log2(block) steps, each thread adding the
// value `offset` places to its left. Two halves of the shared buffer (2 x block ints: shared=)
// take turns, so no step reads what it writes. Step-efficient, not work-efficient.
__global__ void scan_hillis_steele(const int* in, int* out, unsigned n) {
  extern __shared__ int buffer[];
  unsigned tid = threadIdx.x, block = blockDim.x;
  buffer[tid] = tid < n ? in[tid] : 0;
  __syncthreads();
  unsigned from = 0;
  for (unsigned offset = 1; offset < block; offset *= 2) {
    int v = buffer[from + tid];
    if (tid >= offset) v = buffer[from + tid - offset] + v;
    unsigned to = block - from;
    buffer[to + tid] = v;
    from = to;
    __syncthreads();
  }
  if (tid < n) out[tid] = buffer[from + tid];
}
