// One GPU thread of a plain-CUDA kernel on the simulator: the hooks the kernel's library calls
// (plain_abi.h) turned into what the dialect's SimCtx records and checks. An access is located
// by its address: a global buffer of the run, the block's shared memory (the library's static
// section, then the dynamic part), or the thread's own stack (registers and locals: not
// recorded); an address just outside a buffer or the shared memory is out of bounds.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/plain/plain_abi.h"
#include "kernels/plain/plain_kernel.h"
#include "trace/event.h"

namespace wl {

class SimCtx;

// A global buffer the kernel may touch.
struct PlainBuffer {
  const void* base = nullptr;
  std::uint64_t elements = 0;
  unsigned element_bytes = 1;
  BufferId id = kNoBuffer;
  std::string name;
};

constexpr unsigned kPlainArgs = 4;

// One launch of the kernel as a contract makes it: the entry's pointer and integer arguments
// (kernels/plain/README.md), the buffers behind the pointers, and the dynamic shared memory.
struct PlainCall {
  const PlainKernel* kernel = nullptr;
  void* pointers[kPlainArgs] = {};
  std::uint64_t integers[kPlainArgs] = {};
  std::vector<PlainBuffer> buffers;
  std::uint32_t dynamic_shared_bytes = 0;
  // A 2-D block (--param block_x): threads across, threadIdx.x; the block's threads / block_x
  // down, threadIdx.y. Warps are 32 consecutive linear ids, x fastest, as on a GPU. 0: 1-D.
  unsigned block_x = 0;
  // A program's launch (kernels/plain/program/): its grid and block as dim3s (x fastest; zero:
  // 1-D, as above), and the kernel called with its arguments instead of the library's entry.
  WlPlainDim grid_shape{0, 0, 0}, block_shape{0, 0, 0};
  void (*invoke)(const void* closure) = nullptr;
  const void* closure = nullptr;
  // A program's __device__ variables, as the GPU's tracer records them: global accesses of memory
  // outside the program's allocations (their offsets from the library's base). kNoBuffer: a lab
  // file's, not recorded.
  BufferId library_buffer = kNoBuffer;
  // A program's launch: an access outside its memory (allocations, shared, the stack, the
  // library's variables, the closure of `closure_bytes` its arguments are read from) is a fault.
  bool strict = false;
  std::size_t closure_bytes = 0;
  // What the contract did to make this launch, for a finding in it: "the reduce contract
  // launched the kernel again, on the 8 partials the launch before wrote (n = 8)". Empty: the first.
  std::string why_launched;
};

// Shared bytes a launch of `kernel` needs: its static section, rounded up to 16 bytes as the
// dynamic part that follows it is aligned, plus the dynamic bytes.
std::uint32_t plain_shared_bytes(const PlainKernel& kernel, std::uint32_t dynamic_bytes);

// printf in a kernel on the simulator, kept with the launch, block, thread and line that printed
// it, so that `lab run` shows who printed what (a GPU's output interleaves warps as they run).
struct PlainPrint {
  unsigned launch = 0, block = 0, thread = 0, line = 0;
  std::string text;
};
void add_plain_print(unsigned block, unsigned thread, unsigned line, std::string text);  // safe from any OS thread
void begin_plain_launch();  // prints after it are the next launch's
// Every print so far, by launch, block and thread, each thread's in the order printed; clears them.
std::vector<PlainPrint> take_plain_prints();

// Runs the kernel's entry as the thread `ctx` is.
void run_plain_thread(SimCtx& ctx, const PlainCall& call);

// The hooks every kernel library is bound to (PlainKernel::load).
const WlPlainHooks& plain_hooks();

}  // namespace wl
