// Naive scan, one output per thread: thread i adds in[0..i] itself in a sequential loop (O(n^2) work, no shared memory, no barrier).
// family: scan
// kernel: scan_naive
// run: --block 512
// types: f32 i32
// expect: ok
template <class T>
__global__ void scan_naive(const T* in, T* out, unsigned n) {
  unsigned i = threadIdx.x;
  if (i < n) {
    T sum = 0;
    for (unsigned j = 0; j <= i; ++j) sum += in[j];
    out[i] = sum;
  }
}
