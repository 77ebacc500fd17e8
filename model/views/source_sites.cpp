#include "model/views/source_sites.h"

namespace wl {
namespace {

struct SharedLayer {
  unsigned base;
  const char* file;
};
// Highest base first: a site belongs to the largest base not above it.
constexpr SharedLayer kSharedLayers[] = {
    {3000, "kernels/block/last_block_finish.h"},
    {2000, "kernels/block/block_reduce.h"},
    {1000, "kernels/warp/warp_reduce.h"},
};

}  // namespace

std::string variant_source_path(std::string_view variant_id) {
  std::string name(variant_id);
  for (char& c : name)
    if (c == '-') c = '_';
  return "kernels/reduce/" + name + ".h";
}

SourceLocation site_location(std::uint16_t site, std::string_view variant_id) {
  for (const SharedLayer& layer : kSharedLayers)
    if (site >= layer.base) return {layer.file, site - layer.base};
  return {variant_source_path(variant_id), site};
}

SourceHits step_source_hits(const BlockEvents& events, std::uint16_t step, std::string_view variant_id) {
  SourceHits hits;
  for (const Event& e : events) {
    if (e.step != step) continue;
    const SourceLocation at = site_location(e.site, variant_id);
    ++hits[at.file][at.line];
  }
  return hits;
}

}  // namespace wl
