// family: scan
// kernel: scan_blelloch_padded
// run: --type i32 --n 512 --block 256 --param items=2 --param shared=2128
//
// Blelloch's scan with a slot skipped every 32 nodes (GPU Gems 3, 39.2.3): node i lives at
// i + i / 32, so the deep levels' nodes, a multiple of 32 words apart, land in different banks
// and their accesses are no longer replayed. The tree needs 2 x block + 1 nodes and their padding
// (shared=).
#define PAD(i) ((i) + ((i) >> 5))

__global__ void scan_blelloch_padded(const int* in, int* out, unsigned n) {
  extern __shared__ int tree[];
  unsigned tid = threadIdx.x, block = blockDim.x, count = 2 * block;
  for (unsigned k = 0; k < 2; ++k) tree[PAD(tid + k * block)] = tid + k * block < n ? in[tid + k * block] : 0;
  __syncthreads();
  unsigned offset = 1;
  for (unsigned active = count / 2; active > 0; active /= 2, offset *= 2) {
    if (tid < active) {
      unsigned left = offset * (2 * tid + 1) - 1, right = offset * (2 * tid + 2) - 1;
      tree[PAD(right)] = tree[PAD(left)] + tree[PAD(right)];
    }
    __syncthreads();
  }
  if (tid == 0) {
    tree[PAD(count)] = tree[PAD(count - 1)];
    tree[PAD(count - 1)] = 0;
  }
  __syncthreads();
  for (unsigned active = 1; active < count; active *= 2) {
    offset /= 2;
    if (tid < active) {
      unsigned left = offset * (2 * tid + 1) - 1, right = offset * (2 * tid + 2) - 1;
      int l = tree[PAD(left)];
      int r = tree[PAD(right)];
      tree[PAD(left)] = r;
      tree[PAD(right)] = r + l;
    }
    __syncthreads();
  }
  for (unsigned k = 0; k < 2; ++k)
    if (tid + k * block < n) out[tid + k * block] = tree[PAD(tid + k * block + 1)];
}
