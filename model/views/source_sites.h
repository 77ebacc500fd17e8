// Which source line issued an event. Event::site is a line of the variant's own file
// (kernels/families/<family>/<id, '-' → '_'>.h) or, from the shared layers, a per-file base plus
// the line: 1000 + line → kernels/warp/warp_reduce.h, 1500 → kernels/warp/warp_scan.h,
// 1800 → kernels/warp/warp_chunks.h, 2000 → kernels/block/block_reduce.h,
// 2500 → kernels/block/block_scan.h, 2700 → kernels/block/block_tree_scan.h,
// 3000 → kernels/grid/last_block.h,
// 4000 → kernels/grid/tile_status.h, 5000 → the family's shared header
// kernels/families/<family>/variant.h (kernels/dialect/README.md).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "model/views/block_events.h"
#include "trace/trace.h"

namespace wl {

struct SourceLocation {
  std::string file;  // repository-relative path
  unsigned line = 0;
};

// meta.family and meta.variant name the kernel; meta.variant_file, a learner's.
std::string variant_source_path(const TraceMeta& meta);
SourceLocation site_location(std::uint16_t site, const TraceMeta& meta);
// How a student reads a site: "line 41" in the kernel's own file, "warp_reduce.h:12" in another.
std::string site_text(std::uint16_t site, const TraceMeta& meta);

// file → line → events issued there by the block in the step.
using SourceHits = std::map<std::string, std::map<unsigned, std::uint32_t>>;
SourceHits step_source_hits(const BlockEvents& events, StepId step, const TraceMeta& meta);

}  // namespace wl
