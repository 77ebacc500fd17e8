#include "run/settled_run.h"

#include <algorithm>

#include "core/value_type.h"
#include "kernels/device/device_info.h"

namespace wl {

bool RunSettings::operator==(const RunSettings& o) const {
  const RunRequest &a = request, &b = o.request;
  return a.family == b.family && a.params == b.params && a.variant == b.variant && a.op == b.op && a.type == b.type &&
         a.n == b.n && a.block == b.block && a.sm_count == b.sm_count && a.event_cap == b.event_cap &&
         pattern == o.pattern && seed == o.seed && backend == o.backend && record_blocks == o.record_blocks &&
         inspect_block == o.inspect_block && inspect_launch == o.inspect_launch && lab_file == o.lab_file &&
         lab_family == o.lab_family && lab_kernel == o.lab_kernel && lab_seconds == o.lab_seconds &&
         lab_memory_mib == o.lab_memory_mib;
}

namespace {

// The family's own first type and operator where none is named, and its first variant that is
// not a pitfall where the default variant is not one of its own.
void fill_family_defaults(const Family& family, RunRequest& r) {
  if (r.type.empty()) r.type = family.types().front();
  if (r.op.empty()) r.op = family.ops().empty() ? "sum" : family.ops().front();  // "sum": ignored
  if (r.variant == RunRequest{}.variant && !family.find_variant(r.variant))
    for (const VariantSummary& v : family.variants())
      if (!v.pitfall) {
        r.variant = v.id;
        break;
      }
}

// A family over several GPUs (its parameter "gpus") runs on every GPU present, two or more, unless
// told otherwise; the simulator, on the family's default. Asked for the GPU, it may not ask for
// more GPUs than there are: the reason, else empty.
std::string settle_gpus(const Family& family, RunRequest& r, BackendChoice backend) {
  if (backend == BackendChoice::Simulator) return {};
  for (const FamilyParam& p : family.params()) {
    if (p.name != "gpus") continue;
    const DeviceInfo device = query_device();
    if (!r.params.count("gpus")) {
      if (device.available && device.count >= 2)
        r.params["gpus"] = std::min<std::uint64_t>(std::uint64_t(device.count), p.max_value);
    } else if (backend == BackendChoice::Gpu && device.available && r.params["gpus"] > std::uint64_t(device.count)) {
      return "--gpus " + std::to_string(r.params["gpus"]) + ": this machine has " + std::to_string(device.count) +
             " GPU" + (device.count == 1 ? "" : "s") + " (--backend sim runs any number)";
    }
  }
  return {};
}

// The input is made in host memory before any backend sees it. Past half of the machine's memory
// a run would swap or be killed, not fail cleanly, so it is refused first.
std::string host_memory_problem(const RunRequest& r) {
  const std::uint64_t bytes = r.n * value_type_bytes(parse_value_type(r.type).value_or(ValueType::f64));
  const std::uint64_t memory = physical_memory_bytes();
  if (memory != 0 && bytes > memory / 2)
    return "n = " + std::to_string(r.n) + " needs " + std::to_string(bytes >> 20) +
           " MiB of input in host memory; this machine has " + std::to_string(memory >> 20) +
           " MiB, and runs use at most half";
  return {};
}

// With no list asked for: 0 .. kMaxRecordedBlocks - 1 within the grid, and the inspected block.
// A learner's grid is known to the child that runs it, which leaves out blocks past it.
std::vector<std::uint32_t> default_blocks(std::uint32_t grid, std::uint32_t inspected) {
  std::vector<std::uint32_t> blocks;
  for (std::uint32_t b = 0; b < std::min(grid, kMaxRecordedBlocks); ++b) blocks.push_back(b);
  if (inspected >= kMaxRecordedBlocks && inspected < grid) blocks.push_back(inspected);
  if (blocks.empty()) blocks.push_back(0);
  return blocks;
}

// What settle and settle_for share once the family is known (or, for a learner's file, is not).
std::string settle_with(const Family* family, const RunSettings& asked, bool record, SettledRun& out) {
  out = SettledRun{};
  out.settings = asked;
  out.family = family;
  RunRequest& r = out.settings.request;
  if (!parse_pattern(asked.pattern, out.input.pattern)) return "unknown input pattern '" + asked.pattern + "'";
  out.input.seed = asked.seed;
  if (family) {
    fill_family_defaults(*family, r);
    if (std::string problem = settle_gpus(*family, r, asked.backend); !problem.empty()) return problem;
  }
  out.request = r;
  out.request.record = record;
  if (!family) {  // a learner's file: its child validates and plans against the library it loads
    out.request.record_blocks = default_blocks(std::max(kMaxRecordedBlocks, asked.inspect_block + 1), asked.inspect_block);
    return {};
  }
  out.request.record_blocks = {0};  // the blocks asked for are checked once the grid is known
  if (std::string problem = validate_for(*family, out.request); !problem.empty()) return problem;
  if (std::string problem = host_memory_problem(out.request); !problem.empty()) return problem;
  out.launches = family->plan(out.request);
  const std::uint32_t grid = out.grid();
  if (r.n > 0 && asked.inspect_block >= grid)
    return "block " + std::to_string(asked.inspect_block) + " does not exist: the grid has " + std::to_string(grid) +
           " block" + (grid == 1 ? "" : "s");
  if (asked.record_blocks.empty()) {
    out.request.record_blocks = default_blocks(grid, asked.inspect_block);
  } else {  // read even when not recording: a bad list is bad input either way
    std::uint32_t largest = 0;  // "all": every block of the largest launch
    for (const PlannedLaunch& l : out.launches) largest = std::max(largest, l.grid);
    std::string error;
    if (!parse_block_list(asked.record_blocks, largest, out.request.record_blocks, error)) return error;
    if (out.request.record_blocks.empty()) out.request.record_blocks = {0};
  }
  return {};
}

}  // namespace

std::string settle(const RunSettings& asked, bool record, SettledRun& out) {
  if (!asked.lab_file.empty()) return settle_with(nullptr, asked, record, out);
  const Family* family = find_family(asked.request.family);
  if (!family) {
    out = SettledRun{};
    out.settings = asked;
    return "unknown family '" + asked.request.family + "' (" + family_ids_text() + ")";
  }
  return settle_with(family, asked, record, out);
}

std::string settle_for(const Family& family, const RunSettings& asked, bool record, SettledRun& out) {
  return settle_with(&family, asked, record, out);
}

std::uint32_t grid_blocks(const RunSettings& settings) {
  SettledRun settled;
  return settle(settings, false, settled).empty() ? settled.grid() : 0;
}

}  // namespace wl
