// Combining and printing raw value bits at run time, for code that learns the operator and the
// element type from data (a trace's metadata): the view models check which recorded values a
// combine used. Dispatches to the operators of core/ops.h, so it cannot drift from the kernels.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "core/operator.h"
#include "core/value_type.h"

namespace wl {

// Values travel as their bits, zero-extended to 64; inputs' bits above the type's size are ignored.
struct ValueOps {
  OperatorKind op = OperatorKind::sum;
  ValueType type = ValueType::f32;

  unsigned element_bytes() const { return value_type_bytes(type); }
  std::uint64_t identity() const;
  std::uint64_t apply(std::uint64_t a, std::uint64_t b) const;
  // Short text for a node label: integers exactly (their extremes, the min/max identities, by
  // name: INT_MAX), floats with up to 4 significant digits.
  std::string text(std::uint64_t bits) const;
  // Full precision, for tooltips.
  std::string exact_text(std::uint64_t bits) const;
};

// False when `op` or `type` is not a known name ("sum"/"min"/"max"/"product",
// "i32"/"u32"/"i64"/"u64"/"f32"/"f64"); `out` is then left unchanged.
bool parse_value_ops(std::string_view op, std::string_view type, ValueOps& out);

}  // namespace wl
