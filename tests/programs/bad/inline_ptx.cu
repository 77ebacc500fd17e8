// Inline PTX, which the simulator does not run: refused at its line, --backend gpu suggested.
__global__ void lane(unsigned* out) {
  unsigned id;
  asm("mov.u32 %0, %%laneid;" : "=r"(id));
  out[threadIdx.x] = id;
}

int main() { return 0; }
