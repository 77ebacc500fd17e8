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

// Beside a racing line in the Source view, short enough to read there at a projector's size:
// "races with line 42: no barrier between" (`here`, `other`: this line's and the other access's
// sites; the other is "line N" when both are in one file).
std::string race_note(const Race& race, std::uint16_t here, std::uint16_t other, const TraceMeta& meta);

// The source lines a race joins: the first access's, then the second's.
std::pair<SourceLocation, SourceLocation> race_locations(const Race& race, const TraceMeta& meta);

}  // namespace wl
