// Combining and printing raw value bits the way the kernels do (kernels/dialect/ops.h), so the
// view models can check which recorded values a combine used. Mirrors ops.h on purpose: the
// model reads traces and must not depend on kernel code.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace wl {

enum class ReduceOpKind : std::uint8_t { Sum, Product, Min, Max };
enum class ElementKind : std::uint8_t { I32, F32, F64 };

struct ValueOps {
  ReduceOpKind op = ReduceOpKind::Sum;
  ElementKind type = ElementKind::F32;

  unsigned element_bytes() const { return type == ElementKind::F64 ? 8 : 4; }
  std::uint64_t identity() const;
  std::uint64_t apply(std::uint64_t a, std::uint64_t b) const;
  // Short text for a node label: integers exactly, floats with up to 4 significant digits.
  std::string text(std::uint64_t bits) const;
  // Full precision, for tooltips.
  std::string exact_text(std::uint64_t bits) const;
};

// False when `op` or `type` is not one the reduction kernels use ("sum"/"product"/"min"/"max",
// "i32"/"f32"/"f64"); `out` then keeps its defaults.
bool parse_value_ops(std::string_view op, std::string_view type, ValueOps& out);

}  // namespace wl
