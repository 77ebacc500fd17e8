#include "lab/record/lab_gpu_recording.h"

#include <algorithm>

#include "kernels/family/trace_meta.h"
#include "kernels/plain/plain_shared.h"
#include "lab/front/plain_source.h"
#include "lab/record/gpu_shared_layout.h"

namespace wl::lab {
namespace {

using nlohmann::json;

// A regex the tracer finds the file's kernel by in a demangled name: "reduce2" in
// "void reduce2<float, 256u>(float const*, float*, unsigned int)", not in "reduce20(...)".
std::string kernel_pattern(const std::string& name) { return "(^|[ :])" + name + "[<(]"; }

// The recording's shared memory named as the simulator names it: the kernel's static arrays where
// nvcc put them (its PTX, gpu_shared_layout.h), then its dynamic array after them, rounded to 16
// bytes as the launches' shared bytes are. Nothing is named when the layout does not add up.
void name_gpu_shared(const LabFile& file, const std::string& type, const std::string& table,
                     const std::string& mangled, std::uint32_t static_bytes, std::uint32_t dynamic_bytes,
                     TraceMeta& meta) {
  std::vector<SharedArrayRecord> arrays = gpu_shared_arrays(table, mangled, static_bytes);
  if (arrays.empty() && static_bytes) return;
  const std::vector<PlainKernelDecl> kernels = find_plain_kernels(file.text);
  const auto k = std::find_if(kernels.begin(), kernels.end(), [&](const PlainKernelDecl& d) { return d.name == file.id; });
  if (k != kernels.end()) {
    PlainSharedTable declared;
    plain_shared_declarations(file.text, *k, type, declared);
    if (!declared.dynamic_name.empty() && dynamic_bytes)
      arrays.push_back({declared.dynamic_name, (static_bytes + 15) / 16 * 16, dynamic_bytes});
  }
  meta.shared_arrays = std::move(arrays);
}

}  // namespace

TracerRequest lab_tracer_request(const std::string& kernel, const RunRequest& r, bool record_all, const std::string& folder) {
  TracerRequest t;
  t.folder = folder;
  t.kernel = kernel_pattern(kernel);
  t.launches = "all";
  t.blocks.clear();
  for (std::uint32_t b : r.record_blocks) t.blocks += (t.blocks.empty() ? "" : ",") + std::to_string(b);
  if (record_all || t.blocks.empty()) t.blocks = record_all ? "all" : "0";
  if (r.event_cap) t.capacity = r.event_cap;
  return t;
}

void describe_recorded_run(TraceMeta& meta, RunRequest r, std::uint64_t event_cap) {
  std::vector<PlannedLaunch> launches;
  for (const LaunchRecord& l : meta.launches) launches.push_back({l.name, l.n, l.grid_dim, l.block_dim});
  r.event_cap = event_cap;
  r.record = true;
  r.record_blocks = meta.recorded_blocks;
  describe_run(meta, r, meta.backend, launches);
}

Trace lab_gpu_trace(const LabFile& file, const RunRequest& r, const GpuRecording& recording, const TraceMeta& run,
                    const json& made, const std::string& shared_table, std::uint64_t event_cap) {
  GpuTraceOptions options;
  for (const json& b : made.at("buffers"))
    if (const BufferRecord* named = run.buffer(BufferId(b.at("id").get<unsigned>())))
      options.buffers[b.at("address").get<std::uint64_t>()] = *named;
  Trace trace = gpu_recording_trace(recording, options);
  TraceMeta& meta = trace.meta;
  // Each launch's elements and shared bytes as the simulator counts them: the static section
  // (the recording's) rounded up to 16 bytes, then the dynamic bytes (plain_shared_bytes).
  const json& launches = made.at("launches");
  if (!meta.launches.empty() && !recording.launches.empty() && !launches.empty())
    name_gpu_shared(file, r.type, shared_table, recording.launches.front().mangled_name,
                    meta.launches.front().shared_bytes, launches[0].at("dynamic_shared_bytes"), meta);
  for (std::size_t k = 0; k < meta.launches.size() && k < launches.size(); ++k) {
    LaunchRecord& l = meta.launches[k];
    const std::uint32_t dynamic = launches[k].at("dynamic_shared_bytes");
    l.n = launches[k].at("n");
    l.shared_bytes = (l.shared_bytes + 15) / 16 * 16 + dynamic;
  }
  RunRequest described = r;
  described.variant = run.variant;  // the contract's one variant is the file's kernel (lab_exec.cpp)
  describe_recorded_run(meta, described, event_cap);
  return trace;
}

}  // namespace wl::lab
