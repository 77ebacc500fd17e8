// The two block scans a course teaches, in plain CUDA, one block over the whole input:
// Hillis and Steele's step-efficient scan with a double buffer, and Blelloch's work-efficient
// up-sweep and down-sweep over 2 elements a thread. Both inclusive; each spells out the
// built-in variant of its name, and tests/lab/CMakeLists.txt checks that it counts the same.

// Hillis-Steele: log2(block) steps, each thread adding the value `offset` to its left; the two
// halves of the shared buffer take turns so no step reads what it writes.
__global__ void hillis_steele(const int* in, int* out, unsigned n) {
  extern __shared__ int buffer[];  // 2 x blockDim.x
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
  int result = buffer[from + tid];
  if (tid < n) out[tid] = result;
}

// Blelloch: a reduction tree up, the total set aside and the root cleared, then the tree down,
// each node passing its value left and the sum right; out[i] is the exclusive prefix of i + 1.
__global__ void blelloch(const int* in, int* out, unsigned n) {
  extern __shared__ int tree[];  // 2 x blockDim.x + 1
  unsigned tid = threadIdx.x, block = blockDim.x, count = 2 * block;
  for (unsigned k = 0; k < 2; ++k) tree[tid + k * block] = tid + k * block < n ? in[tid + k * block] : 0;
  __syncthreads();
  unsigned offset = 1;
  for (unsigned active = count / 2; active > 0; active /= 2, offset *= 2) {
    if (tid < active) {
      unsigned left = offset * (2 * tid + 1) - 1, right = offset * (2 * tid + 2) - 1;
      tree[right] = tree[left] + tree[right];
    }
    __syncthreads();
  }
  if (tid == 0) {
    tree[count] = tree[count - 1];
    tree[count - 1] = 0;
  }
  __syncthreads();
  for (unsigned active = 1; active < count; active *= 2) {
    offset /= 2;
    if (tid < active) {
      unsigned left = offset * (2 * tid + 1) - 1, right = offset * (2 * tid + 2) - 1;
      int l = tree[left];
      int r = tree[right];
      tree[left] = r;
      tree[right] = r + l;
    }
    __syncthreads();
  }
  for (unsigned k = 0; k < 2; ++k)
    if (tid + k * block < n) out[tid + k * block] = tree[tid + k * block + 1];
}
