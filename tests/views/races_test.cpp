// Races told by structure (model/races.h) and said in words (model/views/race_report.h): small
// traces built by hand, and every built-in variant on the simulator, whose racy pitfalls must be
// found and whose correct kernels must not.
#include <gtest/gtest.h>

#include "kernels/family/family.h"
#include "model/races.h"
#include "model/views/race_report.h"
#include "sim_trace.h"
#include "trace_builder.h"

namespace wl {
namespace {

using test::TraceBuilder;

constexpr std::uint32_t kSlot19 = 19 * 4;  // shared slot 19 of an i32 run

// Thread `reader` reads slot 19 at line 41 and thread `writer` writes it at line 42, in level 1;
// `between` is what both do after the read and before the write.
Trace read_then_write(std::uint16_t reader, std::uint16_t writer, OpKind between) {
  TraceBuilder b(64);
  b.step(level_step(1));
  b.shared(0, reader, OpKind::SharedLoad, 41, kSlot19);
  if (between != OpKind::Count) {
    b.add(0, reader, between, 43);
    b.add(0, writer, between, 43);
  }
  b.shared(0, writer, OpKind::SharedStore, 42, kSlot19);
  return b.build();
}

TEST(Races, AReadAndAWriteOfOtherThreadsWithNoBarrierRace) {
  const Trace t = read_then_write(3, 35, OpKind::Count);
  const std::vector<Race> races = find_races(t);
  ASSERT_EQ(races.size(), 1u);
  const Race& r = races[0];
  EXPECT_EQ(r.kind, RaceKind::ReadWrite);
  EXPECT_EQ(r.scope, RaceScope::Block);
  EXPECT_TRUE(r.shared);
  EXPECT_EQ(r.element, 19u);
  EXPECT_EQ(r.first.thread, 3);
  EXPECT_EQ(r.first.site, 41);
  EXPECT_EQ(r.second.thread, 35);
  EXPECT_EQ(r.second.site, 42);
  EXPECT_EQ(race_sentence(r, t.meta),
            "line 41: thread 3 of block 0 read shared[19] at level 1; thread 35 wrote it at line 42 in the same "
            "barrier interval: a barrier is missing between them");
  EXPECT_EQ(race_note(r, r.first.site, r.second.site, t.meta), "races with line 42: no barrier between");
}

TEST(Races, ABarrierBetweenOrdersThem) {
  EXPECT_TRUE(find_races(read_then_write(3, 35, OpKind::Barrier)).empty());
}

// Lanes 3 and 19 share warp 0: with no __syncwarp they race (since Volta), with one they do not;
// a __syncwarp does not order threads of different warps.
TEST(Races, LanesOfAWarpNeedASyncwarp) {
  const std::vector<Race> unsynced = find_races(read_then_write(3, 19, OpKind::Count));
  ASSERT_EQ(unsynced.size(), 1u);
  EXPECT_EQ(unsynced[0].scope, RaceScope::Warp);
  EXPECT_TRUE(find_races(read_then_write(3, 19, OpKind::WarpSync)).empty());
  EXPECT_EQ(find_races(read_then_write(3, 35, OpKind::WarpSync)).size(), 1u);
}

// Atomics to one address do not race with each other; a plain read of it does.
TEST(Races, AtomicsRaceOnlyWithPlainAccesses) {
  TraceBuilder b(64);
  for (std::uint16_t t = 0; t < 64; ++t) b.shared(0, t, OpKind::SharedAtomic, 50, kSlot19);
  EXPECT_TRUE(find_races(b.build()).empty());
  b.shared(0, 7, OpKind::SharedLoad, 51, kSlot19);
  // Against every other thread's atomic: 31 lanes of its own warp, 32 threads of the other.
  const std::vector<Race> races = find_races(b.build());
  ASSERT_EQ(races.size(), 2u);
  for (const Race& r : races) {
    EXPECT_EQ(r.first.site, 51);
    EXPECT_EQ(r.second.op, OpKind::SharedAtomic);
    EXPECT_EQ(r.pairs, r.scope == RaceScope::Warp ? 31u : 32u);
  }
}

// A compare-and-swap loop, as float atomicAdd on shared memory is on sm_90 (LDS, then
// ATOMS.CAST.SPIN, again while it fails): its read is part of the atomic, so 64 threads looping
// on one slot race with nothing; a plain store of the slot still races with those reads, and a
// load the thread does not follow with its own compare-and-swap still races with them.
TEST(Races, ACompareAndSwapLoopsReadIsPartOfItsAtomic) {
  TraceBuilder b(64);
  for (int attempt = 0; attempt < 2; ++attempt)
    for (std::uint16_t t = 0; t < 64; ++t) {
      b.shared(0, t, OpKind::SharedLoad, 90, kSlot19);
      b.shared(0, t, OpKind::SharedAtomic, 92, kSlot19).aux = unsigned(AtomicKind::Cas);
    }
  EXPECT_TRUE(find_races(b.build()).empty());

  TraceBuilder add_loop = b;  // the same loads before an atomicAdd, not a compare-and-swap: they race
  for (Event& e : add_loop.events())
    if (e.op == OpKind::SharedAtomic) e.aux = unsigned(AtomicKind::Add);
  EXPECT_FALSE(find_races(add_loop.build()).empty());

  b.shared(0, 5, OpKind::SharedStore, 95, kSlot19);
  const std::vector<Race> races = find_races(b.build());
  bool read_races_store = false;
  for (const Race& r : races) {
    EXPECT_TRUE(r.first.site == 95 || r.second.site == 95);
    read_races_store |= r.kind == RaceKind::ReadWrite && r.first.site == 90 && r.second.site == 95;
  }
  EXPECT_TRUE(read_races_store);
}

// Two threads write one slot: a write-write race, the lower thread first.
TEST(Races, TwoWritersRace) {
  TraceBuilder b(64);
  b.shared(0, 40, OpKind::SharedStore, 60, kSlot19);
  b.shared(0, 2, OpKind::SharedStore, 61, kSlot19);
  const std::vector<Race> races = find_races(b.build());
  ASSERT_EQ(races.size(), 1u);
  EXPECT_EQ(races[0].kind, RaceKind::WriteWrite);
  EXPECT_EQ(races[0].first.thread, 2);
  EXPECT_EQ(races[0].second.thread, 40);
}

// Every built-in variant of every family on the simulator, every block of a small run recorded:
// the pitfalls whose bug is a race have races, no other variant has any.
TEST(Races, OnlyTheRacyPitfallsRace) {
  for (const Family* family : families())
    for (const VariantSummary& v : family->variants()) {
      std::map<std::string, std::uint64_t> params;
      std::string type = "i32";
      if (family->id() == "allreduce") params["gpus"] = 4;
      if (family->id() == "rows") type = "f32";
      RunRequest r;
      r.family = std::string(family->id());
      r.variant = v.id;
      r.params = params;
      r.type = type;
      r.n = family->id() == "rows" ? 1024 : 2048;
      r.block = 128;
      if (!family->ops().empty()) r.op = family->ops().front();
      r.record = true;
      if (!validate_for(*family, r).empty()) continue;  // a variant of another operator
      RunInput input;
      const RunOutcome report = run_request(r, input, BackendChoice::Simulator);
      const std::vector<Race> races = find_races(report.result.trace);
      EXPECT_EQ(!races.empty(), v.races) << family->id() << " " << v.id << ": "
                                         << (races.empty() ? "none" : race_sentence(races[0], report.result.trace.meta));
    }
}

}  // namespace
}  // namespace wl
