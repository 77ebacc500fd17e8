// exercise: Hillis–Steele without a race
// family: scan
// kernel: scan_in_place
// run: --n 256 --block 256 --type i32 --param shared=2048
// goal: correct
// goal: races == 0
// goal: barriers <= hillis-steele
// goal: span <= 32
// solution: hillis-steele
//
// This scan works in place: thread t reads element t - offset and overwrites element t in the
// same step. The barrier orders the steps, not the reads and writes inside one, so a thread may
// read a value its neighbour has already replaced (the race the lab names, and racy edges in the
// tree view). Give it a second buffer: the run already gives the block 2 x blockDim ints of
// shared memory (shared=2048); let each step read one half and write the other, one barrier a
// step (a second barrier would also fix the race, at twice the barriers).
__global__ void scan_in_place(const int* in, int* out, unsigned n) {
  extern __shared__ int buffer[];
  unsigned tid = threadIdx.x;
  buffer[tid] = tid < n ? in[tid] : 0;
  __syncthreads();
  for (unsigned offset = 1; offset < blockDim.x; offset *= 2) {
    if (tid >= offset) buffer[tid] += buffer[tid - offset];
    __syncthreads();
  }
  if (tid < n) out[tid] = buffer[tid];
}
