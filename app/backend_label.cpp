#include "backend_label.h"

namespace wl {

std::string backend_label(const DeviceInfo& device) {
  if (device.available) return "GPU: " + device.name;
  // Until the CPU simulator lands there is nothing to fall back to yet.
  return "No GPU: " + device.reason + " \u2014 CPU simulator coming soon";
}

}  // namespace wl
