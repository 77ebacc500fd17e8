// What the controls ask for: a kernel run, its input and where it runs.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "run/backend_run.h"
#include "lab/exec/lab_run.h"

namespace wl {

// At most this many blocks are recorded (the first ones, plus the one inspected): enough for
// whole-kernel metrics on small inputs, bounded for large ones.
constexpr std::uint32_t kMaxRecordedBlocks = 64;

struct RunSettings {
  RunRequest request;  // family, variant, op, type, n, block (recording is set by the runner)
  std::string pattern = "random";
  std::uint64_t seed = 1;
  BackendChoice backend = BackendChoice::Auto;
  std::uint32_t inspect_block = 0;
  std::uint32_t inspect_launch = 0;  // which launch of a multi-launch run the views show
  std::string lab_file;  // set: the variant is this learner's file (app/lab), run in a child process
  std::string lab_family, lab_kernel;  // a plain-CUDA lab file's contract and kernel (app/lab/lab_file.h)
  double lab_seconds = lab::kDefaultSeconds;                 // the child's time limit
  std::uint64_t lab_memory_mib = lab::kDefaultMemory >> 20;  // and its memory limit on the simulator

  bool operator==(const RunSettings& o) const;
  bool operator!=(const RunSettings& o) const { return !(*this == o); }
};

// Empty when the settings can run, else why not (from validate() for the request; a learner's
// file is checked when it runs, by the child that loads it).
std::string validate_settings(const RunSettings& settings);

// Blocks in the first launch, or 0 when nothing launches (n = 0) or the settings are invalid.
std::uint32_t grid_blocks(const RunSettings& settings);

// The blocks to record: 0 .. kMaxRecordedBlocks - 1 (within the grid) and the inspected one.
std::vector<std::uint32_t> blocks_to_record(const RunSettings& settings);

}  // namespace wl
