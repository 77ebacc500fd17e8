// The events of one recorded block, for views that show a single block.
#pragma once
#include <cstdint>
#include <vector>

#include "trace/trace.h"

namespace wl {

// A contiguous run of trace.events: one block's events, ordered by thread then seq. Needs a
// single-launch trace (select_launch) in canonical order (sort_canonical); `count` is 0 when the
// block was not recorded.
struct BlockEvents {
  const Event* first = nullptr;
  std::size_t count = 0;

  const Event* begin() const { return first; }
  const Event* end() const { return first + count; }
  bool empty() const { return count == 0; }
};

BlockEvents block_events(const Trace& sorted_trace, std::uint32_t block);

// Every step that occurs in the events, ascending (so kFinishStep comes last).
std::vector<std::uint16_t> steps_of(const Event* first, std::size_t count);

}  // namespace wl
