#include "backend_label.h"

namespace wl {

std::string backend_label(const DeviceInfo& device) {
  if (device.available) return "GPU: " + device.name;
  return "No GPU: " + device.reason + " \u2014 kernels run on the CPU simulator";
}

}  // namespace wl
