// A deliberately broken kernel for each error class is caught, with a message naming the
// place; a correct kernel using the same features runs clean.
#include <gtest/gtest.h>

#include <vector>

#include "kernels/dialect/dialect.h"
#include "kernels/sim/sim_context.h"
#include "kernels/sim/sim_grid.h"

namespace wl {
namespace {

KernelError expect_error(unsigned block_dim, unsigned shared_bytes, KernelBody body) {
  SimLaunch launch;
  launch.grid_dim = 2;
  launch.block_dim = block_dim;
  launch.shared_bytes = shared_bytes;
  SimGrid grid(launch, std::move(body));
  try {
    grid.run();
  } catch (const KernelError& e) {
    return e;
  }
  ADD_FAILURE() << "the kernel ran without an error";
  return KernelError(KernelErrorKind::Deadlock, "none", 0, 0, 0);
}

TEST(SimulatorErrors, BarrierSkippedInABranch) {
  KernelError e = expect_error(64, 0, [](SimCtx& ctx) {
    if (ctx.thread_idx() < 32) ctx.sync();
  });
  EXPECT_EQ(e.kind(), KernelErrorKind::BarrierDivergence);
  EXPECT_NE(std::string(e.what()).find("threads 0-31 wait at __syncthreads"), std::string::npos) << e.what();
  EXPECT_NE(std::string(e.what()).find("32-63 have exited"), std::string::npos) << e.what();
}

TEST(SimulatorErrors, BarriersOnDifferentLines) {
  KernelError e = expect_error(64, 0, [](SimCtx& ctx) {
    if (ctx.thread_idx() % 2) {
      ctx.sync();
    } else {
      ctx.sync();
    }
  });
  EXPECT_EQ(e.kind(), KernelErrorKind::BarrierDivergence);
  EXPECT_NE(std::string(e.what()).find("different __syncthreads"), std::string::npos) << e.what();
}

TEST(SimulatorErrors, SharedOutOfBounds) {
  KernelError e = expect_error(32, 128, [](SimCtx& ctx) {
    Shared<float> s = shared_array<float>(ctx, 32);
    ctx.st(s, ctx.thread_idx() + 1, 1.0f);
  });
  EXPECT_EQ(e.kind(), KernelErrorKind::SharedOutOfBounds);
  EXPECT_EQ(e.thread(), 31u);
  EXPECT_NE(std::string(e.what()).find("element 32 of a shared array of 32"), std::string::npos) << e.what();
}

// On the GPU a 16-byte access that does not start on a whole vector faults; here it is named.
TEST(SimulatorErrors, MisalignedVectorAccess) {
  KernelError e = expect_error(32, 512, [](SimCtx& ctx) {
    Shared<float> s = shared_array<float>(ctx, 128);
    ctx.st_vec(s, ctx.thread_idx() * 4 + (ctx.thread_idx() == 5 ? 2 : 0), Vec<float, 4>{{1, 2, 3, 4}});
  });
  EXPECT_EQ(e.kind(), KernelErrorKind::MisalignedVector);
  EXPECT_EQ(e.thread(), 5u);
  EXPECT_NE(std::string(e.what()).find("element 22, not a multiple of 4"), std::string::npos) << e.what();
}

TEST(SimulatorErrors, SharedReadBeforeAnyWrite) {
  KernelError e = expect_error(32, 128, [](SimCtx& ctx) {
    Shared<int> s = shared_array<int>(ctx, 32);
    if (ctx.thread_idx() > 0) ctx.st(s, ctx.thread_idx(), 1);
    ctx.sync();
    int v = ctx.ld(s, (ctx.thread_idx() + 31) % 32);
    (void)v;
  });
  EXPECT_EQ(e.kind(), KernelErrorKind::SharedUninitializedRead);
  EXPECT_EQ(e.thread(), 1u);  // thread 1 reads element 0, which nobody wrote
}

TEST(SimulatorErrors, ShuffleMaskLeavesOutParticipatingLanes) {
  KernelError e = expect_error(32, 0, [](SimCtx& ctx) {
    float v = ctx.shfl_down(0x0000ffffu, 1.0f, 1);
    (void)v;
  });
  EXPECT_EQ(e.kind(), KernelErrorKind::ShuffleMask);
  EXPECT_NE(std::string(e.what()).find("leaves out lane(s) 16-31"), std::string::npos) << e.what();
}

TEST(SimulatorErrors, ShuffleMaskNamesAnExitedLane) {
  KernelError e = expect_error(32, 0, [](SimCtx& ctx) {
    if (ctx.lane() >= 16) return;
    float v = ctx.shfl_down(0xffffffffu, 1.0f, 1);
    (void)v;
  });
  EXPECT_EQ(e.kind(), KernelErrorKind::ShuffleMask);
  EXPECT_NE(std::string(e.what()).find("already exited"), std::string::npos) << e.what();
}

TEST(SimulatorErrors, GlobalOutOfBounds) {
  std::vector<float> data(10, 1.0f);
  KernelError e = expect_error(32, 0, [&](SimCtx& ctx) {
    Global<float> g{data.data(), data.size(), 1};
    float v = ctx.ld(g, ctx.thread_idx());
    (void)v;
  });
  EXPECT_EQ(e.kind(), KernelErrorKind::GlobalOutOfBounds);
  EXPECT_EQ(e.thread(), 10u);
}

TEST(SimulatorErrors, SpinWaitOnAFlagNobodySets) {
  std::vector<unsigned> flag(1, 0);
  KernelError e = expect_error(32, 0, [&](SimCtx& ctx) {
    Global<unsigned> g{flag.data(), 1, 2};
    while (ctx.ld_volatile(g, 0) == 0) ctx.yield_spin();
  });
  EXPECT_EQ(e.kind(), KernelErrorKind::SpinHang);
}

TEST(Simulator, ASpinWaitYieldsToTheBlockThatReleasesIt) {
  // Block 0 waits for a flag that block 1 sets: it only finishes if the simulator lets block 1
  // run while block 0 spins, as decoupled look-back needs.
  std::vector<unsigned> flag(1, 0), seen(2, 0);
  SimLaunch launch;
  launch.grid_dim = 2;
  launch.block_dim = 32;
  SimGrid grid(launch, [&](SimCtx& ctx) {
    Global<unsigned> f{flag.data(), 1, 2};
    Global<unsigned> s{seen.data(), 2, 3};
    if (ctx.block_idx() == 0) {
      while (ctx.ld_volatile(f, 0) == 0) ctx.yield_spin();
    } else if (ctx.thread_idx() == 0) {
      ctx.st(f, 0, 1u);
    }
    if (ctx.thread_idx() == 0) ctx.st(s, ctx.block_idx(), 1u);
  });
  grid.run();
  EXPECT_EQ(seen, (std::vector<unsigned>{1, 1}));
}

TEST(Simulator, WarpCollectivesExchangeValues) {
  std::vector<unsigned> out(32 * 4, 0);
  SimLaunch launch;
  launch.block_dim = 32;
  SimGrid grid(launch, [&](SimCtx& ctx) {
    Global<unsigned> g{out.data(), out.size(), 3};
    const unsigned lane = ctx.lane();
    unsigned down = ctx.shfl_down(0xffffffffu, lane * 10, 3);
    unsigned x = ctx.shfl_xor(0xffffffffu, lane, 1);
    unsigned ballot = ctx.ballot(0xffffffffu, lane % 3 == 0);
    unsigned match = ctx.match_any(0xffffffffu, lane / 8);
    ctx.st(g, lane, down);
    ctx.st(g, 32 + lane, x);
    ctx.st(g, 64 + lane, ballot);
    ctx.st(g, 96 + lane, match);
  });
  grid.run();
  for (unsigned l = 0; l < 32; ++l) {
    EXPECT_EQ(out[l], (l + 3 < 32 ? l + 3 : l) * 10) << l;  // out of range keeps its own value
    EXPECT_EQ(out[32 + l], l ^ 1u);
    EXPECT_EQ(out[64 + l], 0x49249249u);  // lanes 0, 3, 6, ..., 30
    EXPECT_EQ(out[96 + l], 0xffu << (l / 8 * 8));
  }
}

}  // namespace
}  // namespace wl
