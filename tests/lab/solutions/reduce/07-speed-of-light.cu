// exercise: Reach the speed of light
// family: reduce
// kernel: reduce_to_light
// run: --type f32 --n 33554432 --block 256 --param atomic=1 --param items=32
// goal: correct
// goal: percent_of_copy >= 80
//
// The solution: 16-byte loads, two in flight a thread each iteration, a grid-stride loop over a
// grid 32 times smaller than the input's (items=32, as the starter), one atomic a block.
__device__ float warp_sum(float v) {
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  return v;
}

__global__ void reduce_to_light(const float* in, float* out, unsigned n) {
  __shared__ float warp_totals[32];
  const float4* quads = reinterpret_cast<const float4*>(in);  // cudaMalloc aligns to 256 bytes
  const unsigned count = n / 4, stride = blockDim.x * gridDim.x, first = blockIdx.x * blockDim.x + threadIdx.x;
  float a = 0.0f, b = 0.0f;
  unsigned i = first;
  for (; i + stride < count; i += 2 * stride) {  // two independent loads in flight
    const float4 x = quads[i], y = quads[i + stride];
    a += (x.x + x.y) + (x.z + x.w);
    b += (y.x + y.y) + (y.z + y.w);
  }
  if (i < count) {
    const float4 x = quads[i];
    a += (x.x + x.y) + (x.z + x.w);
  }
  if (count * 4 + first < n) a += in[count * 4 + first];  // the last n % 4 elements
  float v = warp_sum(a + b);
  unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) warp_totals[warp] = v;
  __syncthreads();
  float total = 0.0f;
  if (warp == 0) {
    if (lane < blockDim.x / 32) total = warp_totals[lane];
    total = warp_sum(total);
  }
  if (threadIdx.x == 0) atomicAdd(out, total);
}
