// The Rows to threads view's model: which thread of which block reads each element of a
// row-wise kernel's matrix (the rows family: n / cols rows of cols values) in one launch. Built
// from the trace's global loads of the buffer "input" alone, so a learner's kernel is mapped as
// truly as a built-in one. An element belongs to the thread of its first recorded load in the
// launch; one whose load the same thread stores to shared memory as its very next operation is
// held there, not in a register (register-resident's columns past what its registers hold).
// And one warp request, which the view outlines: the first load of the input by the first warp
// of the launch's first recorded block, with its 32-byte sectors against the fewest its bytes
// need (model/global_sectors.h): 32 neighbours in a row take 4, one column of 32 rows takes 32.
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/warp_requests.h"
#include "trace/trace.h"

namespace wl {

struct ElementOwner {
  std::uint64_t element = 0;  // row * cols + column
  std::uint32_t block = 0;
  std::uint16_t thread = 0;
  bool in_shared = false;  // its thread stored it to shared memory at once: held there

  unsigned warp() const { return thread / kWarpSize; }
  unsigned lane() const { return thread % kWarpSize; }
};

// Who owns a cell of the view: columns [first, last) of one row (a long row's cell stands for
// several columns).
struct CellOwners {
  static constexpr std::size_t kNone = ~std::size_t(0);
  std::size_t first = kNone;  // index in RowThreads::owners of the cell's first recorded column
  std::uint64_t recorded = 0;  // columns with a recorded load
  std::uint64_t in_shared = 0;
  unsigned blocks = 0, warps = 0, threads = 0;  // distinct; warps and threads counted per block
  std::uint32_t first_block = 0, last_block = 0;
};

// The warp request the view outlines.
struct OutlinedRequest {
  std::uint32_t block = 0;
  unsigned warp = 0;
  unsigned lanes = 0;                   // that took part
  std::vector<std::uint64_t> elements;  // ascending
  std::uint64_t rows = 0;               // distinct rows they lie in
  std::uint32_t sectors = 0, ideal = 0;
};

struct RowSummary {
  std::uint64_t row = 0;
  CellOwners owners;  // of the whole row
};

struct RowThreads {
  std::uint64_t rows = 0, cols = 0;
  std::uint32_t block_dim = 0, grid_dim = 0;
  std::string launch;                // its kernel's name: "block-per-row", "row max", ...
  std::vector<ElementOwner> owners;  // ascending element; only elements with a recorded load
  std::vector<RowSummary> row_summaries;  // ascending; rows with a recorded load
  // Columns of the first recorded row where its threads start over (thread t reads t, then
  // t + block, ...: block-per-row's 256, 512, ... at block 256; warp-per-row's every 32).
  std::vector<std::uint64_t> wraps;
  std::uint64_t in_shared = 0;       // owners held in shared memory
  std::uint64_t shared_by = 0;       // elements more than one thread loaded (the first owns it)
  std::optional<OutlinedRequest> request;
  std::string note;  // why there is nothing to show, when there is not
};

// `launch` is one launch's trace (TraceViews::trace), `requests` its group_requests.
RowThreads build_row_threads(const Trace& launch, const std::vector<WarpRequest>& requests);

// The owner of one element; null where no recorded load read it.
const ElementOwner* owner_of(const RowThreads& m, std::uint64_t row, std::uint64_t col);
// The first recorded owner among columns [first_col, last_col) of a row: a cell's color.
const ElementOwner* first_owner(const RowThreads& m, std::uint64_t row, std::uint64_t first_col, std::uint64_t last_col);
// Who owns columns [first_col, last_col) of a row, counted (for a cell's tooltip).
CellOwners cell_owners(const RowThreads& m, std::uint64_t row, std::uint64_t first_col, std::uint64_t last_col);
// The same for a whole row, kept from the build.
CellOwners row_owners(const RowThreads& m, std::uint64_t row);
// "block 3", "block 1, warp 2", "block 0, thread 5", "blocks 2 .. 3": who reads the row, in words;
// "not recorded" where nobody.
std::string row_owner_text(const RowThreads& m, const CellOwners& row);

}  // namespace wl
