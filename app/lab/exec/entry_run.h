// A practice site's entry point under the lens (`lab run FILE --family reduce --entry solve`):
// the file holds kernels and a host function, `solve(const float* input, float* output, int N)`,
// that launches them. A generated driver gives it the family's input on the device, in the
// contract's order of arguments (kernels/plain/plain_contract.h: the buffers, then n, rows, cols
// or bins), and reads its output back; the file and the driver run as a whole program on the
// simulator (program_run.h), every launch recorded, and the output is checked with the family's
// reference.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "kernels/family/family.h"
#include "kernels/family/run_result.h"
#include "kernels/plain/plain_contract.h"
#include "lab/exec/program_run.h"
#include "run/run_settings.h"

namespace wl::lab {

struct EntryRequest {
  std::string file, entry = "solve";
  RunSettings settings;  // family, n, type (empty: the entry's first pointer's), op, params, pattern, seed
  std::string record_blocks = "0";
  double seconds = kProgramDefaultSeconds;
  std::uint64_t memory_mib = kLabDefaultMemory >> 20;
  bool gpu = false;  // nvcc builds the file and the driver, run with the GPU tracer injected
};

struct EntryRun {
  std::string problem;     // one sentence when it could not run (exit 2 where `refused`)
  bool refused = false;
  RunRequest request;      // as settled
  ProgramRun program;      // the build, how it ended, its launches and trace
  RunResult result;        // the output read back and checked (its trace, on the GPU, the tracer's)
  std::string signature;   // "solve(input, output, n)": what the driver called
};

EntryRun run_entry(const EntryRequest& request);

// The driver that calls `entry` with the contract's arguments (for tests).
std::string entry_driver_source(const std::string& entry, const std::vector<PlainParam>& params, const std::string& value_type);

}  // namespace wl::lab
