// Where a simulated kernel is while it runs, as a watchdog on another thread may ask: the lab
// stops a kernel that runs past its time limit and says where its threads were. The simulator's
// public side of sim_watch.h; the blocks' own bookkeeping stays inside the simulator.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace wl {

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

// The block being run now, as last seen; nullopt when no block runs. Safe from any thread.
std::optional<SimWhere> sim_where_now();

// "0-15, 32, 40-47": a readable list of thread or lane numbers.
std::string describe_ids(const std::vector<unsigned>& ids);

}  // namespace wl
