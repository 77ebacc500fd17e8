// Named steps. A kernel declares what it is doing (a tree level, an up-sweep depth, a look-back)
// through the dialect's ctx.step(...); every event it records then carries that step. A step is
// 16 bits: the kind in the top 4, an index (a level, a depth) in the low 12. The numbers order
// steps the way kernels run them, so a trace's steps sort into playback order. Load (0) and
// finish (0xFFFF) keep the values of trace format 1.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/host_device.h"

namespace wl {

using StepId = std::uint16_t;

// In the order they run. Kinds are algorithm phases, not families: a reduction's tree levels,
// a scan's sweeps, the cross-block protocols of kernels/grid.
enum class StepKind : std::uint8_t {
  Load = 0,            // reading the input
  Level = 1,           // level k of a tree (or step k of a step-efficient scan)
  UpSweep = 2,         // up-sweep at depth d
  DownSweep = 3,       // down-sweep at depth d
  Ticket = 4,          // publishing a block's partial and taking a ticket (kernels/grid)
  LookBack = 5,        // reading predecessors' tile status (kernels/grid)
  LastBlockLevel = 6,  // level k of the reduction the last block does over the partials
  Propagate = 7,       // adding a carried-in prefix to every element
  Merge = 8,           // combining private copies into shared or global results
  Bin = 9,             // counting items into bins (a histogram)
  Sort = 10,           // pass k of a sorting network
  ReduceScatter = 11,  // step s of an all-reduce's reduce-scatter, across GPUs
  AllGather = 12,      // step s of an all-reduce's all-gather
  Exchange = 13,       // step k of an all-reduce that trades whole buffers (partner r ^ 2^k)
  Pass = 14,           // a later read of the input by a kernel that reads it more than once: pass_step
  Finish = 15,         // writing the block's result
};
constexpr unsigned kStepKindCount = 16;
constexpr unsigned kStepIndexBits = 12;
constexpr unsigned kMaxStepIndex = (1u << kStepIndexBits) - 1;

WL_CORE_HD constexpr StepId make_step(StepKind kind, unsigned index = 0) {
  return StepId(unsigned(kind) << kStepIndexBits | (index & kMaxStepIndex));
}
WL_CORE_HD constexpr StepKind step_kind(StepId s) { return StepKind(s >> kStepIndexBits); }
WL_CORE_HD constexpr unsigned step_index(StepId s) { return s & kMaxStepIndex; }

constexpr StepId kLoadStep = make_step(StepKind::Load);
constexpr StepId kFinishStep = make_step(StepKind::Finish, kMaxStepIndex);
WL_CORE_HD constexpr StepId level_step(unsigned k) { return make_step(StepKind::Level, k); }
// Pass p >= 2 over the input (pass 1 is Load and its Level steps), then level k of the tree
// that reduces what it read: "pass 2", "pass 2, level 3". Up to 63 passes of 62 levels.
constexpr unsigned kPassLevelBits = 6;
WL_CORE_HD constexpr StepId pass_step(unsigned pass, unsigned level) {
  return make_step(StepKind::Pass, pass << kPassLevelBits | (level + 1));
}
WL_CORE_HD constexpr StepId pass_step(unsigned pass) { return make_step(StepKind::Pass, pass << kPassLevelBits); }

// "load", "level 3", "up-sweep d=2", "ticket", "look-back", "last block, level 1", "pass 2",
// "pass 2, level 3", "finish";
// "step 0x9003" for a kind this build does not know.
std::string step_name(StepId s);

// The inverse of step_name, for people typing a step (a lesson, the CLI's --level): "load",
// "finish", "3" or "level 3", "up-sweep d=2", "look-back", ...; nullopt for anything else.
std::optional<StepId> parse_step_name(std::string_view text);

// Trace format 1 numbered steps 0 (load), k + 1 (tree level k), 0xFFFF (finish).
constexpr StepId step_from_v1(std::uint16_t v1) {
  return (v1 == 0 || v1 == 0xFFFF) ? v1 : level_step(unsigned(v1) - 1u);
}

}  // namespace wl
