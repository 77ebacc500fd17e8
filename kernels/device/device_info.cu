// query_device() for CUDA builds: asks the runtime for device 0 and checks that
// this binary actually carries code the device can run.
#include "kernels/device/device_info.h"

#include <cuda_runtime.h>

#include <string>

namespace wl {
namespace {

// CUDA encodes versions as 1000 * major + 10 * minor.
std::string version_text(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

std::string error_text(cudaError_t err) {
  return std::string(cudaGetErrorString(err)) + " (" + cudaGetErrorName(err) + ")";
}

std::string count_failure_reason(cudaError_t err, int runtime_version, int driver_version) {
  switch (err) {
    case cudaErrorNoDevice:
      return "no NVIDIA GPU found";
    case cudaErrorInsufficientDriver:
      if (driver_version == 0) return "no NVIDIA GPU driver found";
      return "driver too old for CUDA runtime " + version_text(runtime_version) +
             " (driver supports " + version_text(driver_version) + ")";
    default:
      return "CUDA cannot be initialized: " + error_text(err);
  }
}

// An empty kernel: asking for its attributes tells whether this build has
// SASS or PTX the device can load.
__global__ void probe_kernel() {}

}  // namespace

DeviceInfo query_device() {
  DeviceInfo info;
  int runtime_version = 0, driver_version = 0, count = 0;
  cudaRuntimeGetVersion(&runtime_version);
  cudaDriverGetVersion(&driver_version);  // reports 0 when no driver is installed

  cudaError_t err = cudaGetDeviceCount(&count);
  info.count = err == cudaSuccess ? count : 0;
  if (err != cudaSuccess || count == 0) {
    info.reason = err == cudaSuccess ? "no NVIDIA GPU found"
                                     : count_failure_reason(err, runtime_version, driver_version);
    cudaGetLastError();  // clear the error so later calls start clean
    return info;
  }

  cudaDeviceProp prop{};
  err = cudaGetDeviceProperties(&prop, 0);
  if (err != cudaSuccess) {
    info.reason = "cannot query GPU 0: " + error_text(err);
    cudaGetLastError();
    return info;
  }
  info.name = prop.name;
  info.cc_major = prop.major;
  info.cc_minor = prop.minor;
  info.multiprocessors = prop.multiProcessorCount;

  cudaFuncAttributes attributes{};
  err = cudaFuncGetAttributes(&attributes, probe_kernel);
  if (err != cudaSuccess) {
    cudaGetLastError();
    info.reason = info.name + " (compute " + std::to_string(prop.major) + "." +
                  std::to_string(prop.minor) + ") cannot run this build's kernels: " +
                  error_text(err) + "; rebuild with -DCMAKE_CUDA_ARCHITECTURES=native";
    return info;
  }
  info.available = true;
  return info;
}

}  // namespace wl
