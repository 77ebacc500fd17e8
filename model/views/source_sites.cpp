#include "model/views/source_sites.h"

namespace wl {
namespace {

struct SharedLayer {
  unsigned base;
  const char* file;
};
// Highest base first: a site belongs to the largest base not above it.
constexpr SharedLayer kSharedLayers[] = {
    {4000, "kernels/grid/tile_status.h"},
    {3000, "kernels/grid/last_block.h"},
    {2700, "kernels/block/block_tree_scan.h"},
    {2500, "kernels/block/block_scan.h"},
    {2000, "kernels/block/block_reduce.h"},
    {1800, "kernels/warp/warp_chunks.h"},
    {1500, "kernels/warp/warp_scan.h"},
    {1000, "kernels/warp/warp_reduce.h"},
};
constexpr unsigned kFamilySharedBase = 5000;  // the family's own shared header

std::string family_folder(const TraceMeta& meta) { return "kernels/families/" + meta.family + "/"; }

}  // namespace

std::string variant_source_path(const TraceMeta& meta) {
  if (!meta.variant_file.empty()) return meta.variant_file;  // a learner's kernel
  if (!meta.lines_file.empty()) return meta.lines_file;        // a built-in body from another file
  std::string name = meta.variant;
  for (char& c : name)
    if (c == '-') c = '_';
  return family_folder(meta) + name + ".h";
}

SourceLocation site_location(std::uint16_t site, const TraceMeta& meta) {
  // A plain-CUDA kernel's sites (the lab's, or a program's recorded on a GPU) are lines of one
  // file, however long: the dialect's layer bases do not apply.
  if (meta.family == kRecordedFamily || meta.variant == kPlainVariant) return {variant_source_path(meta), site};
  if (site >= kFamilySharedBase) return {family_folder(meta) + "variant.h", site - kFamilySharedBase};
  for (const SharedLayer& layer : kSharedLayers)
    if (site >= layer.base) return {layer.file, site - layer.base};
  return {variant_source_path(meta), site};
}

std::string site_text(std::uint16_t site, const TraceMeta& meta) {
  const SourceLocation at = site_location(site, meta);
  // "line N" where the kernel's own file is meant; a body from another file is named.
  if (at.file == variant_source_path(meta) && meta.lines_file.empty()) return "line " + std::to_string(at.line);
  return at.file.substr(at.file.rfind('/') + 1) + ":" + std::to_string(at.line);  // the name the Source view's tab shows
}

SourceHits step_source_hits(const BlockEvents& events, StepId step, const TraceMeta& meta) {
  SourceHits hits;
  for (const Event& e : events) {
    if (e.step != step) continue;
    const SourceLocation at = site_location(e.site, meta);
    ++hits[at.file][at.line];
  }
  return hits;
}

}  // namespace wl
