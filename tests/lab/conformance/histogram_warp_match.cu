// Warp-aggregated global histogram: lanes holding the same bin find each other with __match_any_sync, and the lowest of them adds the group's __popc count with one global atomicAdd.
// family: histogram
// kernel: histo_warp_match
// run: --block 256 --pattern skewed
// types: i32
// expect: ok
__global__ void histo_warp_match(const int* data, unsigned* histo, unsigned n, unsigned num_bins) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % 32;
  int bin = i < n ? data[i] : -1;  // every lane takes part in the match, even past the end
  unsigned same = __match_any_sync(0xffffffffu, bin);
  int leader = __ffs(same) - 1;
  if (bin >= 0 && bin < (int)num_bins && (int)lane == leader) atomicAdd(&histo[bin], (unsigned)__popc(same));
}
