// The status-bar text that says where kernels run: the GPU, or why not.
#pragma once
#include <string>

#include "kernels/device/device_info.h"

namespace wl {

std::string backend_label(const DeviceInfo& device);

}  // namespace wl
