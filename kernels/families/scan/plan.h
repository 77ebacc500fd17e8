// The launches a scan request turns into. A TilesThenPropagate variant scans level 0 (the
// input), then level 1 (the tiles' totals), and so on until one tile holds a level; then it
// propagates each level's prefixes back down, deepest first. A SinglePass or Independent variant
// is one launch.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/families/scan/variant_info.h"
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::scan {

struct Level {
  std::uint64_t n;            // elements scanned at this level
  unsigned grid;              // its tiles
  unsigned items_per_thread;  // a tile is block * items_per_thread elements
};
// The levels of request r (its n, block, multiprocessors and "items" parameter) on variant info.
std::vector<Level> plan_levels(const ScanVariantInfo& info, const RunRequest& r);

// The items a thread of a tile scanning n elements: what the request's "items" asks for when the
// variant runs that size, else the largest size it runs that still gives at least one tile to
// every fourth multiprocessor (the smallest when none does).
unsigned tile_items(const ScanVariantInfo& info, std::uint64_t n, unsigned block, unsigned sm_count, unsigned asked);

// The tile sizes a variant runs, in items a thread, ascending, and as text: "8, 32 or 128".
std::vector<unsigned> tile_sizes(const ScanVariantInfo& info);
std::string tile_sizes_text(const ScanVariantInfo& info);

// Every launch, in the order they run: the scans of each level, then the propagates.
std::vector<PlannedLaunch> planned_launches(const ScanVariantInfo& info, const std::vector<Level>& levels,
                                            unsigned block);
std::string scan_launch_name(const ScanVariantInfo& info, std::size_t level);
constexpr const char* kPropagateName = "propagate";

// An upper bound on the roundings between an input element and any output: each level's
// sequential items and two block trees, one combine per propagate, and for a single pass the
// look-back's chain over every tile before and the running prefix over a warp's chunks; an
// Independent variant's chain is n long.
std::uint64_t combine_depth(const ScanVariantInfo& info, const std::vector<Level>& levels, unsigned block);

// Scan's own checks of a request (Family::validate).
std::string validate_scan(const ScanVariantInfo& info, const RunRequest& request);

// Whether the request asks for an exclusive scan (the family's "exclusive" parameter).
bool is_exclusive(const RunRequest& request);

// The items a thread the request fixes (the family's "items" parameter); 0: sized by n.
unsigned asked_items(const RunRequest& request);

}  // namespace wl::scan
