// The ids of core/: value types and operators, their names, and the visitors mapping them to types.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>

#include "core/operator.h"
#include "core/step.h"
#include "core/value_type.h"

namespace wl {
namespace {

constexpr ValueType kAllValueTypes[] = {ValueType::i32, ValueType::u32, ValueType::i64,
                                        ValueType::u64, ValueType::f32, ValueType::f64};
constexpr OperatorKind kAllOperators[] = {OperatorKind::sum, OperatorKind::min, OperatorKind::max,
                                          OperatorKind::product};
const ValueType kOutsideValueTypes = ValueType(6);
const OperatorKind kOutsideOperators = OperatorKind(4);

template <class T>
std::string visited_type_name(ValueType v) {
  std::string visited = "none";
  visit_value_type(v, [&](auto tag) {
    using U = typename decltype(tag)::type;
    visited = std::is_same_v<U, T> ? "expected" : "other";
  });
  return visited;
}

TEST(ValueType, Names) {
  EXPECT_STREQ(value_type_name(ValueType::i32), "i32");
  EXPECT_STREQ(value_type_name(ValueType::u32), "u32");
  EXPECT_STREQ(value_type_name(ValueType::i64), "i64");
  EXPECT_STREQ(value_type_name(ValueType::u64), "u64");
  EXPECT_STREQ(value_type_name(ValueType::f32), "f32");
  EXPECT_STREQ(value_type_name(ValueType::f64), "f64");
  EXPECT_STREQ(value_type_name(kOutsideValueTypes), "?");
}

TEST(ValueType, ParseRoundTripsEveryName) {
  for (ValueType v : kAllValueTypes) {
    SCOPED_TRACE(value_type_name(v));
    EXPECT_EQ(parse_value_type(value_type_name(v)), v);
  }
}

TEST(ValueType, ParseRejectsUnknownNames) {
  for (const char* name : {"", "I32", "int", "f16", "i8", "i32 ", "f64x", "?"}) {
    SCOPED_TRACE(name);
    EXPECT_FALSE(parse_value_type(name).has_value());
  }
}

TEST(ValueType, BytesAndFloatness) {
  EXPECT_EQ(value_type_bytes(ValueType::i32), 4u);
  EXPECT_EQ(value_type_bytes(ValueType::u32), 4u);
  EXPECT_EQ(value_type_bytes(ValueType::i64), 8u);
  EXPECT_EQ(value_type_bytes(ValueType::u64), 8u);
  EXPECT_EQ(value_type_bytes(ValueType::f32), 4u);
  EXPECT_EQ(value_type_bytes(ValueType::f64), 8u);
  EXPECT_EQ(value_type_bytes(kOutsideValueTypes), 0u);
  for (ValueType v : kAllValueTypes)
    EXPECT_EQ(is_float(v), v == ValueType::f32 || v == ValueType::f64) << value_type_name(v);
}

TEST(ValueType, TypeToIdAndBack) {
  EXPECT_EQ(value_type_of<std::int32_t>(), ValueType::i32);
  EXPECT_EQ(value_type_of<std::uint32_t>(), ValueType::u32);
  EXPECT_EQ(value_type_of<std::int64_t>(), ValueType::i64);
  EXPECT_EQ(value_type_of<std::uint64_t>(), ValueType::u64);
  EXPECT_EQ(value_type_of<float>(), ValueType::f32);
  EXPECT_EQ(value_type_of<double>(), ValueType::f64);
  EXPECT_TRUE((std::is_same_v<value_type_t<ValueType::u32>, std::uint32_t>));
  EXPECT_TRUE((std::is_same_v<value_type_t<ValueType::f64>, double>));
  EXPECT_FALSE(is_value_type<std::int16_t>);
}

TEST(ValueType, VisitorPassesTheIdsType) {
  EXPECT_EQ(visited_type_name<std::int32_t>(ValueType::i32), "expected");
  EXPECT_EQ(visited_type_name<std::uint32_t>(ValueType::u32), "expected");
  EXPECT_EQ(visited_type_name<std::int64_t>(ValueType::i64), "expected");
  EXPECT_EQ(visited_type_name<std::uint64_t>(ValueType::u64), "expected");
  EXPECT_EQ(visited_type_name<float>(ValueType::f32), "expected");
  EXPECT_EQ(visited_type_name<double>(ValueType::f64), "expected");
  EXPECT_EQ(visited_type_name<float>(kOutsideValueTypes), "none");
  EXPECT_FALSE(visit_value_type(kOutsideValueTypes, [](auto) {}));
  EXPECT_TRUE(visit_value_type(ValueType::u64, [](auto) {}));
}

TEST(OperatorKind, NamesComeFromTheOperators) {
  EXPECT_STREQ(operator_name(OperatorKind::sum), "sum");
  EXPECT_STREQ(operator_name(OperatorKind::min), "min");
  EXPECT_STREQ(operator_name(OperatorKind::max), "max");
  EXPECT_STREQ(operator_name(OperatorKind::product), "product");
  EXPECT_STREQ(operator_name(kOutsideOperators), "?");
}

TEST(OperatorKind, ParseRoundTripsAndRejectsUnknownNames) {
  for (OperatorKind k : kAllOperators) EXPECT_EQ(parse_operator(operator_name(k)), k);
  for (const char* name : {"", "Sum", "add", "mul", "prod", "minimum", "?"}) {
    SCOPED_TRACE(name);
    EXPECT_FALSE(parse_operator(name).has_value());
  }
}

TEST(OperatorKind, OperatorToIdAndBack) {
  EXPECT_EQ(operator_kind_of<SumOp>(), OperatorKind::sum);
  EXPECT_EQ(operator_kind_of<MinOp>(), OperatorKind::min);
  EXPECT_EQ(operator_kind_of<MaxOp>(), OperatorKind::max);
  EXPECT_EQ(operator_kind_of<ProductOp>(), OperatorKind::product);
  EXPECT_TRUE((std::is_same_v<operator_t<OperatorKind::product>, ProductOp>));
}

TEST(OperatorKind, VisitorPassesTheIdsOperator) {
  const char* expected[] = {"sum", "min", "max", "product"};  // in kAllOperators' order
  for (std::size_t i = 0; i < std::size(kAllOperators); ++i) {
    std::string visited;
    EXPECT_TRUE(visit_operator(kAllOperators[i], [&](auto tag) { visited = decltype(tag)::type::name; }));
    EXPECT_EQ(visited, expected[i]);
  }
  bool called = false;
  EXPECT_FALSE(visit_operator(kOutsideOperators, [&](auto) { called = true; }));
  EXPECT_FALSE(called);
}

// Every step name the views print parses back to its step; anything else is refused.
TEST(StepNames, ParseBackWhatStepNameWrites) {
  for (StepId s : {kLoadStep, kFinishStep, level_step(0), level_step(7), make_step(StepKind::UpSweep, 2),
                   make_step(StepKind::DownSweep, 9), make_step(StepKind::LookBack), make_step(StepKind::Ticket),
                   make_step(StepKind::LastBlockLevel, 3), make_step(StepKind::Propagate),
                   make_step(StepKind::Bin), make_step(StepKind::Sort, 5), pass_step(2), pass_step(2, 0),
                   pass_step(3, 9)})
    EXPECT_EQ(parse_step_name(step_name(s)), std::optional<StepId>(s)) << step_name(s);
  EXPECT_EQ(parse_step_name("3"), std::optional<StepId>(level_step(3)));
  EXPECT_EQ(parse_step_name("up-sweep d=2"), std::optional<StepId>(make_step(StepKind::UpSweep, 2)));
  for (const char* bad : {"", "up-sweep", "up-sweep d=", "level", "99999", "-1", "Load", "finish 2", "pass 1", "pass 2, level", "pass 2 "})
    EXPECT_FALSE(parse_step_name(bad).has_value()) << bad;
}

}  // namespace
}  // namespace wl
