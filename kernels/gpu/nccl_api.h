// NCCL, loaded at run time: the binaries start and run everything else where NCCL is missing or
// is not the version the all-reduce's kernels were built for. The device API (symmetric windows,
// LSA barriers) is inline code compiled into our kernels against the 2.28.9 headers, and its
// structures change between releases, so the library must be a 2.28 from 2.28.7 on: 2.28.3's
// ncclDevCommRequirements has another layout (an LSA all-reduce kernel built against 2.28.9 hit
// an illegal memory access with it), and 2.29 refuses 2.28's.
//
// Where: $WARPLENS_NCCL (a path to libnccl.so.2), else the loader's search (LD_LIBRARY_PATH).
// NCCL_NVLS_ENABLE is set to 0 before NCCL first runs, unless the environment sets it: NVLink
// multicast can take a shared host's GPUs down, and nothing here needs it.
#pragma once
#include <string>

#include <nccl.h>
#include <nccl_device.h>

namespace wl {

struct NcclApi {
  int version = 0;  // major * 10000 + minor * 100 + patch
  std::string path;
  ncclResult_t (*GetVersion)(int*) = nullptr;
  const char* (*GetErrorString)(ncclResult_t) = nullptr;
  ncclResult_t (*CommInitAll)(ncclComm_t*, int, const int*) = nullptr;
  ncclResult_t (*CommDestroy)(ncclComm_t) = nullptr;
  ncclResult_t (*GroupStart)() = nullptr;
  ncclResult_t (*GroupEnd)() = nullptr;
  ncclResult_t (*MemAlloc)(void**, size_t) = nullptr;
  ncclResult_t (*MemFree)(void*) = nullptr;
  ncclResult_t (*CommWindowRegister)(ncclComm_t, void*, size_t, ncclWindow_t*, int) = nullptr;
  ncclResult_t (*CommWindowDeregister)(ncclComm_t, ncclWindow_t) = nullptr;
  ncclResult_t (*DevCommCreate)(ncclComm_t, const ncclDevCommRequirements_t*, ncclDevComm_t*) = nullptr;
  ncclResult_t (*DevCommDestroy)(ncclComm_t, const ncclDevComm_t*) = nullptr;
  ncclResult_t (*AllReduce)(const void*, void*, size_t, ncclDataType_t, ncclRedOp_t, ncclComm_t, cudaStream_t) = nullptr;
};

// NCCL loaded once; null, with the reason in one sentence in *why_not, where it cannot be used.
const NcclApi* load_nccl(std::string* why_not = nullptr);

// Throws GpuError naming the call and NCCL's reason when `result` is not ncclSuccess.
void nccl_check(const NcclApi& api, ncclResult_t result, const char* what);

}  // namespace wl
