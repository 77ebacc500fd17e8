// The operators of core/ops.h: identities, integer wraparound, the NaN and signed-zero policy.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

#include "core/bits.h"
#include "core/ops.h"

namespace wl {
namespace {

template <class T>
using Limits = std::numeric_limits<T>;

// Combining with the identity gives the value back, for every operator.
template <class T>
void expect_identities(T v) {
  EXPECT_EQ(SumOp::apply(SumOp::identity<T>(), v), v);
  EXPECT_EQ(ProductOp::apply(ProductOp::identity<T>(), v), v);
  EXPECT_EQ(MinOp::apply(MinOp::identity<T>(), v), v);
  EXPECT_EQ(MaxOp::apply(MaxOp::identity<T>(), v), v);
}

TEST(Ops, IdentitiesLeaveEveryValueUnchanged) {
  for (std::int32_t v : {Limits<std::int32_t>::lowest(), -7, 0, 42, Limits<std::int32_t>::max()})
    expect_identities(v);
  for (std::int64_t v : {Limits<std::int64_t>::lowest(), std::int64_t(-1), std::int64_t(1) << 40,
                         Limits<std::int64_t>::max()})
    expect_identities(v);
  for (std::uint64_t v : {std::uint64_t(0), std::uint64_t(3), Limits<std::uint64_t>::max()})
    expect_identities(v);
  for (double v : {-1e300, -0.5, 0.0, 2.5, 1e300}) expect_identities(v);
  for (float v : {-3.0f, 1e-30f, 7.0f}) expect_identities(v);
}

TEST(Ops, IdentityValues) {
  EXPECT_EQ(MinOp::identity<std::int64_t>(), Limits<std::int64_t>::max());
  EXPECT_EQ(MaxOp::identity<std::int64_t>(), Limits<std::int64_t>::lowest());
  EXPECT_EQ(MaxOp::identity<std::uint32_t>(), 0u);
  EXPECT_EQ(MinOp::identity<float>(), Limits<float>::infinity());
  EXPECT_EQ(MaxOp::identity<double>(), -Limits<double>::infinity());
}

// constexpr, so overflow in the operators themselves would not compile: the compiler rejects
// undefined behaviour in a constant expression.
constexpr std::int32_t kI32SumWrap = SumOp::apply(Limits<std::int32_t>::max(), std::int32_t(1));
constexpr std::int32_t kI32ProductWrap = ProductOp::apply(std::int32_t(65536), std::int32_t(65536));
constexpr std::int64_t kI64SumWrap = SumOp::apply(Limits<std::int64_t>::max(), std::int64_t(1));
constexpr std::int64_t kI64SumUnder = SumOp::apply(Limits<std::int64_t>::lowest(), std::int64_t(-1));
constexpr std::int64_t kI64ProductWrap =
    ProductOp::apply(std::int64_t(1) << 32, std::int64_t(1) << 32);
constexpr std::int64_t kI64ProductHigh = ProductOp::apply(std::int64_t(3) << 40, std::int64_t(1) << 20);
constexpr std::uint64_t kU64SumWrap = SumOp::apply(Limits<std::uint64_t>::max(), std::uint64_t(2));
constexpr std::uint64_t kU64ProductWrap =
    ProductOp::apply(std::uint64_t(1) << 63, std::uint64_t(2));
constexpr std::uint64_t kU64ProductHigh =
    ProductOp::apply(std::uint64_t(0xFFFFFFFF), std::uint64_t(0x100000001));
// unsigned short promotes to int, where 65535 * 65535 overflows: the operator must widen first.
constexpr std::uint16_t kU16ProductWrap = ProductOp::apply(std::uint16_t(65535), std::uint16_t(65535));

TEST(Ops, Int32SumAndProductWrapAround) {
  EXPECT_EQ(kI32SumWrap, Limits<std::int32_t>::lowest());
  EXPECT_EQ(kI32ProductWrap, 0);
  EXPECT_EQ(SumOp::apply(std::int32_t(-5), std::int32_t(3)), -2);
  EXPECT_EQ(ProductOp::apply(std::int32_t(-46341), std::int32_t(46341)), 2147479015);  // -46341 * 46341 + 2^32
}

TEST(Ops, Int64SumAndProductWrapAround) {
  EXPECT_EQ(kI64SumWrap, Limits<std::int64_t>::lowest());
  EXPECT_EQ(kI64SumUnder, Limits<std::int64_t>::max());
  EXPECT_EQ(kI64ProductWrap, 0);
  // Bits above 32 survive: a 32-bit computation would give 0.
  EXPECT_EQ(kI64ProductHigh, std::int64_t(3) << 60);
  EXPECT_EQ(SumOp::apply(std::int64_t(1) << 40, std::int64_t(1) << 40), std::int64_t(1) << 41);
}

TEST(Ops, Uint64SumAndProductWrapAround) {
  EXPECT_EQ(kU64SumWrap, 1u);
  EXPECT_EQ(kU64ProductWrap, 0u);
  EXPECT_EQ(kU64ProductHigh, std::uint64_t(0xFFFFFFFFFFFFFFFF));
}

TEST(Ops, NarrowUnsignedProductWrapsWithoutOverflowingInt) { EXPECT_EQ(kU16ProductWrap, 1); }

TEST(Ops, MinMaxPropagateNaN) {
  const float nan = Limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(MinOp::apply(nan, 1.0f)));
  EXPECT_TRUE(std::isnan(MinOp::apply(1.0f, nan)));
  EXPECT_TRUE(std::isnan(MaxOp::apply(nan, -Limits<float>::infinity())));
  EXPECT_TRUE(std::isnan(MaxOp::apply(Limits<float>::infinity(), nan)));
  const double dnan = Limits<double>::quiet_NaN();
  EXPECT_TRUE(std::isnan(MinOp::apply(MinOp::identity<double>(), dnan)));
  EXPECT_TRUE(std::isnan(MaxOp::apply(dnan, 0.0)));
}

TEST(Ops, NegativeZeroIsBelowPositiveZero) {
  for (const float a : {0.0f, -0.0f}) {
    for (const float b : {0.0f, -0.0f}) {
      EXPECT_EQ(std::signbit(MinOp::apply(a, b)), std::signbit(a) || std::signbit(b)) << a << ", " << b;
      EXPECT_EQ(std::signbit(MaxOp::apply(a, b)), std::signbit(a) && std::signbit(b)) << a << ", " << b;
    }
  }
  EXPECT_TRUE(std::signbit(MinOp::apply(-0.0, 0.0)));
  EXPECT_FALSE(std::signbit(MaxOp::apply(0.0, -0.0)));
}

// Any NaN gives the canonical NaN, whichever NaN and in whichever place: the GPU's max.NaN and
// min.NaN return it, so a fixed combining order is not needed for the same bits on the GPU and
// in the simulator.
TEST(Ops, MinMaxGiveTheCanonicalNaN) {
  const float first = from_bits<float>(0x7fc00001u), second = from_bits<float>(0xffc00002u);
  const float signalling = from_bits<float>(0x7f800001u);
  EXPECT_EQ(to_bits(MaxOp::apply(first, second)), 0x7fffffffu);
  EXPECT_EQ(to_bits(MinOp::apply(second, first)), 0x7fffffffu);
  EXPECT_EQ(to_bits(MaxOp::apply(1.0f, second)), 0x7fffffffu);
  EXPECT_EQ(to_bits(MinOp::apply(-Limits<float>::infinity(), first)), 0x7fffffffu);
  EXPECT_EQ(to_bits(MaxOp::apply(second, 1.0f)), 0x7fffffffu);
  EXPECT_EQ(to_bits(MinOp::apply(signalling, 1.0f)), 0x7fffffffu);
  const double a = from_bits<double>(0x7ff8000000000001ull), b = from_bits<double>(0xfff8000000000002ull);
  EXPECT_EQ(to_bits(MaxOp::apply(a, b)), 0x7fffffffffffffffull);
  EXPECT_EQ(to_bits(MinOp::apply(b, a)), 0x7fffffffffffffffull);
  EXPECT_EQ(to_bits(MinOp::apply(2.0, b)), 0x7fffffffffffffffull);
  EXPECT_EQ(to_bits(MaxOp::apply(a, -3.0)), 0x7fffffffffffffffull);
}

// Denormals are values like any other: no flush to zero.
TEST(Ops, MinMaxKeepDenormals) {
  const float tiny = from_bits<float>(0x00000001u), minus_tiny = from_bits<float>(0x80000001u);
  EXPECT_EQ(to_bits(MaxOp::apply(tiny, minus_tiny)), 0x00000001u);
  EXPECT_EQ(to_bits(MinOp::apply(tiny, minus_tiny)), 0x80000001u);
  EXPECT_EQ(to_bits(MaxOp::apply(minus_tiny, -0.0f)), 0x80000000u);
}

TEST(Ops, MinMaxOfOrdinaryValues) {
  EXPECT_EQ(MaxOp::apply(-2.0f, -1.0f), -1.0f);
  EXPECT_EQ(MaxOp::apply(-1.0f, -2.0f), -1.0f);
  EXPECT_EQ(MinOp::apply(-2.0f, -1.0f), -2.0f);
  EXPECT_EQ(MinOp::apply(-1.0f, -2.0f), -2.0f);
  EXPECT_EQ(MinOp::apply(3.0, 3.0), 3.0);
  EXPECT_EQ(MaxOp::apply(Limits<float>::infinity(), -Limits<float>::infinity()), Limits<float>::infinity());
  EXPECT_EQ(MinOp::apply(std::int64_t(-3), std::int64_t(2)), -3);
  EXPECT_EQ(MaxOp::apply(std::uint64_t(1) << 63, std::uint64_t(5)), std::uint64_t(1) << 63);
  EXPECT_EQ(MaxOp::apply(2.5, -1.0), 2.5);
}

}  // namespace
}  // namespace wl
