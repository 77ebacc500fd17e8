// Which GPU (if any) this process can run CUDA kernels on, and why not when it can't.
#pragma once
#include <string>

namespace wl {

struct DeviceInfo {
  bool available = false;
  std::string name;    // e.g. "NVIDIA H100 80GB HBM3"; empty when unavailable
  std::string reason;  // why no GPU can be used; empty when available
  int cc_major = 0, cc_minor = 0;
  int multiprocessors = 0;  // 0 when no GPU could be queried
  int count = 0;            // GPUs present (of any kind), 0 when none could be counted
};

// Never throws or aborts: every failure is reported in `reason`.
DeviceInfo query_device();

// The multiprocessors of a usable device, else `fallback`.
inline unsigned multiprocessors_or(const DeviceInfo& device, unsigned fallback) {
  return device.available && device.multiprocessors > 0 ? unsigned(device.multiprocessors) : fallback;
}

}  // namespace wl
