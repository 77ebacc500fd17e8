// Bytes each rank of a run over several GPUs (an all-reduce) moved to and from other ranks'
// memory: from the global loads, stores and atomics whose buffer lives on another rank
// (BufferRecord::rank) than the launch that issued them (LaunchRecord::rank). In total and per
// step, as matrices: row = the rank that issued the access, column = the rank whose memory it
// touched. Accesses to a rank's own memory are not counted.
#pragma once
#include <cstdint>
#include <map>
#include <vector>

#include "trace/trace.h"

namespace wl {

struct LinkBytes {
  unsigned ranks = 0;
  std::vector<std::uint64_t> read, written;  // ranks x ranks, row-major

  std::uint64_t read_from(unsigned rank, unsigned peer) const { return read[rank * ranks + peer]; }
  std::uint64_t written_to(unsigned rank, unsigned peer) const { return written[rank * ranks + peer]; }
  std::uint64_t read_by(unsigned rank) const;     // over every peer
  std::uint64_t written_by(unsigned rank) const;
};

struct PeerTraffic {
  LinkBytes total;
  std::uint64_t flag_bytes = 0;  // of total: flags read and raised across links (kFlagSync)
  std::map<StepId, LinkBytes> steps;  // every step with an access to another rank's memory
};

// Over every launch of `trace` (the whole run: one launch a rank); empty for one GPU.
PeerTraffic peer_traffic(const Trace& trace);

}  // namespace wl
