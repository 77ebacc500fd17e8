// ValueOps, the runtime form of the operators: it must agree bit for bit with the typed
// operators of core/ops.h for every operator and type, and print values the way labels expect.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "core/value_ops.h"

namespace wl {
namespace {

template <class T>
T from_bits(std::uint64_t bits) {
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  const Bits narrow = Bits(bits);
  T v;
  std::memcpy(&v, &narrow, sizeof v);
  return v;
}

template <class T>
std::uint64_t to_bits(T v) {
  std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t> narrow;
  std::memcpy(&narrow, &v, sizeof v);
  return narrow;
}

template <class T>
std::uint64_t bits_of(T v) {
  return to_bits(v);
}

// Random 64-bit patterns, half of them the bits of small or special values of T, so float
// operators meet ordinary numbers, zeros of both signs, infinities and NaNs, not only the
// huge and tiny values that random bits mostly are.
template <class T>
std::vector<std::uint64_t> patterns(std::mt19937_64& rng, int count) {
  using L = std::numeric_limits<T>;
  std::vector<std::uint64_t> out = {bits_of(T(0)), bits_of(T(1)), bits_of(L::max()),
                                    bits_of(L::lowest())};
  if constexpr (std::is_floating_point_v<T>)
    for (T v : {-T(0), L::infinity(), -L::infinity(), L::quiet_NaN(), -L::quiet_NaN()})
      out.push_back(bits_of(v));
  std::uniform_int_distribution<int> small(-50, 50);
  while (int(out.size()) < count) {
    out.push_back(rng());
    out.push_back(bits_of(T(small(rng))));
  }
  out.resize(count);
  return out;
}

template <class T>
bool same_value(std::uint64_t a, std::uint64_t b) {
  if constexpr (std::is_floating_point_v<T>)
    if (std::isnan(from_bits<T>(a)) || std::isnan(from_bits<T>(b)))
      return std::isnan(from_bits<T>(a)) && std::isnan(from_bits<T>(b));
  return a == b;
}

TEST(ValueOps, AgreesWithTheTypedOperatorForEveryOperatorAndType) {
  std::mt19937_64 rng(20240611);
  int checked = 0;
  for_each_type(Operators{}, [&](auto op_tag) {
    using Op = typename decltype(op_tag)::type;
    for_each_type(ValueTypes{}, [&](auto type_tag) {
      using T = typename decltype(type_tag)::type;
      const ValueOps ops{operator_kind_of<Op>(), value_type_of<T>()};
      SCOPED_TRACE(std::string(Op::name) + " " + value_type_name(ops.type));
      EXPECT_EQ(ops.element_bytes(), sizeof(T));
      EXPECT_EQ(ops.identity(), to_bits(Op::template identity<T>()));
      const std::vector<std::uint64_t> values = patterns<T>(rng, 300);
      for (std::size_t i = 0; i + 1 < values.size(); ++i) {
        const std::uint64_t a = values[i], b = values[values.size() - 1 - i];
        const std::uint64_t expected =
            to_bits(Op::template apply<T>(from_bits<T>(a), from_bits<T>(b)));
        ASSERT_TRUE(same_value<T>(ops.apply(a, b), expected))
            << std::hex << a << " op " << b << " gave " << ops.apply(a, b) << ", expected "
            << expected;
        ++checked;
      }
    });
  });
  EXPECT_EQ(checked, 4 * 6 * 299);
}

TEST(ValueOps, ThirtyTwoBitTypesIgnoreHighInputBitsAndZeroExtend) {
  const ValueOps i32_sum{OperatorKind::sum, ValueType::i32};
  EXPECT_EQ(i32_sum.apply(0xFFFFFFFF00000001u, 0xABCD000000000002u), 3u);
  EXPECT_EQ(i32_sum.apply(0, 0xFFFFFFFFu), 0xFFFFFFFFu);  // -1, not sign-extended
  const ValueOps f32_max{OperatorKind::max, ValueType::f32};
  EXPECT_EQ(f32_max.identity(), 0xFF800000u);  // -inf
}

TEST(ValueOps, SixtyFourBitSumsWrap) {
  const ValueOps i64_sum{OperatorKind::sum, ValueType::i64};
  EXPECT_EQ(i64_sum.apply(bits_of(std::numeric_limits<std::int64_t>::max()), 1),
            bits_of(std::numeric_limits<std::int64_t>::lowest()));
  const ValueOps u64_product{OperatorKind::product, ValueType::u64};
  EXPECT_EQ(u64_product.apply(std::uint64_t(1) << 40, std::uint64_t(1) << 20), std::uint64_t(1) << 60);
}

TEST(ValueOps, LabelText) {
  const ValueOps i32{OperatorKind::sum, ValueType::i32};
  EXPECT_EQ(i32.text(bits_of(std::int32_t(-5))), "-5");
  EXPECT_EQ(i32.text(bits_of(std::int32_t(123456789))), "123456789");
  EXPECT_EQ(i32.text(bits_of(std::numeric_limits<std::int32_t>::max())), "INT_MAX");
  EXPECT_EQ(i32.text(bits_of(std::numeric_limits<std::int32_t>::lowest())), "INT_MIN");
  const ValueOps u32{OperatorKind::min, ValueType::u32};
  EXPECT_EQ(u32.text(0xFFFFFFFFu), "UINT_MAX");
  EXPECT_EQ(u32.text(4000000000u), "4000000000");
  const ValueOps i64{OperatorKind::max, ValueType::i64};
  EXPECT_EQ(i64.text(bits_of(-(std::int64_t(1) << 40))), "-1099511627776");
  EXPECT_EQ(i64.text(bits_of(std::numeric_limits<std::int64_t>::lowest())), "INT64_MIN");
  EXPECT_EQ(i64.text(bits_of(std::numeric_limits<std::int64_t>::max())), "INT64_MAX");
  const ValueOps u64{OperatorKind::min, ValueType::u64};
  EXPECT_EQ(u64.text(~std::uint64_t(0)), "UINT64_MAX");
  const ValueOps f32{OperatorKind::sum, ValueType::f32};
  EXPECT_EQ(f32.text(bits_of(3.14159265f)), "3.142");
  EXPECT_EQ(f32.text(bits_of(1e10f)), "1e+10");
  EXPECT_EQ(f32.text(bits_of(-0.0f)), "-0");
  EXPECT_EQ(f32.text(bits_of(std::numeric_limits<float>::quiet_NaN())), "NaN");
  EXPECT_EQ(f32.text(bits_of(std::numeric_limits<float>::infinity())), "inf");
  EXPECT_EQ(f32.text(bits_of(-std::numeric_limits<float>::infinity())), "-inf");
  const ValueOps f64{OperatorKind::sum, ValueType::f64};
  EXPECT_EQ(f64.text(bits_of(1234.5678)), "1235");
  EXPECT_EQ(f64.text(bits_of(0.000125)), "0.000125");
}

TEST(ValueOps, ExactText) {
  EXPECT_EQ((ValueOps{OperatorKind::min, ValueType::i32}.exact_text(0x7FFFFFFFu)), "2147483647");
  EXPECT_EQ((ValueOps{OperatorKind::max, ValueType::i64}.exact_text(
                bits_of(std::numeric_limits<std::int64_t>::lowest()))),
            "-9223372036854775808");
  EXPECT_EQ((ValueOps{OperatorKind::min, ValueType::u64}.exact_text(~std::uint64_t(0))),
            "18446744073709551615");
  EXPECT_EQ((ValueOps{OperatorKind::sum, ValueType::f32}.exact_text(bits_of(0.1f))), "0.100000001");
  EXPECT_EQ((ValueOps{OperatorKind::sum, ValueType::f64}.exact_text(bits_of(0.1))),
            "0.10000000000000001");
  EXPECT_EQ((ValueOps{OperatorKind::sum, ValueType::f64}.exact_text(bits_of(-2.0))), "-2");
}

TEST(ValueOps, ParseAcceptsEveryOperatorAndType) {
  ValueOps ops;
  ASSERT_TRUE(parse_value_ops("product", "u64", ops));
  EXPECT_EQ(ops.op, OperatorKind::product);
  EXPECT_EQ(ops.type, ValueType::u64);
  ASSERT_TRUE(parse_value_ops("min", "i32", ops));
  EXPECT_EQ(ops.op, OperatorKind::min);
  EXPECT_EQ(ops.type, ValueType::i32);
}

TEST(ValueOps, ParseRejectsUnknownNamesAndLeavesOutUnchanged) {
  ValueOps ops{OperatorKind::max, ValueType::f64};
  EXPECT_FALSE(parse_value_ops("mean", "f32", ops));
  EXPECT_FALSE(parse_value_ops("sum", "f16", ops));
  EXPECT_FALSE(parse_value_ops("", "", ops));
  EXPECT_EQ(ops.op, OperatorKind::max);
  EXPECT_EQ(ops.type, ValueType::f64);
}

}  // namespace
}  // namespace wl
