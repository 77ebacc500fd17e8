// What a user asks of a run, from any front door: the CLI's options (app/cli/run_options.h),
// the app's controls and command line, a lab file's run: line, bench. settle()
// (run/settled_run.h) turns it into one run: parsed, defaulted, validated and planned once.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/family/run_request.h"
#include "run/run_words.h"

namespace wl {

// At most this many blocks are recorded when the settings name none (the first ones, plus the
// one inspected): enough for whole-kernel metrics on small inputs, bounded for large ones.
constexpr std::uint32_t kMaxRecordedBlocks = 64;

// A learner's file runs in a child process with these limits unless told otherwise.
constexpr double kLabDefaultSeconds = 10;                                 // long for a block-sized run, short enough to wait for a hang
constexpr std::uint64_t kLabDefaultMemory = std::uint64_t(4) << 30;      // 4 GiB of address space for the child

struct RunSettings {
  // family, variant, op, type, n, block, sm_count, params, event_cap. Left to settle(): an empty
  // type or op (the family's first), the default variant where the family lacks it (its first
  // that is not a pitfall), an all-reduce's gpus where none is named.
  RunRequest request;
  std::string pattern = "random";
  std::uint64_t seed = 1;
  BackendChoice backend = BackendChoice::Auto;
  // The blocks to record, "0,1,5-7" or "all"; empty: the first kMaxRecordedBlocks and the
  // inspected one.
  std::string record_blocks;
  std::uint32_t inspect_block = 0;
  std::uint32_t inspect_launch = 0;  // which launch of a multi-launch run the views show
  std::string lab_file;  // set: the variant is this learner's file (app/lab), run in a child process
  std::string lab_family, lab_kernel;  // a plain-CUDA lab file's contract and kernel (app/lab/front/lab_file.h)
  double lab_seconds = kLabDefaultSeconds;                 // the child's time limit
  std::uint64_t lab_memory_mib = kLabDefaultMemory >> 20;  // and its memory limit on the simulator

  bool operator==(const RunSettings& o) const;
  bool operator!=(const RunSettings& o) const { return !(*this == o); }
};

}  // namespace wl
