#include "session/run_cost.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "core/value_type.h"
#include "trace/event.h"

namespace wl {
namespace {

// Buffers of n elements a run holds at once: the input, its copy on the backend, the result
// (a scan's is n too). Measured: n = 2^30 of f32, a reduction, peaked at 8.5 GB.
constexpr std::uint64_t kBuffersOfN = 3;
// Events a recorded thread makes, a generous bound over the families' variants (a tree of 10
// levels, loads, stores, branches and barriers), and what the views build from each one.
constexpr std::uint64_t kEventsPerThread = 64;
constexpr std::uint64_t kViewBytesPerEvent = 2 * sizeof(Event);

std::uint64_t machine_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? std::uint64_t(pages) * std::uint64_t(page) : 0;
}

std::string power_of_two_text(std::uint64_t n) {
  if (n >= 1024 && (n & (n - 1)) == 0) {
    unsigned k = 0;
    while ((std::uint64_t(1) << k) < n) ++k;
    return "2^" + std::to_string(k);
  }
  return std::to_string(n);
}

}  // namespace

RunCost estimate_run_cost(const SettledRun& s) {
  const RunRequest& r = s.request;
  const std::optional<ValueType> type = parse_value_type(r.type);
  const std::uint64_t element = type ? value_type_bytes(*type) : 8;
  const std::uint64_t ranks = std::max<std::uint64_t>(1, param_or(r, "gpus", 1));
  RunCost cost;
  cost.bytes = kBuffersOfN * r.n * element * ranks;
  const std::uint64_t events =
      std::min<std::uint64_t>(r.event_cap, std::uint64_t(r.record_blocks.size()) * r.block * kEventsPerThread * ranks);
  cost.bytes += events * (sizeof(Event) + kViewBytesPerEvent);
  return cost;
}

std::uint64_t asking_threshold_bytes() {
  const std::uint64_t quarter = machine_bytes() / 4;
  return std::min<std::uint64_t>(quarter ? quarter : std::uint64_t(1) << 31, std::uint64_t(1) << 31);
}

std::string bytes_text(std::uint64_t bytes) {
  char text[32];
  if (bytes >= (std::uint64_t(1) << 30)) std::snprintf(text, sizeof text, "%.1f GB", double(bytes) / double(1u << 30));
  else if (bytes >= (1u << 20)) std::snprintf(text, sizeof text, "%.0f MB", double(bytes) / double(1u << 20));
  else std::snprintf(text, sizeof text, "%.0f KB", double(bytes) / 1024.0);
  return text;
}

std::string cost_sentence(const RunSettings& s, const RunCost& cost) {
  std::string text = "n = " + power_of_two_text(s.request.n) + " needs about " + bytes_text(cost.bytes) +
                     " on the simulator";
  if (const std::uint64_t have = machine_bytes()) text += " (this machine has " + bytes_text(have) + ")";
  return text + ", and may take minutes.";
}

}  // namespace wl
