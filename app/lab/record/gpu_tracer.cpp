#include "lab/record/gpu_tracer.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lab/exec/child_process.h"
#include "lab_toolchain.h"

namespace wl::lab {
namespace {

namespace fs = std::filesystem;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The module's code as nvdisasm lists it, with lines where the module has them; a listing the
// recording already holds (module-<M>.sass) is read as it is.
std::map<std::string, SassFunction> disassemble(const std::string& cubin, const std::string& listing, std::string& problem) {
  if (fs::exists(listing)) return parse_sass_listing(read_file(listing));
  const std::string nvdisasm = WL_LAB_NVDISASM[0] ? WL_LAB_NVDISASM : "nvdisasm";
  ChildLimits limits;
  limits.seconds = 120;  // libtorch's 8 MB module takes about 13 s on an H200's host
  const ChildOutcome r = run_child({"/bin/sh", "-c", "\"$0\" -c -g -gi \"$1\" > \"$2\"", nvdisasm, cubin, listing}, limits);
  if (!r.ok()) {
    std::error_code ignored;
    fs::remove(listing, ignored);  // a partial listing would be read as whole later
    problem = "nvdisasm could not list the kernels' code (" + describe_outcome(r, limits) + "): events carry no source line";
    return {};
  }
  return parse_sass_listing(read_file(listing));
}

}  // namespace

std::optional<GpuTracer> find_gpu_tracer(std::string& why) {
  const char* env = std::getenv("WARPLENS_TRACER_DIR");
  const std::string dir = env ? env : WL_LAB_TRACER_DIR;
  GpuTracer t{dir + "/libwarplens-tracer.so", dir + "/warplens-patches.fatbin"};
  if (!dir.empty() && fs::exists(t.library) && fs::exists(t.patches)) return t;
  why = "this build has no GPU tracer (it needs the CUDA toolkit's Compute Sanitizer API headers, "
        "compute-sanitizer/include, at build time); set WARPLENS_TRACER_DIR to a folder holding "
        "libwarplens-tracer.so and warplens-patches.fatbin";
  return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> tracer_environment(const GpuTracer& tracer, const TracerRequest& r) {
  return {{"CUDA_INJECTION64_PATH", tracer.library}, {"WL_TRACER_OUT", r.folder},
          {"WL_TRACER_PATCHES", tracer.patches},    {"WL_TRACER_KERNEL", r.kernel},
          {"WL_TRACER_LAUNCHES", r.launches},       {"WL_TRACER_BLOCKS", r.blocks},
          {"WL_TRACER_CAPACITY", std::to_string(r.capacity)}};
}

RecordingSummary read_recording_summary(const std::string& folder) {
  RecordingSummary out;
  std::istringstream summary(read_file(folder + "/launches.txt"));
  for (std::string line; std::getline(summary, line);) {
    std::istringstream fields(line);
    std::string what, a, b;
    std::getline(fields, what, '\t');
    std::getline(fields, a, '\t');
    std::getline(fields, b, '\t');
    if (what == "recorded") out.recorded.push_back(a);
    if (what == "launched") out.launched.push_back(short_kernel_name(b) + " (" + a + "x)");
  }
  return out;
}

GpuRecording read_recording(const std::string& folder, const std::vector<std::string>& files, std::string& problem) {
  GpuRecording recording;
  for (const std::string& f : files) recording.launches.push_back(read_gpu_launch(folder + "/" + f));
  for (const GpuRecordedLaunch& l : recording.launches) {
    const std::uint32_t m = l.header.module;
    if (recording.modules.count(m)) continue;
    const std::string stem = folder + "/module-" + std::to_string(m);
    recording.modules[m] = disassemble(stem + ".cubin", stem + ".sass", problem);
  }
  return recording;
}

}  // namespace wl::lab
