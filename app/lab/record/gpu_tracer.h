// The GPU tracer (kernels/plain/gpu/) as `warplens record` and the lab use it: where this build
// put it, the environment that injects it into a process (as compute-sanitizer injects its
// tools), and the recording it leaves in a folder read back with each module's code.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "kernels/plain/gpu/gpu_recording.h"

namespace wl::lab {

struct GpuTracer {
  std::string library;  // libwarplens-tracer.so
  std::string patches;  // warplens-patches.fatbin
};

// $WARPLENS_TRACER_DIR's tracer, else the one this build made; nullopt, and `why` one sentence,
// where there is none.
std::optional<GpuTracer> find_gpu_tracer(std::string& why);

struct TracerRequest {
  std::string folder;         // where the recording goes
  std::string kernel;         // a regex searched in the demangled kernel name ("" = any)
  std::string launches = "0"; // "all", or matching launches counted from 0 ("0,2")
  std::string blocks = "0";   // "all", or blocks ("0,1")
  std::uint64_t capacity = std::uint64_t(1) << 22;  // records a launch (48 bytes each)
};

// The variables a process needs to run with the tracer injected.
std::vector<std::pair<std::string, std::string>> tracer_environment(const GpuTracer& tracer, const TracerRequest& request);

// What the tracer saw (its launches.txt): the files of the launches it recorded, and every kernel
// launched, "name (3x)".
struct RecordingSummary {
  std::vector<std::string> recorded;
  std::vector<std::string> launched;
};
RecordingSummary read_recording_summary(const std::string& folder);

// The launch files `files` of `folder` with their modules' code (module-M.sass where the folder
// holds one, else nvdisasm's listing of module-M.cubin, then kept there). Throws
// std::runtime_error for a damaged launch file; `problem` says when nvdisasm could not list a
// module (its events then have no line).
GpuRecording read_recording(const std::string& folder, const std::vector<std::string>& files, std::string& problem);

}  // namespace wl::lab
