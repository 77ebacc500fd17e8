// The GPUs a whole program on the simulator can stand for (`--gpu h200`): what its
// cudaGetDeviceProperties and occupancy calculator see. The simulator runs the same kernels
// whichever is named; only what the program reads of its device changes.
#pragma once
#include <string>

#include "kernels/plain/program_abi.h"

namespace wl {

// The device `name` names ("h200", "a100", ...; case-insensitive), or nullptr.
const WlProgramDevice* find_program_device(const std::string& name);
std::string program_device_names();  // "h200, h100, ...": for messages
inline constexpr const char* kDefaultProgramDevice = "h200";

}  // namespace wl
