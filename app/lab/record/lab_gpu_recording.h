// A plain-CUDA file's run on the GPU, recorded: lab_run.cpp runs the child again with the GPU
// tracer injected (gpu_tracer.h), asked for the file's kernel and the request's blocks; its
// recording becomes the run's trace (gpu_recording.h), named as the simulator names a run: the
// request, the buffers, the kernel's shared arrays, each launch's elements and shared bytes.
#pragma once
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "kernels/family/run_request.h"
#include "kernels/plain/gpu/gpu_recording.h"
#include "lab/front/lab_file.h"
#include "lab/record/gpu_tracer.h"
#include "trace/trace.h"

namespace wl::lab {

// What the tracer records of `r`'s run of `kernel` into `folder`: every launch of the kernel, and
// the request's blocks (all of them with `record_all`, block 0 when it names none).
TracerRequest lab_tracer_request(const std::string& kernel, const RunRequest& r, bool record_all, const std::string& folder);

// The trace of `recording`, a run of `r` by `file`'s kernel whose unrecorded twin the child
// described in `run` (its trace's meta) and `made` (its result.json: each launch's elements and
// dynamic shared bytes, each buffer's address). `shared_table`: the build's PTX shared arrays
// (gpu_shared_layout.h). Throws nlohmann::json's exceptions for a damaged `made`.
Trace lab_gpu_trace(const LabFile& file, const RunRequest& r, const GpuRecording& recording, const TraceMeta& run,
                    const nlohmann::json& made, const std::string& shared_table, std::uint64_t event_cap);

// The request's part of a recording's meta, as every run's (describe_run): family, variant, op,
// type, n, parameters, SMs, and `event_cap`; the backend, grid, block and recorded blocks stay
// the recording's.
void describe_recorded_run(TraceMeta& meta, RunRequest r, std::uint64_t event_cap);

}  // namespace wl::lab
