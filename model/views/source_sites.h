// Which source line issued an event. Event::site is a line of the variant's own file
// (kernels/reduce/<id, '-' → '_'>.h) or, from the shared layers, a per-file base plus the line:
// 1000 + line → kernels/warp/warp_reduce.h, 2000 + line → kernels/block/block_reduce.h,
// 3000 + line → kernels/block/last_block_finish.h (kernels/dialect/README.md).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "model/views/block_events.h"

namespace wl {

struct SourceLocation {
  std::string file;  // repository-relative path
  unsigned line = 0;
};

std::string variant_source_path(std::string_view variant_id);
SourceLocation site_location(std::uint16_t site, std::string_view variant_id);

// file → line → events issued there by the block in the step.
using SourceHits = std::map<std::string, std::map<unsigned, std::uint32_t>>;
SourceHits step_source_hits(const BlockEvents& events, std::uint16_t step, std::string_view variant_id);

}  // namespace wl
