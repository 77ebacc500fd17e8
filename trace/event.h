// One recorded operation of one thread. Written by the instrumented GPU kernels and by the
// CPU simulator alike, so it must stay a plain, fixed-layout struct usable from device code.
#pragma once
#include <cstdint>
#include <cstring>

#include "core/step.h"

#if defined(__CUDACC__)
#define WL_HD __host__ __device__
#else
#define WL_HD
#endif

namespace wl {

enum class OpKind : std::uint8_t {
  GlobalLoad = 0,
  GlobalStore = 1,
  SharedLoad = 2,
  SharedStore = 3,
  Shuffle = 4,       // value[0] = value sent, value[1] = value received, aux = source lane (or kUnknownLane)
  Vote = 5,          // value[0] = predicate, value[1] = result (ballot mask / any / all / match)
  GlobalAtomic = 6,  // value[0] = operand; the old value is not recorded (it depends on timing)
  SharedAtomic = 7,
  Branch = 8,        // flags bit 0 = taken
  Barrier = 9,       // __syncthreads; flags kRankBarrier: a barrier across ranks (GPUs)
  WarpSync = 10,     // __syncwarp, aux = mask
  Fence = 11,        // __threadfence
  Count = 12
};

// Which global buffer an access touched: an index into the trace's buffer table
// (TraceMeta::buffers), which names it and gives its element type; 0 = none. Addresses of global
// accesses are byte offsets from the start of that buffer (buffers are 256-byte aligned on both
// backends).
using BufferId = std::uint8_t;
constexpr BufferId kNoBuffer = 0;

// Steps: see core/step.h. Kernels declare them with ctx.step(...).

// Event::flags of a Barrier that waits for the same block of every rank (an LSA barrier), not
// only for its own block's threads.
constexpr std::uint8_t kRankBarrier = 2;
// Event::flags of a GlobalLoad or GlobalStore of a flag (the dialect's read_flag, wait_flag and
// raise_flag): it orders memory between blocks or ranks and carries no data. A wait's value is
// the count it waited for, not what it saw (that depends on timing), and its aux kFlagWaited.
constexpr std::uint8_t kFlagSync = 4;
constexpr std::uint32_t kFlagWaited = 1;

// Event::aux of an atomic. The numbers are stored in trace files, so they stay fixed (1-2 stay
// unused: older traces may hold them, for min and max). Cas keeps the number older traces gave
// compare-and-swap: the thread's load of the same location before it is the loop's own read
// (model/races.h).
enum class AtomicKind : unsigned { Add = 0, Cas = 3, Combine = 4 };

constexpr unsigned kWarpSize = 32;
// A shuffle's aux where the source lane is not known: recorded on a GPU, whose patch is not
// given the lane operand, from an instruction that takes it from a register (gpu_recording.h).
constexpr std::uint32_t kUnknownLane = 0xFFFFFFFFu;
constexpr unsigned kBanks = 32;

// A store's operand mask (st_from, Event::aux): bit k names the thread's load k of the step;
// kStoreFromRegisters adds what the thread's registers carry from before (its last stored or
// received value and the loads no st_from has named), such as a prefix an earlier step
// computed. Masks therefore name at most 29 loads; bit 31 names none (a constant's store).
constexpr std::uint32_t kStoreFromRegisters = 1u << 30;
constexpr std::uint32_t kStoreConstant = 1u << 31;  // from no load and no register
// The mask's bits count the loads of the value being stored instead of the step's: those since
// the thread last stored and then loaded again. A loop that loads and stores many times in one
// step names each iteration's own loads; stores of one value into several places name the same.
constexpr std::uint32_t kStoreSinceStore = 1u << 29;
constexpr unsigned kStoreMaskLoads = 29;

struct Event {
  std::uint32_t block;    // linear block index
  std::uint32_t seq;      // per-thread event counter: the order within one thread
  std::uint16_t thread;   // linear thread index within the block
  StepId step;            // core/step.h: kind and index
  std::uint16_t site;     // source line of the kernel that issued the operation
  OpKind op;
  std::uint8_t size;      // access width in bytes (4, 8, 16), 0 for non-memory events
  std::uint32_t address;  // shared: byte offset in the block's shared memory; global: see Buffer
  std::uint32_t aux;      // shuffle source lane, warp-sync mask, atomic kind, st_from operand mask
  BufferId buffer;        // kNoBuffer, or an entry of TraceMeta::buffers
  std::uint8_t flags;     // Branch: bit 0 = taken
  std::uint16_t launch;   // index in TraceMeta::launches
  // When it happened, for timelines: on the GPU the global timer (%globaltimer, ns, low 32
  // bits); in the simulator its own tick, the order it ran events in. Never compared between
  // backends.
  std::uint32_t time;
  std::uint64_t value[2]; // raw bits of the value(s); 16-byte vector accesses use both

  WL_HD unsigned warp() const { return thread / kWarpSize; }
  WL_HD unsigned lane() const { return thread % kWarpSize; }
  WL_HD unsigned bank() const { return (address / 4) % kBanks; }
  WL_HD bool taken() const { return flags & 1u; }
};
static_assert(sizeof(Event) == 48, "Event layout is part of the trace file format");

// Whether two events record the same operation: every field but the time.
inline bool same_operation(Event a, Event b) {
  a.time = b.time = 0;
  return std::memcmp(&a, &b, sizeof(Event)) == 0;
}

inline const char* op_name(OpKind op) {
  switch (op) {
    case OpKind::GlobalLoad: return "global_load";
    case OpKind::GlobalStore: return "global_store";
    case OpKind::SharedLoad: return "shared_load";
    case OpKind::SharedStore: return "shared_store";
    case OpKind::Shuffle: return "shuffle";
    case OpKind::Vote: return "vote";
    case OpKind::GlobalAtomic: return "global_atomic";
    case OpKind::SharedAtomic: return "shared_atomic";
    case OpKind::Branch: return "branch";
    case OpKind::Barrier: return "barrier";
    case OpKind::WarpSync: return "warp_sync";
    case OpKind::Fence: return "fence";
    default: return "unknown";
  }
}

}  // namespace wl
