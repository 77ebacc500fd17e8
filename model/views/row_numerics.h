// Each output of a row-wise normalisation (the rows family) against its f64 reference, from the
// trace alone: the inputs are the values the recorded loads of the buffer "input" read, the
// outputs what the stores to "output" wrote (the last store of an element wins), over every
// launch. A row is shown once every one of its inputs was read; its outputs where they were
// written. Errors are in f32 round-offs (u = 2^-24) of the row's largest |output|, so a row's
// colors do not depend on its scale, and a value near 0 is not charged for relative error.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/row_norms.h"
#include "trace/trace.h"

namespace wl {

// What an output's error looks like, coarsest last: the colors of the Numerics view.
enum class ErrorClass : std::uint8_t {
  Exact,    // within 1 u of the row's largest output: as close as f32 gets
  Few,      // up to 16 u
  Some,     // up to 2^10 u: about a third of f32's 24 bits lost
  Many,     // up to 2^20 u
  Wrong,    // beyond: no more than 4 correct bits
  NaN,      // NaN where the reference is a number
  Inf,      // an infinity where the reference is a number
  Unwritten,  // not written by the recorded blocks
};
constexpr unsigned kErrorClassCount = 8;

struct RowOutputs {
  std::uint64_t row = 0;
  std::vector<float> x;             // the row's inputs
  std::vector<double> reference;    // f64
  std::vector<float> got;           // as written (meaningless where `error` is Unwritten)
  std::vector<double> error_u;      // |got - reference| / (u * scale)
  std::vector<ErrorClass> error;
  double scale = 0;                 // the row's largest |reference|
  double worst_u = 0;               // the largest error_u among numbers written
  unsigned nans = 0, infs = 0, written = 0;
};

struct RowNumerics {
  RowOp op = RowOp::Softmax;
  std::uint64_t cols = 0;
  std::vector<RowOutputs> rows;  // ascending
  std::string note;              // why there is nothing to show, when there is not
};

ErrorClass error_class(double error_u);
const char* error_class_name(ErrorClass c);

RowNumerics build_row_numerics(const Trace& whole);

}  // namespace wl
