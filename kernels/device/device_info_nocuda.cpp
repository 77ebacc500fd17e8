// query_device() for builds without the CUDA toolkit.
#include "kernels/device/device_info.h"

namespace wl {

DeviceInfo query_device() {
  DeviceInfo info;
  info.reason = "built without CUDA";
  return info;
}

}  // namespace wl
