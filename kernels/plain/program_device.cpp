#include "kernels/plain/program_device.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <vector>

namespace wl {
namespace {

struct Named {
  const char* id;
  WlProgramDevice device;
};

// Each GPU's limits as its CUDA runtime reports them (deviceQuery); memory and clocks of the
// common board of that name.
WlProgramDevice make(const char* name, int major, int minor, int sms, int threads_per_sm, int blocks_per_sm,
                     std::uint64_t global, std::uint64_t optin, std::uint64_t per_sm, int l2, int clock_khz,
                     int memory_khz, int bus_bits) {
  WlProgramDevice d{};
  std::strncpy(d.name, name, sizeof d.name - 1);
  d.major = major, d.minor = minor, d.multiProcessorCount = sms;
  d.maxThreadsPerBlock = 1024, d.warpSize = 32;
  d.maxThreadsPerMultiProcessor = threads_per_sm, d.maxBlocksPerMultiProcessor = blocks_per_sm;
  d.regsPerBlock = 65536, d.clockRate = clock_khz, d.memoryClockRate = memory_khz, d.memoryBusWidth = bus_bits;
  d.l2CacheSize = l2, d.totalGlobalMem = global, d.sharedMemPerBlock = 49152, d.sharedMemPerBlockOptin = optin;
  d.sharedMemPerMultiprocessor = per_sm, d.totalConstMem = 65536;
  d.maxGridSize[0] = 2147483647, d.maxGridSize[1] = d.maxGridSize[2] = 65535;
  d.maxThreadsDim[0] = d.maxThreadsDim[1] = 1024, d.maxThreadsDim[2] = 64;
  return d;
}

const std::vector<Named>& devices() {
  static const std::vector<Named> all = {
      {"h200", make("NVIDIA H200", 9, 0, 132, 2048, 32, 150754820096ull, 232448, 233472, 52428800, 1980000, 3201000, 6144)},
      {"h100", make("NVIDIA H100 80GB HBM3", 9, 0, 132, 2048, 32, 85045231616ull, 232448, 233472, 52428800, 1980000, 2619000, 5120)},
      {"a100", make("NVIDIA A100-SXM4-80GB", 8, 0, 108, 2048, 32, 84974239744ull, 166912, 167936, 41943040, 1410000, 1593000, 5120)},
      {"l4", make("NVIDIA L4", 8, 9, 58, 1536, 24, 23580639232ull, 101376, 102400, 50331648, 2040000, 6251000, 192)},
      {"rtx4090", make("NVIDIA GeForce RTX 4090", 8, 9, 128, 1536, 24, 25393692672ull, 101376, 102400, 75497472, 2520000, 10501000, 384)},
      {"t4", make("Tesla T4", 7, 5, 40, 1024, 16, 15835398144ull, 65536, 65536, 4194304, 1590000, 5001000, 256)},
      {"v100", make("Tesla V100-SXM2-32GB", 7, 0, 80, 2048, 32, 34089730048ull, 98304, 98304, 6291456, 1530000, 877000, 4096)},
  };
  return all;
}

}  // namespace

const WlProgramDevice* find_program_device(const std::string& name) {
  std::string id;
  for (char c : name)
    if (c != '-' && c != ' ') id += char(std::tolower(static_cast<unsigned char>(c)));
  for (const Named& n : devices())
    if (id == n.id) return &n.device;
  return nullptr;
}

std::string program_device_names() {
  std::string out;
  for (const Named& n : devices()) out += (out.empty() ? "" : ", ") + std::string(n.id);
  return out;
}

}  // namespace wl
