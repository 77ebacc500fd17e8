// A kernel that reads the lane id with inline PTX, which the simulator cannot run.
__global__ void lane_sum(const int* in, int* out, int n) {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  if (lane == 0 && blockIdx.x * blockDim.x + threadIdx.x < n) out[blockIdx.x] = in[blockIdx.x * blockDim.x];
}
