// exercise: Pad Blelloch's tree
// family: scan
// kernel: scan_blelloch
// run: --type i32 --n 512 --block 256 --param items=2 --param shared=2128
// goal: correct
// goal: bank_conflicts <= 16
// goal: span <= 32
// solution: blelloch-padded
//
// The up-sweep at depth d has its threads touch nodes 2^(d+1) apart; once that distance is a
// multiple of 32 words, every thread of a warp hits the same shared-memory bank and the accesses
// are replayed one by one (the bank view; the down-sweep alike). Store node i at i + i / 32
// instead: each run of 32 nodes lands one bank further on. The run already gives the block the
// room the padding needs (shared=2128). (blelloch-padded reaches 16 conflicts here.)
//
// Blelloch's work-efficient scan of one block, two elements a thread (items=2): a reduction
// tree up, the total set aside and the root cleared, then down the tree, each node passing its
// value left and the sum right. The tree needs 2 x block + 1 ints (shared=); out[i] is the
// exclusive prefix of i + 1, so the scan is inclusive.
__global__ void scan_blelloch(const int* in, int* out, unsigned n) {
  extern __shared__ int tree[];
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
