// The launches a rows request turns into, and the family's own checks of a request. The same on
// every backend, so a GPU trace and a simulator trace describe the same launches.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/row_norms.h"
#include "kernels/families/rows/variant_info.h"
#include "kernels/family/run_request.h"
#include "kernels/family/run_result.h"

namespace wl::rows {

constexpr std::uint64_t kDefaultCols = kDefaultRowCols, kMaxCols = std::uint64_t(1) << 24;

// The family's "cols" parameter, or its default.
unsigned cols_of(const RunRequest& request);
// Empty when n = 0: the output is empty without a kernel.
std::vector<PlannedLaunch> plan_rows(const RowsVariantInfo& info, const RunRequest& request);
std::string validate_rows(const RowsVariantInfo& info, const RunRequest& request);

}  // namespace wl::rows
