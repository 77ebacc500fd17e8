// The Rows to threads view's model on matrices small enough to work by hand: for each mapping,
// which block and thread read given cells, and the first warp request's sectors (a row's
// neighbours share sectors; a column of rows does not).
#include <gtest/gtest.h>

#include <numeric>
#include <string>
#include <vector>

#include "core/bits.h"
#include "kernels/family/family.h"
#include "model/views/row_threads.h"
#include "model/views/trace_views.h"
#include "tests/kernels/rows_requests.h"

namespace wl {
namespace {

Trace trace_of(const std::string& variant, unsigned cols, std::uint64_t rows, unsigned block,
               const std::string& op = "softmax") {
  RunRequest r = test::rows_request(variant, op, cols, rows, block);
  r.record = true;
  r.record_blocks.clear();
  for (std::uint32_t b = 0; b < 64; ++b) r.record_blocks.push_back(b);  // past the grid: left out
  std::vector<float> x(r.n);
  std::iota(x.begin(), x.end(), 0.0f);
  return run_sim(r, x.data()).trace;
}

RowThreads threads_of(const TraceViews& views) { return build_row_threads(views.trace, views.requests); }

RowThreads threads_of(const std::string& variant, unsigned cols, std::uint64_t rows, unsigned block,
                      std::uint32_t launch = 0) {
  return threads_of(build_trace_views(trace_of(variant, cols, rows, block), launch));
}

void expect_owner(const RowThreads& m, std::uint64_t row, std::uint64_t col, std::uint32_t block, unsigned thread,
                  bool in_shared = false) {
  const ElementOwner* o = owner_of(m, row, col);
  ASSERT_NE(o, nullptr) << "row " << row << ", column " << col;
  EXPECT_EQ(o->block, block) << "row " << row << ", column " << col;
  EXPECT_EQ(o->thread, thread) << "row " << row << ", column " << col;
  EXPECT_EQ(o->in_shared, in_shared) << "row " << row << ", column " << col;
}

// 4 rows of 8, blocks of 4: block b reads row b; thread t columns t and t + 4.
TEST(RowThreads, BlockPerRowGivesEachBlockARowAndEachThreadEveryFourthColumn) {
  const RowThreads m = threads_of("block-per-row", 8, 4, 4);
  EXPECT_EQ(m.rows, 4u);
  EXPECT_EQ(m.cols, 8u);
  EXPECT_EQ(m.owners.size(), 32u);
  EXPECT_EQ(m.in_shared, 0u);    // its loads feed registers; the tree's stores are sums, later
  EXPECT_EQ(m.shared_by, 0u);    // three reads of each value, all by the same thread
  expect_owner(m, 0, 0, 0, 0);
  expect_owner(m, 1, 4, 1, 0);   // 4 = thread 0's second column
  expect_owner(m, 2, 5, 2, 1);   // 5 = 1 + 4
  expect_owner(m, 3, 7, 3, 3);
  EXPECT_EQ(row_owner_text(m, cell_owners(m, 2, 0, 8)), "block 2, warp 0");
  EXPECT_EQ(m.wraps, (std::vector<std::uint64_t>{4}));  // thread 0 again at column 4
  const CellOwners half = cell_owners(m, 2, 0, 4);
  EXPECT_EQ(half.recorded, 4u);
  EXPECT_EQ(half.threads, 4u);
  EXPECT_EQ(half.warps, 1u);
  // Warp 0 of block 0 first reads columns 0-3 of row 0: 16 bytes in one sector.
  ASSERT_TRUE(m.request);
  EXPECT_EQ(m.request->block, 0u);
  EXPECT_EQ(m.request->lanes, 4u);
  EXPECT_EQ(m.request->elements, (std::vector<std::uint64_t>{0, 1, 2, 3}));
  EXPECT_EQ(m.request->rows, 1u);
  EXPECT_EQ(m.request->sectors, 1u);
  EXPECT_EQ(m.request->ideal, 1u);
}

// 4 rows of 8, blocks of 64 (two warps): warp w of block b reads row 2b + w, lane l column l.
TEST(RowThreads, WarpPerRowGivesEachWarpARowAndEachLaneAColumn) {
  const RowThreads m = threads_of("warp-per-row", 8, 4, 64);
  EXPECT_EQ(m.owners.size(), 32u);
  expect_owner(m, 0, 7, 0, 7);    // warp 0, lane 7
  expect_owner(m, 1, 0, 0, 32);   // warp 1, lane 0
  expect_owner(m, 2, 3, 1, 3);    // block 1, warp 0, lane 3
  expect_owner(m, 3, 5, 1, 37);   // block 1, warp 1, lane 5
  EXPECT_EQ(owner_of(m, 3, 5)->warp(), 1u);
  EXPECT_EQ(owner_of(m, 3, 5)->lane(), 5u);
  EXPECT_EQ(row_owner_text(m, cell_owners(m, 3, 0, 8)), "block 1, warp 1");
  // Lanes 0-7 read row 0 whole: 32 bytes, one sector.
  ASSERT_TRUE(m.request);
  EXPECT_EQ(m.request->lanes, 8u);
  EXPECT_EQ(m.request->rows, 1u);
  EXPECT_EQ(m.request->sectors, 1u);
}

// 4 rows of 8, a block of 32: thread r walks row r, so one warp holds all four rows.
TEST(RowThreads, ThreadPerRowGivesOneThreadAWholeRow) {
  const RowThreads m = threads_of("thread-per-row", 8, 4, 32);
  expect_owner(m, 2, 6, 0, 2);
  expect_owner(m, 3, 0, 0, 3);
  expect_owner(m, 0, 7, 0, 0);
  EXPECT_EQ(row_owner_text(m, cell_owners(m, 2, 0, 8)), "block 0, thread 2");
  EXPECT_TRUE(m.wraps.empty());  // one thread the whole row
  // The warp's first load is column 0 of rows 0-3: elements 0, 8, 16, 24, 32 bytes apart, so
  // four sectors for 16 bytes that one would hold.
  ASSERT_TRUE(m.request);
  EXPECT_EQ(m.request->elements, (std::vector<std::uint64_t>{0, 8, 16, 24}));
  EXPECT_EQ(m.request->rows, 4u);
  EXPECT_EQ(m.request->sectors, 4u);
  EXPECT_EQ(m.request->ideal, 1u);
}

// The lesson at full warp width: 32 rows of 8. Thread-per-row's first request is one column of
// 32 rows: 32 sectors for 128 bytes (4 would do). Block-per-row's is 32 neighbours: 4 of 4.
TEST(RowThreads, AWarpOfThreadsPerRowTouchesASectorPerRow) {
  const RowThreads thread = threads_of("thread-per-row", 8, 32, 32);
  ASSERT_TRUE(thread.request);
  EXPECT_EQ(thread.request->lanes, 32u);
  EXPECT_EQ(thread.request->rows, 32u);
  EXPECT_EQ(thread.request->sectors, 32u);
  EXPECT_EQ(thread.request->ideal, 4u);
  const RowThreads block = threads_of("block-per-row", 32, 32, 32);
  ASSERT_TRUE(block.request);
  EXPECT_EQ(block.request->rows, 1u);
  EXPECT_EQ(block.request->sectors, 4u);
  EXPECT_EQ(block.request->ideal, 4u);
}

// Three launches: the first two a block a row (row max, row sum), the last one thread an
// element: element i to block i / 4, thread i % 4, so each row is two blocks'.
TEST(RowThreads, ThreePassMapsEachLaunchItsOwnWay) {
  const Trace trace = trace_of("three-pass", 8, 4, 4);
  const RowThreads first = threads_of(build_trace_views(trace, 0));
  EXPECT_EQ(first.launch, "row max");
  expect_owner(first, 2, 5, 2, 1);
  const RowThreads last = threads_of(build_trace_views(trace, 2));
  EXPECT_EQ(last.launch, "divide by the sum");
  EXPECT_EQ(last.grid_dim, 8u);
  expect_owner(last, 1, 6, 3, 2);  // element 14
  expect_owner(last, 1, 0, 2, 0);  // element 8
  expect_owner(last, 3, 7, 7, 3);  // element 31
  EXPECT_EQ(row_owner_text(last, row_owners(last, 1)), "blocks 2 .. 3");
  const CellOwners row3 = row_owners(last, 3);
  EXPECT_EQ(row3.blocks, 2u);
  EXPECT_EQ(row3.first_block, 6u);
  EXPECT_EQ(row3.last_block, 7u);
  EXPECT_EQ(row3.threads, 8u);
}

// One row of 263, blocks of 32, read a value at a time (263 is not a multiple of 4): 8 x 32 =
// 256 columns in registers (thread t: t + 32k), the 7 past them stored to shared memory by the
// threads that read them (t: 256 + t, threads 0 .. 6).
TEST(RowThreads, RegisterResidentHoldsColumnsPastItsRegistersInSharedMemory) {
  const RowThreads m = threads_of("register-resident", 263, 1, 32);
  EXPECT_EQ(m.owners.size(), 263u);
  EXPECT_EQ(m.wraps, (std::vector<std::uint64_t>{32, 64, 96, 128, 160, 192, 224, 256}));
  EXPECT_EQ(m.in_shared, 7u);
  expect_owner(m, 0, 7, 0, 7);
  expect_owner(m, 0, 255, 0, 31);
  expect_owner(m, 0, 257, 0, 1, true);
  expect_owner(m, 0, 262, 0, 6, true);
  const CellOwners spilled = cell_owners(m, 0, 256, 263);
  EXPECT_EQ(spilled.in_shared, 7u);
  EXPECT_EQ(spilled.threads, 7u);
}

// One row of 1028 with 16-byte loads: 1028 > 32 x 32, so the plan launches 64 threads, thread t
// holding columns 4 (t + 64k) .. + 3, all in registers.
TEST(RowThreads, RegisterResidentVectorLoadsOwnFourColumnsEach) {
  const RowThreads m = threads_of("register-resident", 1028, 1, 256);
  EXPECT_EQ(m.owners.size(), 1028u);
  EXPECT_EQ(m.in_shared, 0u);
  expect_owner(m, 0, 0, 0, 0);
  expect_owner(m, 0, 3, 0, 0);
  expect_owner(m, 0, 5, 0, 1);
  expect_owner(m, 0, 255, 0, 63);
  expect_owner(m, 0, 256, 0, 0);   // 4 (0 + 64 x 1)
  expect_owner(m, 0, 1027, 0, 0);  // 4 (0 + 64 x 4) + 3
}

TEST(RowThreads, ColumnsThatDoNotDivideNAreRefusedInASentence) {
  Trace trace = trace_of("block-per-row", 8, 4, 4);
  trace.meta.params["cols"] = 3;
  const RowThreads m = threads_of(build_trace_views(std::move(trace)));
  EXPECT_TRUE(m.owners.empty());
  EXPECT_NE(m.note.find("not a whole number of rows"), std::string::npos) << m.note;
  EXPECT_EQ(owner_of(m, 0, 0), nullptr);
  EXPECT_EQ(row_owner_text(m, cell_owners(m, 0, 0, 3)), "not recorded");
}

}  // namespace
}  // namespace wl
