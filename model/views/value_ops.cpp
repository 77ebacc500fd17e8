#include "model/views/value_ops.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace wl {
namespace {

template <class T>
T from_bits(std::uint64_t bits) {
  T v;
  if constexpr (sizeof(T) == 4) {
    const std::uint32_t b = std::uint32_t(bits);
    std::memcpy(&v, &b, 4);
  } else {
    std::memcpy(&v, &bits, 8);
  }
  return v;
}

template <class T>
std::uint64_t to_bits(T v) {
  if constexpr (sizeof(T) == 4) {
    std::uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  } else {
    std::uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  }
}

template <class T>
bool sign_bit(T v) {
  return std::signbit(double(v));
}

// Same total order as ops.h: NaN propagates, -0 < +0.
template <class T>
T apply_typed(ReduceOpKind op, T a, T b) {
  switch (op) {
    case ReduceOpKind::Sum:
      if constexpr (std::numeric_limits<T>::is_integer)
        return T(std::uint32_t(a) + std::uint32_t(b));
      else
        return a + b;
    case ReduceOpKind::Product:
      if constexpr (std::numeric_limits<T>::is_integer)
        return T(std::uint32_t(a) * std::uint32_t(b));
      else
        return a * b;
    case ReduceOpKind::Min:
    case ReduceOpKind::Max: {
      if (a != a) return a;
      if (b != b) return b;
      auto less = [](T x, T y) {
        if (x < y) return true;
        if constexpr (!std::numeric_limits<T>::is_integer)
          if (x == y && x == T(0)) return sign_bit(x) && !sign_bit(y);
        return false;
      };
      if (op == ReduceOpKind::Min) return less(b, a) ? b : a;
      return less(a, b) ? b : a;
    }
  }
  return a;
}

template <class T>
T identity_typed(ReduceOpKind op) {
  switch (op) {
    case ReduceOpKind::Sum: return T(0);
    case ReduceOpKind::Product: return T(1);
    case ReduceOpKind::Min:
      if constexpr (std::numeric_limits<T>::is_integer) return std::numeric_limits<T>::max();
      else return std::numeric_limits<T>::infinity();
    case ReduceOpKind::Max:
      if constexpr (std::numeric_limits<T>::is_integer) return std::numeric_limits<T>::lowest();
      else return -std::numeric_limits<T>::infinity();
  }
  return T(0);
}

std::string format_double(double v, int digits) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", digits, v);
  return buf;
}

}  // namespace

std::uint64_t ValueOps::identity() const {
  switch (type) {
    case ElementKind::I32: return std::uint32_t(identity_typed<std::int32_t>(op));
    case ElementKind::F32: return to_bits(identity_typed<float>(op));
    case ElementKind::F64: return to_bits(identity_typed<double>(op));
  }
  return 0;
}

std::uint64_t ValueOps::apply(std::uint64_t a, std::uint64_t b) const {
  switch (type) {
    case ElementKind::I32:
      return std::uint32_t(apply_typed<std::int32_t>(op, std::int32_t(std::uint32_t(a)),
                                                     std::int32_t(std::uint32_t(b))));
    case ElementKind::F32: return to_bits(apply_typed<float>(op, from_bits<float>(a), from_bits<float>(b)));
    case ElementKind::F64: return to_bits(apply_typed<double>(op, from_bits<double>(a), from_bits<double>(b)));
  }
  return a;
}

std::string ValueOps::text(std::uint64_t bits) const {
  switch (type) {
    case ElementKind::I32: {
      const std::int32_t v = std::int32_t(std::uint32_t(bits));
      if (v == std::numeric_limits<std::int32_t>::max()) return "INT_MAX";
      if (v == std::numeric_limits<std::int32_t>::lowest()) return "INT_MIN";
      return std::to_string(v);
    }
    case ElementKind::F32: return format_double(from_bits<float>(bits), 4);
    case ElementKind::F64: return format_double(from_bits<double>(bits), 4);
  }
  return {};
}

std::string ValueOps::exact_text(std::uint64_t bits) const {
  switch (type) {
    case ElementKind::I32: return std::to_string(std::int32_t(std::uint32_t(bits)));
    case ElementKind::F32: return format_double(from_bits<float>(bits), 9);
    case ElementKind::F64: return format_double(from_bits<double>(bits), 17);
  }
  return {};
}

bool parse_value_ops(std::string_view op, std::string_view type, ValueOps& out) {
  ValueOps v;
  if (op == "sum") v.op = ReduceOpKind::Sum;
  else if (op == "product") v.op = ReduceOpKind::Product;
  else if (op == "min") v.op = ReduceOpKind::Min;
  else if (op == "max") v.op = ReduceOpKind::Max;
  else return false;
  if (type == "i32") v.type = ElementKind::I32;
  else if (type == "f32") v.type = ElementKind::F32;
  else if (type == "f64") v.type = ElementKind::F64;
  else return false;
  out = v;
  return true;
}

}  // namespace wl
