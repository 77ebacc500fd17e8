// The CUDA runtime of a whole program on the simulator (kernels/plain/README.md, "Programs"):
// what warplens_plain.h's host API is when the program's own main runs (WL_PLAIN_PROGRAM). Each
// call goes to the simulator's runtime (program_abi.h) with its caller's line, so what it refuses
// names the line. Error codes and messages are CUDA's, so a program's own checks read them.
//
// Index: errors · types and device properties · memory · launches · streams, events, device ·
// what the simulator lacks.
#pragma once
#include <tuple>
#include <type_traits>
#include <utility>

#include "program_abi.h"

extern "C" __attribute__((visibility("hidden"))) const WlProgramRuntime* wl_program_runtime();
#define WL_RT (::wl_program_runtime())
#define WL_LINE unsigned wl_line = __builtin_LINE()

// --- errors: CUDA's codes (driver_types.h) for what the simulator can return
enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600,
  cudaErrorIllegalAddress = 700,
  cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702,
  cudaErrorAssert = 710,
  cudaErrorLaunchFailure = 719,
  cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999,
};
typedef enum cudaError cudaError_t;

inline const char* cudaGetErrorName(cudaError_t e) {
  switch (e) {
#define WL_NAME(code) case code: return #code;
    WL_NAME(cudaSuccess) WL_NAME(cudaErrorInvalidValue) WL_NAME(cudaErrorMemoryAllocation)
    WL_NAME(cudaErrorInitializationError) WL_NAME(cudaErrorInvalidConfiguration) WL_NAME(cudaErrorInvalidSymbol)
    WL_NAME(cudaErrorInvalidDevicePointer) WL_NAME(cudaErrorInvalidMemcpyDirection)
    WL_NAME(cudaErrorInvalidDeviceFunction) WL_NAME(cudaErrorNoDevice) WL_NAME(cudaErrorInvalidDevice)
    WL_NAME(cudaErrorInvalidResourceHandle) WL_NAME(cudaErrorNotReady) WL_NAME(cudaErrorIllegalAddress)
    WL_NAME(cudaErrorLaunchOutOfResources) WL_NAME(cudaErrorLaunchTimeout) WL_NAME(cudaErrorAssert)
    WL_NAME(cudaErrorLaunchFailure) WL_NAME(cudaErrorNotSupported) WL_NAME(cudaErrorUnknown)
#undef WL_NAME
  }
  return "cudaErrorUnknown";
}
// The messages CUDA's cudaGetErrorString gives for them.
inline const char* cudaGetErrorString(cudaError_t e) {
  switch (e) {
    case cudaSuccess: return "no error";
    case cudaErrorInvalidValue: return "invalid argument";
    case cudaErrorMemoryAllocation: return "out of memory";
    case cudaErrorInitializationError: return "initialization error";
    case cudaErrorInvalidConfiguration: return "invalid configuration argument";
    case cudaErrorInvalidSymbol: return "invalid device symbol";
    case cudaErrorInvalidDevicePointer: return "invalid device pointer";
    case cudaErrorInvalidMemcpyDirection: return "invalid copy direction for memcpy";
    case cudaErrorInvalidDeviceFunction: return "invalid device function";
    case cudaErrorNoDevice: return "no CUDA-capable device is detected";
    case cudaErrorInvalidDevice: return "invalid device ordinal";
    case cudaErrorInvalidResourceHandle: return "invalid resource handle";
    case cudaErrorNotReady: return "device not ready";
    case cudaErrorIllegalAddress: return "an illegal memory access was encountered";
    case cudaErrorLaunchOutOfResources: return "too many resources requested for launch";
    case cudaErrorLaunchTimeout: return "the launch timed out and was terminated";
    case cudaErrorAssert: return "device-side assert triggered";
    case cudaErrorLaunchFailure: return "unspecified launch failure";
    case cudaErrorNotSupported: return "operation not supported";
    case cudaErrorUnknown: return "unknown error";
  }
  return "unknown error";
}
inline cudaError_t cudaGetLastError() { return cudaError_t(WL_RT->last_error(1)); }
inline cudaError_t cudaPeekAtLastError() { return cudaError_t(WL_RT->last_error(0)); }

// --- types and device properties
enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1, cudaMemcpyDeviceToHost = 2,
                      cudaMemcpyDeviceToDevice = 3, cudaMemcpyDefault = 4 };
typedef struct WlPlainStream* cudaStream_t;
typedef struct WlPlainEvent* cudaEvent_t;
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaMemAttachGlobal 0x01
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceMapHost 0x08
enum cudaFuncCache { cudaFuncCachePreferNone, cudaFuncCachePreferShared, cudaFuncCachePreferL1, cudaFuncCachePreferEqual };
enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault, cudaSharedMemBankSizeFourByte, cudaSharedMemBankSizeEightByte };
enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8, cudaFuncAttributePreferredSharedMemoryCarveout = 9 };
enum cudaDeviceAttr {
  cudaDevAttrMaxThreadsPerBlock = 1, cudaDevAttrMaxBlockDimX = 2, cudaDevAttrMaxGridDimX = 5,
  cudaDevAttrMaxSharedMemoryPerBlock = 8, cudaDevAttrWarpSize = 10, cudaDevAttrClockRate = 13,
  cudaDevAttrMultiProcessorCount = 16, cudaDevAttrComputeCapabilityMajor = 75, cudaDevAttrComputeCapabilityMinor = 76,
  cudaDevAttrMaxThreadsPerMultiProcessor = 39, cudaDevAttrMaxSharedMemoryPerMultiprocessor = 81,
};
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem, sharedMemPerBlock, sharedMemPerBlockOptin, sharedMemPerMultiprocessor, totalConstMem;
  int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate, major, minor,
      multiProcessorCount, maxThreadsPerMultiProcessor, maxBlocksPerMultiProcessor, memoryClockRate, memoryBusWidth,
      l2CacheSize, concurrentKernels, unifiedAddressing, managedMemory, canMapHostMemory, deviceOverlap,
      asyncEngineCount, integrated, computeMode, ECCEnabled, regsPerMultiprocessor, pciBusID, pciDeviceID;
  size_t memPitch, textureAlignment;
};
struct cudaFuncAttributes {
  size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
  int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, maxDynamicSharedSizeBytes;
};
struct cudaPointerAttributes { int type, device; void* devicePointer; void* hostPointer; };

// --- memory. The macros keep the variable's name ("d_idata") for the trace.
namespace wl_program {
template <class T> struct element { static constexpr unsigned bytes = 0; static constexpr const char* type = ""; };
#define WL_ELEMENT(T, name) template <> struct element<T> { static constexpr unsigned bytes = sizeof(T); static constexpr const char* type = name; };
WL_ELEMENT(float, "f32") WL_ELEMENT(double, "f64") WL_ELEMENT(int, "i32") WL_ELEMENT(unsigned, "u32")
WL_ELEMENT(long long, "i64") WL_ELEMENT(unsigned long long, "u64") WL_ELEMENT(long, "i64") WL_ELEMENT(unsigned long, "u64")
WL_ELEMENT(char, "i8") WL_ELEMENT(signed char, "i8") WL_ELEMENT(unsigned char, "u8") WL_ELEMENT(short, "i16")
WL_ELEMENT(unsigned short, "u16")
#undef WL_ELEMENT
template <class T> using bare = typename std::remove_cv<T>::type;
// A pointer's element as the trace names it: a struct's bytes where it is not a number.
template <class T> inline unsigned element_bytes() {
  if constexpr (std::is_void<T>::value) return 0;
  else return element<bare<T>>::bytes ? element<bare<T>>::bytes : unsigned(sizeof(T));
}
template <class T> inline const char* element_type() {
  if constexpr (std::is_void<T>::value) return "";
  else return element<bare<T>>::type;
}
template <class T>
inline cudaError_t malloc(T** p, size_t bytes, WlProgramMemory kind, const char* name, unsigned line) {
  void* raw = nullptr;
  const int e = WL_RT->malloc(&raw, bytes, kind, name, element_bytes<T>(), element_type<T>(), line);
  *p = static_cast<T*>(raw);
  return cudaError_t(e);
}
inline cudaError_t malloc_void(void** p, size_t bytes, WlProgramMemory kind, const char* name, unsigned line) {
  return cudaError_t(WL_RT->malloc(p, bytes, kind, name, 0, "", line));
}
}  // namespace wl_program
template <class T>
inline cudaError_t wl_cuda_malloc(T** p, size_t bytes, const char* name, WL_LINE) {
  return wl_program::malloc(p, bytes, WL_PROGRAM_DEVICE, name, wl_line);
}
template <class T>
inline cudaError_t wl_cuda_malloc_managed(const char* name, T** p, size_t bytes, unsigned = 1, WL_LINE) {
  return wl_program::malloc(p, bytes, WL_PROGRAM_MANAGED, name, wl_line);
}
template <class T>
inline cudaError_t wl_cuda_malloc_host(T** p, size_t bytes, const char* name, WL_LINE) {
  return wl_program::malloc(p, bytes, WL_PROGRAM_HOST, name, wl_line);
}
#define cudaMalloc(p, bytes) wl_cuda_malloc(p, bytes, #p)
#define cudaMallocManaged(p, ...) wl_cuda_malloc_managed(#p, p, __VA_ARGS__)
#define cudaMallocHost(p, bytes) wl_cuda_malloc_host(p, bytes, #p)
template <class T>
inline cudaError_t cudaHostAlloc(T** p, size_t bytes, unsigned, WL_LINE) {
  return wl_program::malloc(p, bytes, WL_PROGRAM_HOST, "", wl_line);
}
inline cudaError_t cudaFree(void* p, WL_LINE) { return cudaError_t(WL_RT->free(p, WL_PROGRAM_DEVICE, wl_line)); }
inline cudaError_t cudaFreeHost(void* p, WL_LINE) { return cudaError_t(WL_RT->free(p, WL_PROGRAM_HOST, wl_line)); }
inline cudaError_t cudaMemcpy(void* to, const void* from, size_t bytes, cudaMemcpyKind kind, WL_LINE) {
  return cudaError_t(WL_RT->memcpy(to, from, bytes, int(kind), 0, wl_line));
}
inline cudaError_t cudaMemcpyAsync(void* to, const void* from, size_t bytes, cudaMemcpyKind kind,
                                   cudaStream_t = nullptr, WL_LINE) {
  return cudaError_t(WL_RT->memcpy(to, from, bytes, int(kind), 0, wl_line));
}
inline cudaError_t cudaMemset(void* p, int value, size_t bytes, WL_LINE) {
  return cudaError_t(WL_RT->memset(p, value, bytes, wl_line));
}
inline cudaError_t cudaMemsetAsync(void* p, int value, size_t bytes, cudaStream_t = nullptr, WL_LINE) {
  return cudaError_t(WL_RT->memset(p, value, bytes, wl_line));
}
// A __device__ or __constant__ variable is the library's own memory: copied as it lies.
template <class T>
inline cudaError_t cudaMemcpyToSymbol(T& symbol, const void* from, size_t bytes, size_t offset = 0,
                                      cudaMemcpyKind = cudaMemcpyHostToDevice, WL_LINE) {
  if (offset + bytes > sizeof(T))
    return cudaError_t(WL_RT->refuse(cudaErrorInvalidValue, "cudaMemcpyToSymbol", "copies past the end of the symbol", wl_line));
  return cudaError_t(WL_RT->memcpy(reinterpret_cast<char*>(&symbol) + offset, from, bytes, 0, 1, wl_line));
}
template <class T>
inline cudaError_t cudaMemcpyFromSymbol(void* to, const T& symbol, size_t bytes, size_t offset = 0,
                                        cudaMemcpyKind = cudaMemcpyDeviceToHost, WL_LINE) {
  if (offset + bytes > sizeof(T))
    return cudaError_t(WL_RT->refuse(cudaErrorInvalidValue, "cudaMemcpyFromSymbol", "copies past the end of the symbol", wl_line));
  return cudaError_t(WL_RT->memcpy(to, reinterpret_cast<const char*>(&symbol) + offset, bytes, 0, 1, wl_line));
}
template <class T>
inline cudaError_t cudaMemcpyToSymbolAsync(T& symbol, const void* from, size_t bytes, size_t offset = 0,
                                           cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t = nullptr, WL_LINE) {
  return cudaMemcpyToSymbol(symbol, from, bytes, offset, kind, wl_line);
}
template <class T>
inline cudaError_t cudaGetSymbolAddress(void** p, T& symbol) { *p = &symbol; return cudaSuccess; }
inline cudaError_t cudaMemGetInfo(size_t* free_bytes, size_t* total) {
  *free_bytes = size_t(WL_RT->free_bytes());
  *total = size_t(WL_RT->device()->totalGlobalMem);
  return cudaSuccess;
}
inline cudaError_t cudaMemPrefetchAsync(const void*, size_t, int, cudaStream_t = nullptr) { return cudaSuccess; }
inline cudaError_t cudaHostGetDevicePointer(void** device, void* host, unsigned) { *device = host; return cudaSuccess; }
inline cudaError_t cudaHostRegister(void*, size_t, unsigned) { return cudaSuccess; }
inline cudaError_t cudaHostUnregister(void*) { return cudaSuccess; }

// --- launches: `kernel<<<grid, block, shared, stream>>>(arguments)` is rewritten before
// compiling (app/lab/front/program_source.cpp), on its own line, into
// `::wl_program::launch([](auto... a) { kernel(a...); }, "kernel", "arguments", line, grid, block, ...)(arguments)`.
namespace wl_program {
template <class Call, class Args>
struct Closure {
  Call call;
  Args args;
  static void invoke(const void* self) {
    const Closure& c = *static_cast<const Closure*>(self);
    std::apply(c.call, c.args);  // by value: each thread its own copies of the parameters
  }
};
template <class A> inline void note_pointer(WlProgramLaunch& l, const A& a) {
  if constexpr (std::is_pointer<A>::value) {
    if (l.pointer_count >= WL_PROGRAM_MOST_POINTERS) return;
    WlProgramPointer& p = l.pointers[l.pointer_count++];
    using E = typename std::remove_pointer<A>::type;
    p.address = (const void*)a;
    p.element_bytes = element_bytes<E>();
    const char* type = element_type<E>();
    unsigned i = 0;
    for (; type[i] && i + 1 < sizeof p.type; ++i) p.type[i] = type[i];
    p.type[i] = 0;
  }
}
template <class Call>
struct Launch {
  Call call;
  const char* kernel;
  const char* arguments;
  unsigned line;
  dim3 grid, block;
  size_t shared;
  const void* function = nullptr;  // cudaLaunchKernel's kernel: its symbol names the launch
  template <class... A>
  void operator()(A&&... a) const {
    using Args = std::tuple<typename std::decay<A>::type...>;
    const Closure<Call, Args> closure{call, Args(std::forward<A>(a)...)};
    WlProgramLaunch l{};
    l.kernel = kernel;
    l.arguments = arguments;
    l.line = line;
    l.grid = WlPlainDim{grid.x, grid.y, grid.z};
    l.block = WlPlainDim{block.x, block.y, block.z};
    l.shared_bytes = shared;
    l.function = function;
    l.invoke = &Closure<Call, Args>::invoke;
    l.closure = &closure;
    l.closure_bytes = sizeof closure;
    (note_pointer<typename std::decay<A>::type>(l, a), ...);
    WL_RT->launch(&l);
  }
};
template <class Call>
inline Launch<Call> launch(Call call, const char* kernel, const char* arguments, unsigned line, dim3 grid, dim3 block,
                           size_t shared = 0, cudaStream_t = nullptr) {
  return Launch<Call>{call, kernel, arguments, line, grid, block, shared, nullptr};
}
// cudaLaunchKernel(kernel, grid, block, args, shared, stream): the kernel's type unpacks args,
// copied into the launch as <<<>>>'s arguments are (args point into the host's memory).
template <class L, class... P, std::size_t... I>
inline void launch_unpacked(L& launch, void** args, void (*)(P...), std::index_sequence<I...>) {
  launch(*static_cast<typename std::decay<P>::type*>(args[I])...);
}
}  // namespace wl_program
template <class... P>
inline cudaError_t cudaLaunchKernel(void (*kernel)(P...), dim3 grid, dim3 block, void** args, size_t shared = 0,
                                    cudaStream_t stream = nullptr, WL_LINE) {
  auto call = [kernel](typename std::decay<P>::type... a) { kernel(a...); };
  auto launch = wl_program::launch(call, "cudaLaunchKernel", "", wl_line, grid, block, shared, stream);
  launch.function = reinterpret_cast<const void*>(kernel);
  wl_program::launch_unpacked(launch, args, kernel, std::index_sequence_for<P...>{});
  return cudaPeekAtLastError();
}
inline cudaError_t cudaLaunchKernel(const void*, dim3, dim3, void**, size_t = 0, cudaStream_t = nullptr, WL_LINE) {
  return cudaError_t(WL_RT->refuse(cudaErrorInvalidDeviceFunction, "cudaLaunchKernel",
                                   "takes the kernel itself here, not a void* to it (the simulator needs its parameter types)", wl_line));
}
template <class... P>
inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* a, void (*)(P...)) {
  *a = cudaFuncAttributes{};
  a->maxThreadsPerBlock = WL_RT->device()->maxThreadsPerBlock;
  a->numRegs = 32;  // the simulator has no register allocation: a kernel's typical count
  a->maxDynamicSharedSizeBytes = int(WL_RT->device()->sharedMemPerBlock);
  a->ptxVersion = a->binaryVersion = WL_RT->device()->major * 10 + WL_RT->device()->minor;
  return cudaSuccess;
}
template <class F>
inline cudaError_t cudaFuncSetAttribute(F, cudaFuncAttribute, int) { return cudaSuccess; }
template <class F>
inline cudaError_t cudaFuncSetCacheConfig(F, cudaFuncCache) { return cudaSuccess; }
// The occupancy calculator, from the device's limits (threads, blocks and shared memory an SM
// holds); the simulator knows no register count, so registers never limit it.
template <class F>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, F, int block_size, size_t shared) {
  const WlProgramDevice& d = *WL_RT->device();
  if (block_size <= 0) return cudaErrorInvalidValue;
  const int warps = (block_size + d.warpSize - 1) / d.warpSize;
  int n = d.maxThreadsPerMultiProcessor / (warps * d.warpSize);
  if (n > d.maxBlocksPerMultiProcessor) n = d.maxBlocksPerMultiProcessor;
  if (shared && int(d.sharedMemPerMultiprocessor / shared) < n) n = int(d.sharedMemPerMultiprocessor / shared);
  *blocks = n;
  return cudaSuccess;
}
template <class F>
inline cudaError_t cudaOccupancyMaxPotentialBlockSize(int* min_grid, int* block_size, F f, size_t shared = 0,
                                                      int limit = 0) {
  const WlProgramDevice& d = *WL_RT->device();
  int best = 0, best_block = d.warpSize;
  for (int b = d.warpSize; b <= d.maxThreadsPerBlock && (!limit || b <= limit); b += d.warpSize) {
    int n = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, b, shared);
    if (n * b >= best) best = n * b, best_block = b;
  }
  *block_size = best_block;
  *min_grid = d.multiProcessorCount * (best / best_block);
  return cudaSuccess;
}

// --- streams, events, the device: one device, everything in program order
inline cudaError_t cudaDeviceSynchronize(WL_LINE) { return cudaError_t(WL_RT->synchronize(wl_line)); }
inline cudaError_t cudaThreadSynchronize(WL_LINE) { return cudaError_t(WL_RT->synchronize(wl_line)); }
inline cudaError_t cudaStreamSynchronize(cudaStream_t, WL_LINE) { return cudaError_t(WL_RT->synchronize(wl_line)); }
inline cudaError_t cudaStreamCreate(cudaStream_t* s) { *s = reinterpret_cast<cudaStream_t>(1); return cudaSuccess; }
inline cudaError_t cudaStreamCreateWithFlags(cudaStream_t* s, unsigned) { return cudaStreamCreate(s); }
inline cudaError_t cudaStreamDestroy(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamQuery(cudaStream_t) { return cudaSuccess; }
inline cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned = 0) { return cudaSuccess; }
// An event holds the simulator's clock (now_ms) when it was recorded.
inline cudaError_t cudaEventCreate(cudaEvent_t* e) { *e = reinterpret_cast<cudaEvent_t>(new double(-1)); return cudaSuccess; }
inline cudaError_t cudaEventCreateWithFlags(cudaEvent_t* e, unsigned) { return cudaEventCreate(e); }
inline cudaError_t cudaEventDestroy(cudaEvent_t e) { delete reinterpret_cast<double*>(e); return cudaSuccess; }
inline cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t = nullptr, WL_LINE) {
  if (!e) return cudaError_t(WL_RT->refuse(cudaErrorInvalidResourceHandle, "cudaEventRecord", "records an event never created", wl_line));
  *reinterpret_cast<double*>(e) = WL_RT->now_ms(wl_line);
  return cudaSuccess;
}
inline cudaError_t cudaEventSynchronize(cudaEvent_t, WL_LINE) { return cudaError_t(WL_RT->synchronize(wl_line)); }
inline cudaError_t cudaEventQuery(cudaEvent_t) { return cudaSuccess; }
inline cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end, WL_LINE) {
  if (!start || !end) return cudaError_t(WL_RT->refuse(cudaErrorInvalidResourceHandle, "cudaEventElapsedTime", "takes an event never created", wl_line));
  const double a = *reinterpret_cast<double*>(start), b = *reinterpret_cast<double*>(end);
  if (a < 0 || b < 0) return cudaErrorInvalidResourceHandle;
  *ms = float(b - a);
  return cudaSuccess;
}
inline cudaError_t cudaGetDeviceCount(int* n) { *n = 1; return cudaSuccess; }
inline cudaError_t cudaGetDevice(int* d) { *d = 0; return cudaSuccess; }
inline cudaError_t cudaSetDevice(int d, WL_LINE) {
  return d == 0 ? cudaSuccess : cudaError_t(WL_RT->refuse(cudaErrorInvalidDevice, "cudaSetDevice", "names a device the simulator lacks: it stands for one GPU, device 0", wl_line));
}
inline cudaError_t cudaSetDeviceFlags(unsigned) { return cudaSuccess; }
inline cudaError_t cudaChooseDevice(int* d, const cudaDeviceProp*) { *d = 0; return cudaSuccess; }
// Waits for the work before it; memory stays (the simulator's process ends with the program).
inline cudaError_t cudaDeviceReset(WL_LINE) {
  WL_RT->synchronize(wl_line);
  return cudaSuccess;
}
inline cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache) { return cudaSuccess; }
inline cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig) { return cudaSuccess; }
inline cudaError_t cudaDriverGetVersion(int* v) { *v = 12080; return cudaSuccess; }
inline cudaError_t cudaRuntimeGetVersion(int* v) { *v = 12080; return cudaSuccess; }
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* p, int device, WL_LINE) {
  if (device != 0) return cudaError_t(WL_RT->refuse(cudaErrorInvalidDevice, "cudaGetDeviceProperties", "names a device the simulator lacks: it stands for one GPU, device 0", wl_line));
  const WlProgramDevice& d = *WL_RT->device();
  *p = cudaDeviceProp{};
  for (unsigned i = 0; i < sizeof d.name && d.name[i]; ++i) p->name[i] = d.name[i];
  p->totalGlobalMem = d.totalGlobalMem;
  p->sharedMemPerBlock = d.sharedMemPerBlock;
  p->sharedMemPerBlockOptin = d.sharedMemPerBlockOptin;
  p->sharedMemPerMultiprocessor = d.sharedMemPerMultiprocessor;
  p->totalConstMem = d.totalConstMem;
  p->regsPerBlock = p->regsPerMultiprocessor = d.regsPerBlock;
  p->warpSize = d.warpSize;
  p->maxThreadsPerBlock = d.maxThreadsPerBlock;
  for (int i = 0; i < 3; ++i) p->maxThreadsDim[i] = d.maxThreadsDim[i], p->maxGridSize[i] = d.maxGridSize[i];
  p->clockRate = d.clockRate;
  p->major = d.major;
  p->minor = d.minor;
  p->multiProcessorCount = d.multiProcessorCount;
  p->maxThreadsPerMultiProcessor = d.maxThreadsPerMultiProcessor;
  p->maxBlocksPerMultiProcessor = d.maxBlocksPerMultiProcessor;
  p->memoryClockRate = d.memoryClockRate;
  p->memoryBusWidth = d.memoryBusWidth;
  p->l2CacheSize = d.l2CacheSize;
  p->concurrentKernels = p->unifiedAddressing = p->managedMemory = p->canMapHostMemory = p->deviceOverlap = 1;
  p->asyncEngineCount = 2;
  p->memPitch = 2147483647;
  p->textureAlignment = 512;
  return cudaSuccess;
}
inline cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int device) {
  cudaDeviceProp p;
  if (cudaError_t e = cudaGetDeviceProperties(&p, device); e != cudaSuccess) return e;
  switch (attr) {
    case cudaDevAttrMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
    case cudaDevAttrMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
    case cudaDevAttrMaxGridDimX: *value = p.maxGridSize[0]; break;
    case cudaDevAttrMaxSharedMemoryPerBlock: *value = int(p.sharedMemPerBlock); break;
    case cudaDevAttrWarpSize: *value = p.warpSize; break;
    case cudaDevAttrClockRate: *value = p.clockRate; break;
    case cudaDevAttrMultiProcessorCount: *value = p.multiProcessorCount; break;
    case cudaDevAttrComputeCapabilityMajor: *value = p.major; break;
    case cudaDevAttrComputeCapabilityMinor: *value = p.minor; break;
    case cudaDevAttrMaxThreadsPerMultiProcessor: *value = p.maxThreadsPerMultiProcessor; break;
    case cudaDevAttrMaxSharedMemoryPerMultiprocessor: *value = int(p.sharedMemPerMultiprocessor); break;
  }
  return cudaSuccess;
}

// --- what the simulator lacks: each fails as a GPU without it would, saying so at its line
#define WL_LACKS(call, why) \
  cudaError_t(WL_RT->refuse(cudaErrorNotSupported, call, why ": run the program with --backend gpu", wl_line))
inline cudaError_t cudaMemcpy2D(void*, size_t, const void*, size_t, size_t, size_t, cudaMemcpyKind, WL_LINE) {
  return WL_LACKS("cudaMemcpy2D", "pitched copies are not simulated");
}
template <class T>
inline cudaError_t cudaMallocPitch(T**, size_t*, size_t, size_t, WL_LINE) {
  return WL_LACKS("cudaMallocPitch", "pitched allocations are not simulated");
}
