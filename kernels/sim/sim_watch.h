// Where a simulated kernel is while it runs, for a watchdog on another thread: the lab stops a
// kernel that runs past its time limit and says where its threads were. Each block keeps, per
// thread, the last line it was seen at and what it was doing there, in atomics the watchdog may
// read at any time; the block being run registers itself here.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

namespace wl {

class SimBlock;

enum class SeenAs : std::uint8_t {
  NotStarted = 0,
  Ran = 1,         // issued an operation at the line and went on (or is still going)
  AtBarrier = 2,   // waits at the barrier of the line
  AtCollective = 3,  // waits for its warp at the shuffle, vote or __syncwarp of the line
  Done = 4,
};

// Packed into one word so a reader sees a line and its state together.
constexpr std::uint32_t pack_seen(SeenAs as, unsigned line) { return std::uint32_t(as) << 24 | (line & 0xFFFFFFu); }
constexpr SeenAs seen_as(std::uint32_t word) { return SeenAs(word >> 24); }
constexpr unsigned seen_line(std::uint32_t word) { return word & 0xFFFFFFu; }

struct SimWhere {
  unsigned block = 0, rank = 0;
  int running = -1;                  // the thread the scheduler had resumed, if any
  std::uint64_t operations = 0;      // the block's operations so far: between two looks, whether it moved
  std::vector<std::uint32_t> seen;   // per thread: pack_seen(...)
};

// The block being run now, as last seen; nullopt when no block runs.
std::optional<SimWhere> sim_where_now();

// Called by SimBlock (the block's scheduler thread): it runs now / it is going away.
void watch_block(const SimBlock* block);
void unwatch_block(const SimBlock* block);

}  // namespace wl
