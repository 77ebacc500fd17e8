// Timing sweeps: sizes and parameter values as the CLI takes them, the JSON round trip (against
// n and against a parameter), old and corrupt files, CSV rows, percent of copy bandwidth and the
// ladder per point, all computed by hand.
#include "results/timing_sweep.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <stdexcept>

#include "run/run_words.h"

namespace wl {
namespace {

TimingPoint point(std::uint64_t n, double ms, double bytes, std::string error = "") {
  TimingPoint p;
  p.n = n;
  p.ms = error.empty() ? ms : 0;
  p.bytes = bytes;
  p.error = std::move(error);
  return p;
}

// 1 MiB of f32 per n = 2^18; the copy moves twice the bytes.
TimingSweep small_sweep() {
  TimingSweep s;
  s.device = "Test GPU";
  s.date = "2026-11-23";
  s.op = "sum";
  s.type = "f32";
  s.block = 256;
  s.warmup = 5;
  s.repeats = 20;
  s.back_to_back = 8;
  const double mib = 1 << 20;
  s.series.push_back({kCopySeries, SeriesKind::Reference, {point(1 << 18, 0.002, 2 * mib), point(1 << 19, 0.004, 4 * mib)}});
  s.series.push_back({kCubSeries, SeriesKind::Reference, {point(1 << 18, 0.002, mib), point(1 << 19, 0.003, 2 * mib)}});
  s.series.push_back({"interleaved-divergent", SeriesKind::Variant, {point(1 << 18, 0.040, mib)}});
  s.series.push_back({"sequential", SeriesKind::Variant, {point(1 << 18, 0.010, mib)}});
  s.series.push_back({"speed-of-light", SeriesKind::Variant,
                      {point(1 << 18, 0.0025, mib), point(1 << 19, 0, 2 * mib, "does not fit")}});
  return s;
}

TEST(TimingSweep, SizesTakePowersRangesAndLists) {
  std::vector<std::uint64_t> sizes;
  std::string error;
  ASSERT_TRUE(parse_sizes("2^10..2^13", sizes, error)) << error;
  EXPECT_EQ(sizes, (std::vector<std::uint64_t>{1024, 2048, 4096, 8192}));
  ASSERT_TRUE(parse_sizes("5000,2^12,5000", sizes, error)) << error;
  EXPECT_EQ(sizes, (std::vector<std::uint64_t>{4096, 5000}));
  for (const char* bad : {"", "2^", "2^64", "abc", "2^12..2^10", "1000..2^12", "0", "2^10,,2^11"}) {
    EXPECT_FALSE(parse_sizes(bad, sizes, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

// Found by tools/fuzz.sh (profile): a size of 2.1e64 in a recorded profile was cast to an
// integer (undefined behaviour). Whole numbers that fit are taken; anything else is refused.
TEST(TimingSweep, ProfileNumbersThatDoNotFitAreRefused) {
  const std::string good = sweep_to_json(TimingSweep{});
  for (const char* bad : {"2.1e64", "-256", "1.5", "\"256\""}) {
    std::string text = good;
    const std::size_t at = text.find("\"block\": ");
    ASSERT_NE(at, std::string::npos) << text;
    const std::size_t end = text.find(',', at);
    text.replace(at, end - at, std::string("\"block\": ") + bad);
    try {
      sweep_from_json(text);
      ADD_FAILURE() << bad << " was taken";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("\"block\""), std::string::npos) << e.what();
    }
  }
}

// Found by tools/fuzz.sh (ranges): a count past 2^64 threw out of parse_sizes and ended the
// program. It is refused like any other bad size.
TEST(TimingSweep, SizesPastTwoToTheSixtyFourAreRefusedNotThrown) {
  std::vector<std::uint64_t> sizes;
  std::string error;
  EXPECT_FALSE(parse_sizes("2^22455555555555555511,21102", sizes, error));
  EXPECT_FALSE(parse_sizes("99999999999999999999", sizes, error));
  EXPECT_FALSE(error.empty());
  EXPECT_TRUE(parse_sizes("18446744073709551615", sizes, error)) << error;  // 2^64 - 1 itself
}

TEST(TimingSweep, BandwidthAndPercentOfCopyAreComputedPerSize) {
  const TimingSweep s = small_sweep();
  const TimingSeries* sol = s.find("speed-of-light");
  ASSERT_NE(sol, nullptr);
  // 1 MiB in 2.5 us: 419.43 GB/s; the copy moves 2 MiB in 2 us: 1048.58 GB/s; 40 %.
  EXPECT_NEAR(sol->at(1 << 18)->gbs(), 1048576.0 / 0.0025 / 1e6, 1e-9);
  EXPECT_NEAR(*percent_of_copy(s, *sol, 1 << 18), 40.0, 1e-9);
  EXPECT_FALSE(percent_of_copy(s, *sol, 1 << 19));  // not measured there
  EXPECT_EQ(sol->at(1 << 19)->gbs(), 0);
  EXPECT_EQ(s.sizes(), (std::vector<std::uint64_t>{1 << 18, 1 << 19}));
}

TEST(TimingSweep, JsonRoundTripKeepsEveryField) {
  const TimingSweep s = small_sweep();
  const TimingSweep back = sweep_from_json(sweep_to_json(s));
  EXPECT_EQ(back.device, "Test GPU");
  EXPECT_EQ(back.date, "2026-11-23");
  EXPECT_EQ(back.block, 256u);
  EXPECT_EQ(back.repeats, 20);
  EXPECT_EQ(back.back_to_back, 8);
  ASSERT_EQ(back.series.size(), s.series.size());
  for (std::size_t i = 0; i < s.series.size(); ++i) {
    EXPECT_EQ(back.series[i].name, s.series[i].name);
    EXPECT_EQ(back.series[i].kind, s.series[i].kind);
    ASSERT_EQ(back.series[i].points.size(), s.series[i].points.size());
    for (std::size_t k = 0; k < s.series[i].points.size(); ++k) {
      EXPECT_EQ(back.series[i].points[k].n, s.series[i].points[k].n);
      EXPECT_DOUBLE_EQ(back.series[i].points[k].ms, s.series[i].points[k].ms);
      EXPECT_EQ(back.series[i].points[k].error, s.series[i].points[k].error);
    }
  }
}

// Profiles recorded before runs could be timed back to back timed each run alone.
TEST(TimingSweep, BackToBackIsOptionalAndAtLeastOne) {
  nlohmann::json j = nlohmann::json::parse(sweep_to_json(small_sweep()));
  j.erase("back_to_back");
  EXPECT_EQ(sweep_from_json(j.dump()).back_to_back, 1);
  j["back_to_back"] = 0;
  EXPECT_THROW(sweep_from_json(j.dump()), std::runtime_error);
  j["back_to_back"] = "many";
  EXPECT_THROW(sweep_from_json(j.dump()), std::runtime_error);
}

// Fields of the wrong kind are named errors (std::runtime_error), not the JSON library's own.
TEST(TimingSweep, AFormatOrInputThatIsNoStringIsANamedError) {
  nlohmann::json j = nlohmann::json::parse(sweep_to_json(small_sweep()));
  j["input"] = 5;
  EXPECT_THROW(sweep_from_json(j.dump()), std::runtime_error);
  j["input"] = "random";
  j["format"] = 3;
  EXPECT_THROW(sweep_from_json(j.dump()), std::runtime_error);
}

TEST(TimingSweep, CorruptFilesAreNamedErrors) {
  const std::string good = sweep_to_json(small_sweep());
  auto message = [](const std::string& text) {
    try {
      sweep_from_json(text);
    } catch (const std::runtime_error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(good.substr(0, good.size() / 2)).find("not JSON"), std::string::npos);
  EXPECT_NE(message("{\"format\": \"warplens-trace\"}").find("not a WarpLens timing sweep"), std::string::npos);
  std::string no_device = good;
  no_device.replace(no_device.find("\"device\""), 8, "\"devise\"");
  EXPECT_NE(message(no_device).find("missing \"device\""), std::string::npos);
  std::string negative = good;
  negative.replace(negative.find("\"ms\": 0.002"), 11, "\"ms\": -1.00");
  EXPECT_NE(message(negative).find("negative"), std::string::npos);
  EXPECT_THROW(load_sweep("/nonexistent/profile.json"), std::runtime_error);
}

TEST(TimingSweep, CsvHasOneRowPerPointAndLeavesUnmeasuredCellsEmpty) {
  const std::string csv = sweep_to_csv(small_sweep());
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "series,kind,n,ms,gbs,percent_of_copy,ok,error");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 8);
  EXPECT_NE(csv.find("speed-of-light,variant,262144,0.0025,419.43,40,1,\n"), std::string::npos);
  EXPECT_NE(csv.find("speed-of-light,variant,524288,,,,1,does not fit\n"), std::string::npos);
}

TEST(TimingSweep, LadderGivesStepAndCumulativeSpeedups) {
  const std::vector<LadderStep> steps =
      ladder(small_sweep(), {"interleaved-divergent", "missing", "sequential", "speed-of-light"}, 1 << 18);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].name, "interleaved-divergent");
  EXPECT_DOUBLE_EQ(steps[0].cumulative_speedup, 1.0);
  EXPECT_NEAR(steps[1].step_speedup, 4.0, 1e-12);  // 40 us -> 10 us
  EXPECT_NEAR(steps[2].step_speedup, 4.0, 1e-12);  // 10 us -> 2.5 us
  EXPECT_NEAR(steps[2].cumulative_speedup, 16.0, 1e-12);
  EXPECT_TRUE(ladder(small_sweep(), {"speed-of-light"}, 1 << 19).empty());  // its point failed
}

// A family's own roofline (the all-reduce's link) is what shares are of, and survives the round
// trip; a profile from before it was written is bounded by the device copy. Peer copy at 2^18:
// 1 MiB in 0.004 ms, 262 GB/s; speed-of-light's 1 MiB in 0.0025 ms (419 GB/s) is 160% of it.
TEST(TimingSweep, SharesAreOfTheFamilysRoofline) {
  TimingSweep s = small_sweep();
  const double mib = 1 << 20;
  s.series.push_back({"peer copy", SeriesKind::Reference, {point(1 << 18, 0.004, mib)}});
  s.roofline = "peer copy";
  const TimingSeries& fastest = *s.find("speed-of-light");
  EXPECT_DOUBLE_EQ(*percent_of_copy(s, fastest, 1 << 18), 160.0);
  const TimingSweep back = sweep_from_json(sweep_to_json(s));
  EXPECT_EQ(back.roofline, "peer copy");
  nlohmann::json old = nlohmann::json::parse(sweep_to_json(small_sweep()));
  old.erase("roofline");
  EXPECT_EQ(sweep_from_json(old.dump()).roofline, kCopySeries);
  EXPECT_DOUBLE_EQ(*percent_of_copy(small_sweep(), fastest, 1 << 18), 40.0);  // 419 of the copy's 1049 GB/s
}

TEST(TimingSweep, ParameterValuesTakeListsRangesAndZero) {
  std::string name, error;
  std::vector<std::uint64_t> values;
  ASSERT_TRUE(parse_param_sweep("cols=4096,1024,2048,1024", name, values, error)) << error;
  EXPECT_EQ(name, "cols");
  EXPECT_EQ(values, (std::vector<std::uint64_t>{1024, 2048, 4096}));
  ASSERT_TRUE(parse_param_sweep("cols=2^10..2^12,5000", name, values, error)) << error;
  EXPECT_EQ(values, (std::vector<std::uint64_t>{1024, 2048, 4096, 5000}));
  ASSERT_TRUE(parse_param_sweep("offset=0,10000", name, values, error)) << error;  // 0 is a value
  EXPECT_EQ(name, "offset");
  EXPECT_EQ(values, (std::vector<std::uint64_t>{0, 10000}));
  for (const char* bad : {"cols", "=1024", "cols=", "cols=abc", "cols=1024,,2048", "cols=2^12..2^10", "cols=-1",
                          "cols=99999999999999999999"}) {
    EXPECT_FALSE(parse_param_sweep(bad, name, values, error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
  parse_param_sweep("cols=1024,x", name, values, error);
  EXPECT_EQ(error, "'x' is not a value of cols (4096, 2^12 or 2^10..2^15)");
  parse_param_sweep("cols", name, values, error);
  EXPECT_EQ(error, "'cols' is not name=values (cols=1024,2048,4096 or cols=2^10..2^15)");
}

// Rows' softmax on 2^20 f32 values at 1024 and 4096 columns: 4 MiB read and 4 MiB written, so
// every series moves 8 MiB (8388608 bytes), the copy too. The copy takes 4 us at 1024 columns and
// 5 us at 4096 (2097.152 and 1677.7216 GB/s): each point's share is of the copy at that point.
// register-resident refuses 4096 columns, as a too-large n is refused.
TimingSweep cols_sweep() {
  TimingSweep s;
  s.device = "Test GPU";
  s.date = "2026-12-01";
  s.family = "rows";
  s.op = "softmax";
  s.type = "f32";
  s.block = 256;
  s.swept_param = "cols";
  const double bytes = 8 << 20;
  const std::uint64_t n = 1 << 20;
  auto at = [&](std::uint64_t cols, double ms, std::string error = "") {
    TimingPoint p = point(n, ms, bytes, std::move(error));
    p.param = cols;
    return p;
  };
  s.series.push_back({kCopySeries, SeriesKind::Reference, {at(1024, 0.004), at(4096, 0.005)}});
  s.series.push_back({kCubSeries, SeriesKind::Reference, {at(1024, 0.010), at(4096, 0.020)}});
  s.series.push_back({"block-per-row", SeriesKind::Variant, {at(1024, 0.008), at(4096, 0.016)}});
  s.series.push_back({"register-resident", SeriesKind::Variant,
                      {at(1024, 0.005), at(4096, 0, "cols=4096 at 2^20: register-resident holds a row ...")}});
  return s;
}

TEST(TimingSweep, AParameterSweepFindsPointsAndSharesPerValue) {
  const TimingSweep s = cols_sweep();
  EXPECT_TRUE(s.against_param());
  EXPECT_EQ(s.axis_name(), "cols");
  EXPECT_EQ(s.param_values(), (std::vector<std::uint64_t>{1024, 4096}));
  EXPECT_EQ(s.sizes(), (std::vector<std::uint64_t>{1 << 20}));
  const TimingSeries& block = *s.find("block-per-row");
  ASSERT_NE(block.at(1 << 20, 4096), nullptr);
  EXPECT_DOUBLE_EQ(block.at(1 << 20, 4096)->ms, 0.016);
  EXPECT_EQ(block.at(1 << 20), nullptr);  // no point at cols = 0
  EXPECT_EQ(block.at(1 << 19, 1024), nullptr);
  // 8 MiB in 8 us: 1048.576 GB/s, half the copy's 2097.152; in 16 us: 524.288 GB/s, 31.25% of
  // the copy's 1677.7216 at 4096 columns (25% of the copy at 1024 columns would be wrong).
  EXPECT_NEAR(*percent_of_copy(s, block, 1 << 20, 1024), 50.0, 1e-9);
  EXPECT_NEAR(*percent_of_copy(s, block, 1 << 20, 4096), 31.25, 1e-9);
  EXPECT_NEAR(*percent_of_copy(s, *s.find(kCubSeries), 1 << 20, 4096), 25.0, 1e-9);  // 20 us
  EXPECT_NEAR(*percent_of_copy(s, *s.find("register-resident"), 1 << 20, 1024), 80.0, 1e-9);  // 5 us
  EXPECT_FALSE(percent_of_copy(s, *s.find("register-resident"), 1 << 20, 4096));  // refused there
  TimingPoint p;
  p.n = 1 << 20;
  p.param = 4096;
  EXPECT_EQ(point_label(s, p), "cols=4096 at 2^20");
  EXPECT_EQ(point_label(small_sweep(), p), "2^20");
}

TEST(TimingSweep, TheLadderIsPerParameterValue) {
  const TimingSweep s = cols_sweep();
  const std::vector<LadderStep> at_1024 = ladder(s, {"block-per-row", "register-resident"}, 1 << 20, 1024);
  ASSERT_EQ(at_1024.size(), 2u);
  EXPECT_NEAR(at_1024[1].step_speedup, 1.6, 1e-12);  // 8 us -> 5 us
  const std::vector<LadderStep> at_4096 = ladder(s, {"block-per-row", "register-resident"}, 1 << 20, 4096);
  ASSERT_EQ(at_4096.size(), 1u);  // register-resident refused 4096 columns
  EXPECT_DOUBLE_EQ(at_4096[0].ms, 0.016);
}

TEST(TimingSweep, JsonRoundTripKeepsTheParameterAxis) {
  const TimingSweep s = cols_sweep();
  const std::string text = sweep_to_json(s);
  const nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_EQ(j["version"], 2);
  EXPECT_EQ(j["swept_param"], "cols");
  const TimingSweep back = sweep_from_json(text);
  EXPECT_EQ(back.swept_param, "cols");
  ASSERT_EQ(back.series.size(), 4u);
  const TimingSeries& resident = back.series[3];
  ASSERT_EQ(resident.points.size(), 2u);
  EXPECT_EQ(resident.points[0].param, 1024u);
  EXPECT_EQ(resident.points[1].param, 4096u);
  EXPECT_EQ(resident.points[1].error, "cols=4096 at 2^20: register-resident holds a row ...");
  EXPECT_NEAR(*percent_of_copy(back, back.series[2], 1 << 20, 4096), 31.25, 1e-9);
  // A sweep against n stays version 1, without the axis: older builds read it as before.
  const nlohmann::json against_n = nlohmann::json::parse(sweep_to_json(small_sweep()));
  EXPECT_EQ(against_n["version"], 1);
  EXPECT_FALSE(against_n.contains("swept_param"));
  EXPECT_FALSE(against_n["series"][0]["points"][0].contains("param"));
}

// A profile written before the axis existed (version 1, as assets/profiles/ held them) loads as
// a sweep against n; a later version, and a version 2 without its axis, are named errors.
TEST(TimingSweep, AnOldProfileLoadsAndANewerOneIsRefusedByNumber) {
  const std::string old = R"({"format": "warplens-timing-sweep", "version": 1, "device": "Old GPU",
    "date": "2024-05-01", "family": "reduce", "op": "sum", "type": "f32", "block": 256, "warmup": 5,
    "repeats": 20, "series": [{"name": "device copy", "kind": "reference",
      "points": [{"n": 1024, "ms": 0.002, "bytes": 8192, "ok": true}]},
     {"name": "sequential", "kind": "variant", "points": [{"n": 1024, "ms": 0.004, "bytes": 4096, "ok": true}]}]})";
  const TimingSweep s = sweep_from_json(old);
  EXPECT_FALSE(s.against_param());
  EXPECT_EQ(s.axis_name(), "n");
  EXPECT_EQ(s.series[1].points[0].param, 0u);
  // 4096 bytes in 4 us is 1.024 GB/s; the copy's 8192 in 2 us 4.096: 25%.
  EXPECT_NEAR(*percent_of_copy(s, s.series[1], 1024), 25.0, 1e-9);

  nlohmann::json j = nlohmann::json::parse(sweep_to_json(cols_sweep()));
  j["version"] = 3;
  try {
    sweep_from_json(j.dump());
    ADD_FAILURE() << "version 3 was taken";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "timing sweep version 3 (this build reads 1 and 2)");
  }
  j["version"] = 2;
  j.erase("swept_param");
  EXPECT_THROW(sweep_from_json(j.dump()), std::runtime_error);
  j["swept_param"] = "cols";
  j["series"][0]["points"][0].erase("param");
  try {
    sweep_from_json(j.dump());
    ADD_FAILURE() << "a point without its param was taken";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("missing \"param\""), std::string::npos) << e.what();
  }
}

TEST(TimingSweep, CsvOfAParameterSweepHasItsColumn) {
  const std::string csv = sweep_to_csv(cols_sweep());
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "series,kind,cols,n,ms,gbs,percent_of_copy,ok,error");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 1 + 8);
  EXPECT_NE(csv.find("block-per-row,variant,4096,1048576,0.016,524.288,31.25,1,\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("register-resident,variant,4096,1048576,,,,1,cols=4096 at 2^20: register-resident holds a row ...\n"),
            std::string::npos)
      << csv;
}

}  // namespace
}  // namespace wl
