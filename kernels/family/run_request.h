// What a user asks for when running a family's variant, on either backend: the same fields
// for every family, plus the family's own parameters by name.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/default_run.h"
#include "kernels/host/record_options.h"

namespace wl {

struct RunRequest {
  std::string family = kDefaultFamily;
  std::string variant = kDefaultVariant;
  std::string op = "sum";  // ignored by a family that takes no operator
  std::string type = "f32";
  std::uint64_t n = 4096;
  unsigned block = 256;
  // Sizes persistent grids and scan tiles. The CLI and the app set the GPU's own count
  // (default_sm_count, run/backend_run.h); an H100's 132 stands in without a GPU, so a
  // simulator trace describes the launch an H100 would run.
  unsigned sm_count = 132;
  std::map<std::string, std::uint64_t> params;  // the family's parameters (Family::params)

  bool record = false;                         // record every launch into a trace
  std::vector<std::uint32_t> record_blocks{0};
  std::uint64_t event_cap = std::uint64_t(1) << 22;
  // Optional: the simulator counts its blocks here and stops when it is cancelled. Not part of
  // what was asked for: two requests that differ only here are the same run.
  std::shared_ptr<RunProgress> progress;
};

// What the backends see of a request: recording, and the progress to count into.
inline RecordOptions record_options(const RunRequest& r) {
  return {r.record, r.record_blocks, r.event_cap, r.progress.get()};
}

// The family parameter `name` of request r, or `fallback` where r does not set it.
inline std::uint64_t param_or(const RunRequest& r, const std::string& name, std::uint64_t fallback) {
  auto it = r.params.find(name);
  return it == r.params.end() ? fallback : it->second;
}

// Largest n accepted: past 2^32 every index is 64-bit (2^31 + 17 is tested on the GPU), and
// 2^33 f32 is 32 GiB of input. run_request also refuses an input larger than half of this
// machine's memory. Recording needs n * sizeof(T) <= 4 GiB, since a trace stores 32-bit byte
// offsets.
constexpr std::uint64_t kMaxElements = std::uint64_t(1) << 33;

// An empty string when the request is valid, else a message for the user: the request's family
// is found in the list of families built, then validate_for (kernels/family/family.h) makes
// the checks every family shares (block size, n, recording limits) and the family's own.
std::string validate(const RunRequest& request);

}  // namespace wl
