// Data races in a recorded run, told by its structure, not by its values: two accesses to one
// location by different threads, at least one a write and not both atomics, with nothing that
// orders them. What orders them:
// - within a block, a barrier between them (each thread's count of Barrier events differs);
//   within a warp, also a __syncwarp, shuffle or vote between them (each lane's count of those
//   differs): since Volta the lanes of a warp need not run in lockstep;
// - between ranks of a run over several GPUs, a rank barrier between them (each thread's count
//   of barriers with kRankBarrier differs), for global memory; or flags raised and waited on
//   between their blocks (model/flag_order.h). A flag's own accesses order; they never race;
// - anything else: different launches of one GPU run one after another; different blocks of a
//   launch are taken to be ordered (the trace cannot tell a fence-and-ticket protocol apart).
// A compare-and-swap loop's read is part of its atomic: the thread's plain load of the location
// just before its compare-and-swap of it (AtomicKind::Cas, no access of the thread's to it
// between) races with no atomic, as CUDA's own atomicCAS loops (a float atomicAdd on shared
// memory on sm_90, the programming guide's double atomicAdd) rely on; with a plain store it
// still races.
// The same accesses race whatever order they happened to run in, so a race found here is found
// on every run, on the simulator and on the GPU alike, even when the values came out right.
#pragma once
#include <cstdint>
#include <vector>

#include "trace/trace.h"

namespace wl {

enum class RaceKind : std::uint8_t {
  ReadWrite,   // one thread read what another wrote (or was about to write)
  WriteWrite,  // two threads wrote it: which value stays depends on timing
};

enum class RaceScope : std::uint8_t {
  Block,  // threads of one block with no barrier between them
  Warp,   // lanes of one warp with no barrier and no __syncwarp between them
  Ranks,  // threads on different GPUs with no rank barrier between them
};

// One access of a race: the event (an index into trace.events) and what it names.
struct RaceAccess {
  std::uint32_t event = 0;
  std::uint16_t launch = 0;
  std::uint32_t block = 0;
  std::uint16_t thread = 0;
  std::uint16_t site = 0;
  StepId step = 0;
  OpKind op = OpKind::Count;
};

// A pair of source lines that race, with its first example (the lowest location, then the
// lowest threads) and how many pairs of accesses race there.
struct Race {
  RaceKind kind = RaceKind::ReadWrite;
  RaceScope scope = RaceScope::Block;
  bool shared = true;            // shared memory, else global
  BufferId buffer = kNoBuffer;   // global: which buffer
  std::uint64_t element = 0;     // shared: slot of the run's value type; global: element
  RaceAccess first;              // ReadWrite: the read; WriteWrite: the lower thread's write
  RaceAccess second;             // the write it races with
  std::uint64_t pairs = 1;       // racing pairs of accesses between these two lines
};

// Every race of the run, one per (kind, scope, first line, second line), in the order of their
// first examples. A bounded number of pairs is examined per location and interval, so a location
// every thread of a block touches stays cheap; `pairs` counts those examined.
std::vector<Race> find_races(const Trace& run);

}  // namespace wl
