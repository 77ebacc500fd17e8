// helper_cuda.h: the error checks and device queries that NVIDIA's cuda-samples programs take from
// Common/, written anew for WarpLens so such a program builds unchanged with nvcc or on the simulator.
#ifndef WARPLENS_SAMPLES_HELPER_CUDA_H
#define WARPLENS_SAMPLES_HELPER_CUDA_H

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif
#ifndef MIN
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#endif
#ifndef MAX
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#endif

// The call is evaluated where the macro is written, so a runtime that notes its caller's line
// (the simulator's) names the program's line, not this header's.
inline void wlCheckCuda(cudaError_t code, const char* call, const char* file, int line) {
  if (code == cudaSuccess) return;
  std::fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, static_cast<int>(code),
               cudaGetErrorName(code), call);
  std::exit(EXIT_FAILURE);
}
#define checkCudaErrors(call) wlCheckCuda((call), #call, __FILE__, __LINE__)

// After a launch: the launch's own error (a bad configuration) or an earlier kernel's.
inline void wlLastCudaError(const char* message, const char* file, int line) {
  const cudaError_t code = cudaGetLastError();
  if (code == cudaSuccess) return;
  std::fprintf(stderr, "%s(%d) : getLastCudaError() CUDA error : %s : (%d) %s.\n", file, line, message,
               static_cast<int>(code), cudaGetErrorString(code));
  std::exit(EXIT_FAILURE);
}
#define getLastCudaError(message) wlLastCudaError((message), __FILE__, __LINE__)

// CUDA cores per multiprocessor for a compute capability; an unknown one takes the newest
// entry not above it.
inline int _ConvertSMVer2Cores(int major, int minor) {
  static const struct { int version, cores; } table[] = {
      {0x30, 192}, {0x32, 192}, {0x35, 192}, {0x37, 192}, {0x50, 128}, {0x52, 128}, {0x53, 128},
      {0x60, 64},  {0x61, 128}, {0x62, 128}, {0x70, 64},  {0x72, 64},  {0x75, 64},  {0x80, 64},
      {0x86, 128}, {0x87, 128}, {0x89, 128}, {0x90, 128}, {0xa0, 128}, {0xc0, 128},
  };
  const int version = (major << 4) + minor;
  int cores = table[0].cores;
  for (const auto& entry : table)
    if (entry.version <= version) cores = entry.cores;
  return cores;
}

// Makes device `devID` current; its id, or -1 where there is no such device.
inline int gpuDeviceInit(int devID) {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    std::fprintf(stderr, "gpuDeviceInit() CUDA error: no devices supporting CUDA.\n");
    return -1;
  }
  if (devID < 0) devID = 0;
  if (devID >= count) {
    std::fprintf(stderr, "gpuDeviceInit() device %d is not one of the %d device(s) found.\n", devID, count);
    return -1;
  }
  checkCudaErrors(cudaSetDevice(devID));
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, devID));
  std::printf("gpuDeviceInit() CUDA Device [%d]: \"%s\"\n", devID, prop.name);
  return devID;
}

// The device a sample runs on: --device=N (or -device=N) where given, else the current one.
inline int findCudaDevice(int argc, const char** argv) {
  for (int i = 1; i < argc; ++i) {
    const char* arg = argv[i];
    while (*arg == '-') ++arg;
    if (arg != argv[i] && std::strncmp(arg, "device=", 7) == 0) {
      const int devID = gpuDeviceInit(std::atoi(arg + 7));
      if (devID < 0) std::exit(EXIT_FAILURE);
      return devID;
    }
  }
  int devID = 0;
  checkCudaErrors(cudaGetDevice(&devID));
  cudaDeviceProp prop;
  checkCudaErrors(cudaGetDeviceProperties(&prop, devID));
  std::printf("GPU Device %d: \"%s\" with compute capability %d.%d\n\n", devID, prop.name, prop.major, prop.minor);
  return devID;
}
inline int findCudaDevice(int argc, char** argv) { return findCudaDevice(argc, const_cast<const char**>(argv)); }

#endif  // WARPLENS_SAMPLES_HELPER_CUDA_H
