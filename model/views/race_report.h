// Races (model/races.h) in a student's words: what the CLI, the app's problem line and the
// Source view say.
#pragma once
#include <string>
#include <vector>

#include "model/races.h"
#include "model/views/source_sites.h"

namespace wl {

// "line 41: thread 3 of block 0 read shared[19] at level 1; thread 19 wrote it at line 42 in the
// same barrier interval: a barrier is missing between them". Lines of the variant's own file are
// "line N", others "file:N".
std::string race_sentence(const Race& race, const TraceMeta& meta);

// The source lines a race joins: the first access's, then the second's.
std::pair<SourceLocation, SourceLocation> race_locations(const Race& race, const TraceMeta& meta);

}  // namespace wl
