// How many GPUs an all-reduce runs on, the grid each rank launches, and the family's checks of a
// request. The same on every backend, so a GPU trace and a simulator trace describe the same
// launches.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/families/allreduce/variant_info.h"
#include "kernels/family/run_request.h"

namespace wl::allreduce {

// The family's "gpus" parameter (the number of ranks), or its default.
unsigned ranks_of(const RunRequest& request);
constexpr unsigned kDefaultRanks = 4;  // the simulator's default: the lesson's four GPUs

// Blocks each rank launches: one a block of a chunk's elements (of all n, for a variant whose
// threads stride over n), at most one a multiprocessor (blocks of every rank wait for each other
// at rank barriers, so all must be resident at once).
unsigned grid_of(const AllReduceVariantInfo& info, const RunRequest& request);

// A channelled variant's channels (pipelined.h): `--param channels`, or by default one a
// kChannelElements of a chunk, at most kMaxChannels and one a multiprocessor.
unsigned channels_of(const RunRequest& request);
constexpr unsigned kMaxChannels = 32;  // untuned cap: every block of a rank must be resident; far below 132 SMs
// And the pieces each channel cuts its part of a chunk into: one a kPieceElements, and at least
// kShownPieces (or one an element, for a smaller part) so a small run shows the pipeline.
unsigned pieces_of(const RunRequest& request);

std::string validate_allreduce(const AllReduceVariantInfo& info, const RunRequest& request);

}  // namespace wl::allreduce
