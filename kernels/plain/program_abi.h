// The boundary between a whole CUDA program built for the simulator (its own main, kernels/plain/
// README.md, "Programs") and the CUDA runtime the simulator gives it (kernels/plain/program/).
// Plain C, as plain_abi.h: the prelude's host API (include/warplens_program.h) calls these, and
// every call names its line so a refusal can. Each returns a cudaError_t's value.
#ifndef WARPLENS_PROGRAM_ABI_H
#define WARPLENS_PROGRAM_ABI_H
#include <stdint.h>

#include "plain_abi.h"

#ifdef __cplusplus
extern "C" {
#endif

// A pointer argument of a launch: the buffer it names is drawn as this element type.
struct WlProgramPointer {
  const void* address;
  unsigned element_bytes;  // 0: void*
  char type[8];            // "f32", "i32", "u32", "f64", "u8", ...; "" where not a number
};

enum { WL_PROGRAM_MOST_POINTERS = 16 };

// One `kernel<<<grid, block, shared, stream>>>(arguments)` as the program wrote it.
struct WlProgramLaunch {
  const char* kernel;     // "reduce6<T, blockSize, true>": the text before <<<
  const char* arguments;  // "d_idata, d_odata, size": the text of the argument list
  unsigned line;
  struct WlPlainDim grid, block;
  uint64_t shared_bytes;
  // Runs the kernel with the launch's arguments as the calling GPU thread: each thread gets its
  // own copies of them, as a kernel's parameters are.
  void (*invoke)(const void* closure);
  const void* closure;
  uint64_t closure_bytes;
  unsigned pointer_count;
  struct WlProgramPointer pointers[WL_PROGRAM_MOST_POINTERS];
  const void* function;  // cudaLaunchKernel's kernel, whose symbol names the launch; else null
};

// What the program's cudaGetDeviceProperties sees: the GPU the run stands for (--gpu).
struct WlProgramDevice {
  char name[96];
  int major, minor, multiProcessorCount, maxThreadsPerBlock, warpSize, maxThreadsPerMultiProcessor,
      maxBlocksPerMultiProcessor, regsPerBlock, clockRate, memoryClockRate, memoryBusWidth, l2CacheSize;
  uint64_t totalGlobalMem, sharedMemPerBlock, sharedMemPerBlockOptin, sharedMemPerMultiprocessor, totalConstMem;
  int maxGridSize[3], maxThreadsDim[3];
};

// Where memory lives, for cudaMalloc* and cudaFree*.
enum WlProgramMemory { WL_PROGRAM_DEVICE = 0, WL_PROGRAM_HOST = 1, WL_PROGRAM_MANAGED = 2 };

struct WlProgramRuntime {
  int (*malloc)(void** pointer, uint64_t bytes, enum WlProgramMemory kind, const char* name, unsigned element_bytes,
                const char* type, unsigned line);
  int (*free)(void* pointer, enum WlProgramMemory kind, unsigned line);
  // direction: cudaMemcpyKind's value. symbol: a __device__/__constant__ variable's copy (no check).
  int (*memcpy)(void* to, const void* from, uint64_t bytes, int direction, int symbol, unsigned line);
  int (*memset)(void* pointer, int value, uint64_t bytes, unsigned line);
  int (*launch)(const struct WlProgramLaunch* launch);
  // cudaDeviceSynchronize and the like: the sticky error, if a kernel failed.
  int (*synchronize)(unsigned line);
  // cudaGetLastError (clear != 0) and cudaPeekAtLastError.
  int (*last_error)(int clear);
  // A call the simulator refuses or lacks: the error it returns, and the sentence said once.
  int (*refuse)(int code, const char* call, const char* why, unsigned line);
  const struct WlProgramDevice* (*device)(void);
  // The simulator's clock for events, in milliseconds: the CPU time the kernels took here.
  double (*now_ms)(unsigned line);
  uint64_t (*free_bytes)(void);
  // exit() in the program: the recording is kept, then the process exits with `code`.
  void (*exit)(int code);
};

// Exported by the library of a program: the runtime its host API calls.
typedef void (*WlProgramBind)(const struct WlProgramRuntime* runtime);

#ifdef __cplusplus
}
#endif
#endif
