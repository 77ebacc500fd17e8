// A warp running a loop where lanes 0-15 take one extra iteration (shared by the grouping and
// divergence tests). Per thread, in tree level 0:
//   for (i = 0; cond; ++i) { s[...] load at line 10 }   with the loop test at line 11:
//   lanes 0-15: branch taken x3, load x3, then branch not taken;
//   lanes 16-31: branch taken x2, load x2, then branch not taken.
#pragma once
#include "trace_builder.h"

namespace wl::test {

constexpr std::uint16_t kLoopLoadSite = 10;
constexpr std::uint16_t kLoopTestSite = 11;

inline Trace loop_trace() {
  TraceBuilder b(32);
  b.step(level_step(0));
  for (std::uint16_t t = 0; t < 32; ++t) {
    const unsigned iterations = t < 16 ? 3 : 2;
    for (unsigned i = 0; i < iterations; ++i) {
      b.branch(0, t, kLoopTestSite, true);
      b.shared(0, t, OpKind::SharedLoad, kLoopLoadSite, 4 * (32 * i + t));
    }
    b.branch(0, t, kLoopTestSite, false);
  }
  return b.build();
}

}  // namespace wl::test
