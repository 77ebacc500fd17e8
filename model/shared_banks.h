// Shared-memory bank conflicts of one warp request, counted as the hardware counts them
// (Nsight Compute: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_{ld,st}.sum and
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum).
//
// Shared memory has 32 banks of 4 bytes; the word at byte address a is a / 4 and lives in
// bank (a / 4) % 32. The lanes of a request are served in groups (shared_lane_group_width):
// all 32 lanes for accesses of 1, 2 or 4 bytes, half-warps (lanes 0-15, 16-31) for 8 bytes,
// quarter-warps (8 lanes) for 16 bytes. A lane's access covers the words a / 4 through
// (a + size - 1) / 4. A group with at least one active lane takes as many wavefronts as the
// busiest bank has DISTINCT words (lanes reading one word share it: a broadcast, no conflict).
//   wavefronts = sum over groups; ideal = groups with an active lane; conflicts = difference.
#pragma once
#include <cstdint>

#include "model/warp_requests.h"

namespace wl {

struct BankCost {
  std::uint32_t wavefronts = 0;
  std::uint32_t ideal = 0;
  std::uint32_t conflicts() const { return wavefronts - ideal; }
};

// How many consecutive lanes the hardware serves together for an access of this many bytes.
// This is the one place that encodes the 8- and 16-byte rule; refine it here if ncu on real
// hardware disagrees.
unsigned shared_lane_group_width(unsigned access_size);

// For any shared request (load, store or atomic; atomics use the same bank rule, which is an
// approximation: the hardware also serialises same-address atomics, which
// model/atomic_contention.h counts).
BankCost shared_bank_cost(const WarpRequest& request);

}  // namespace wl
