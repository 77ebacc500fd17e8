// Same-address serialisation of atomic warp requests (OpKind::SharedAtomic, GlobalAtomic).
//
// The lanes of one atomic request that hit the same address cannot be served together: the
// hardware applies them one after the other. A request therefore takes as many passes as the
// busiest of its addresses has lanes: 1 when every lane has its own address, 32 when the whole
// warp hits one. Lanes on different addresses are served in the same passes.
//
// An address is the lane's byte address as recorded: for shared atomics the offset in the
// block's shared memory (the same offset in different blocks counts as one address, so a
// per-address view sums the blocks' private copies); for global atomics the buffer plus the
// byte offset in it. Shared and global are counted apart.
#pragma once
#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

#include "model/warp_requests.h"

namespace wl {

bool is_atomic(OpKind op);

struct AtomicAddress {
  std::uint32_t buffer = 0;  // global: the event's buffer as a number; shared: 0
  std::uint32_t address = 0;

  friend bool operator==(const AtomicAddress& a, const AtomicAddress& b) {
    return a.buffer == b.buffer && a.address == b.address;
  }
  friend bool operator<(const AtomicAddress& a, const AtomicAddress& b) {
    return std::tie(a.buffer, a.address) < std::tie(b.buffer, b.address);
  }
};

// One atomic request: its distinct addresses with their lanes. No allocation, so it can be
// computed per request of a large trace.
struct RequestContention {
  struct Slot {
    AtomicAddress at;
    std::uint32_t lanes = 0;
  };
  std::uint32_t lanes = 0;     // active lanes
  std::uint32_t passes = 0;    // most lanes on one address; 0 for a request without lanes
  std::uint32_t distinct = 0;  // distinct addresses: slots [0, distinct), in address order
  Slot slots[kWarpSize];
};

// For an atomic request (is_atomic(request.op)); other requests give their addresses alike.
RequestContention request_contention(const WarpRequest& request);

// One address over many requests.
//   lanes:  atomic lanes that hit it;
//   passes: the passes of the requests in which it was a busiest address, i.e. the
//           serialisation it set (addresses tied for busiest in a request each count them).
struct AddressHits {
  AtomicAddress at;
  std::uint64_t lanes = 0;
  std::uint64_t passes = 0;
};

// Atomic requests of one kind (shared or global) in a step or in the whole trace.
struct ContentionCounts {
  std::uint64_t requests = 0;
  std::uint64_t lanes = 0;
  std::uint64_t passes = 0;  // summed over requests
  AddressHits hottest;       // the address most lanes hit (the lowest on ties); lanes 0: none
};

struct StepContention {
  std::uint16_t step = 0;
  ContentionCounts shared, global;
};

struct Contention {
  std::vector<StepContention> steps;  // steps with atomic requests, by step number
  ContentionCounts shared, global;    // the whole trace; hottest over all steps
};

// Requests from group_requests(trace); those that are not atomics are skipped.
Contention atomic_contention(const std::vector<WarpRequest>& requests);

// Every address that atomics of kind `op` (SharedAtomic or GlobalAtomic) hit, in address
// order; only those of `step` when given.
std::vector<AddressHits> atomic_address_hits(const std::vector<WarpRequest>& requests, OpKind op,
                                             std::optional<std::uint16_t> step = std::nullopt);

}  // namespace wl
