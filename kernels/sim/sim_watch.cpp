#include "kernels/sim/sim_watch.h"

#include <mutex>

#include "kernels/sim/sim_block.h"

namespace wl {
namespace {

// Taken once per scheduling round of a block and by the watchdog, never per event.
std::mutex watched_mutex;
const SimBlock* watched = nullptr;

}  // namespace

void watch_block(const SimBlock* block) {
  std::lock_guard<std::mutex> lock(watched_mutex);
  watched = block;
}

void unwatch_block(const SimBlock* block) {
  std::lock_guard<std::mutex> lock(watched_mutex);
  if (watched == block) watched = nullptr;
}

std::optional<SimWhere> sim_where_now() {
  std::lock_guard<std::mutex> lock(watched_mutex);
  if (!watched) return std::nullopt;
  return watched->where_now();
}

}  // namespace wl
