// The CPU reference a rows run is checked against: every row normalised in f64, and the error
// each output may have in f32 (reference.cpp justifies the bound). A pitfall that fails is told
// in a sentence: which row, which value, why, and what to do instead.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/families/rows/variant_info.h"
#include "kernels/family/run_result.h"

namespace wl::rows {

// op: Softmax::bit, LayerNorm::bit or RmsNorm::bit.
std::vector<double> reference_rows(const float* x, std::uint64_t n, unsigned cols, unsigned op);
// The most additions a value goes through in one of the row's sums: a thread's loop over its
// columns, then the tree over the row's threads.
unsigned summation_depth(Layout layout, unsigned cols, unsigned block);
// The largest |f32 result - reference| allowed for each output, for sums of that depth.
std::vector<double> error_bounds(const float* x, const std::vector<double>& reference, unsigned cols, unsigned op,
                                 unsigned depth);

CheckResult check_rows(const RowsVariantInfo& info, const float* x, std::uint64_t n, unsigned cols, unsigned block,
                       unsigned op, const std::vector<float>& result);
// Why a pitfall's row went wrong, in words; empty for a variant that is no pitfall.
std::string pitfall_diagnosis(const RowsVariantInfo& info, const float* x, unsigned cols, std::uint64_t row,
                              const std::vector<float>& result);

// "4096 values: 0.0033, 0.0041, 0.0021, 0.0039, ..."
std::string values_text(const std::vector<float>& values);

}  // namespace wl::rows
