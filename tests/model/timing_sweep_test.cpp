// Timing sweeps: sizes as the CLI takes them, the JSON round trip, corrupt files named clearly,
// CSV rows, percent of copy bandwidth and the ladder, all computed by hand.
#include "model/timing/timing_sweep.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <stdexcept>

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

}  // namespace
}  // namespace wl
