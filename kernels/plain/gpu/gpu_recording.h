// A GPU recording (gpu_record_format.h, written by the tracer inside any CUDA program) read
// back and turned into a trace the views draw: each record becomes its thread's event, steps
// are barrier intervals as on the simulator (plain_thread.cpp), and sites are lines of the
// kernel's source or, for a kernel built without line information or from a library's headers,
// lines of its SASS listing, which the trace carries (TraceMeta::sources).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "kernels/plain/gpu/gpu_record_format.h"
#include "kernels/plain/gpu/sass_listing.h"
#include "trace/trace.h"

namespace wl {

struct GpuRecordedLaunch {
  WlGpuLaunchHeader header{};
  std::string mangled_name;
  std::vector<WlGpuAllocation> allocations;
  std::vector<std::uint32_t> recorded_blocks;  // empty: every block
  std::vector<WlGpuRecord> records;
};

// Reads one launch-<K>.wlrec; throws std::runtime_error naming the file and what is wrong
// ("not a WarpLens GPU recording", "truncated", "records past its blocks").
GpuRecordedLaunch read_gpu_launch(const std::string& path);

// The launches of one recording, in the order they ran, with each module's listing.
struct GpuRecording {
  std::vector<GpuRecordedLaunch> launches;
  std::map<std::uint32_t, std::map<std::string, SassFunction>> modules;  // module → mangled name → code
};

struct GpuTraceOptions {
  // Lines come from the kernel's own file where every launch's body is in one file that can be
  // read and is not a library's header; otherwise (or with `listing`) from the SASS listing.
  bool listing = false;
  std::string program;  // what ran, named in the listing's first line
  // Where else to look for the kernel's file, by its name, where the path the line table gives
  // cannot be read (a recording made on another machine).
  std::vector<std::string> source_dirs;
  // What the program calls its allocations, by base address: a buffer there takes this one's
  // name, type, role and elements (its id is the trace's). Others are "allocation 2 (4 MiB)".
  std::map<std::uint64_t, BufferRecord> buffers;
};

Trace gpu_recording_trace(const GpuRecording& recording, const GpuTraceOptions& options);

// "DeviceReduceKernel" of "void cub::...::DeviceReduceKernel<...>(float*, ...)".
std::string short_kernel_name(const std::string& demangled);
// The element type a kernel's first pointer parameter names, as a trace type ("f32"), or "".
std::string pointer_parameter_type(const std::string& demangled);
std::string demangle_kernel(const std::string& mangled);

}  // namespace wl
