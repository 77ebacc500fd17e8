#include "session/timing_profiles.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace wl {
namespace {

namespace fs = std::filesystem;

fs::path fresh_folder(const std::string& name) {
  const fs::path folder = fs::path(WL_TEST_DATA_DIR) / name;
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

TimingSweep one_point_sweep(const std::string& device) {
  TimingSweep sweep;
  sweep.family = "reduce";
  sweep.device = device;
  sweep.date = "2024-05-01";
  sweep.series.push_back({"sequential", SeriesKind::Variant, {{1024, 0.01, 4096, true, ""}}});
  return sweep;
}

TEST(TimingProfiles, ACorruptProfileIsAnErrorLineNotAThrow) {
  const fs::path folder = fresh_folder("profiles_corrupt");
  write(folder / "a-broken.json", "{\"format\": \"warplens-timing-sweep\", \"series\": [");
  save_sweep(one_point_sweep("Test GPU"), (folder / "b-good.json").string());
  write(folder / "notes.txt", "not a profile: ignored");

  std::vector<ProfileEntry> profiles;
  ASSERT_NO_THROW(profiles = load_profiles(folder.string(), {}));
  ASSERT_EQ(profiles.size(), 2u);  // .json only; a file that does not load after those that do
  ASSERT_TRUE(profiles[0].sweep);
  EXPECT_EQ(profiles[0].sweep->device, "Test GPU");
  EXPECT_TRUE(profiles[0].error.empty());
  EXPECT_FALSE(profiles[1].sweep);
  EXPECT_NE(profiles[1].error.find("a-broken.json"), std::string::npos) << profiles[1].error;
}

// A folder holding an older machine's profile and today's: today's is offered, and shown, first;
// within a date, by name.
TEST(TimingProfiles, TheNewestRecordingComesFirst) {
  const fs::path folder = fresh_folder("profiles_newest");
  TimingSweep older = one_point_sweep("Older GPU");
  older.date = "2026-11-27";
  TimingSweep newer = one_point_sweep("Newer GPU");
  newer.date = "2026-12-03";
  TimingSweep newer_too = one_point_sweep("Newer GPU too");
  newer_too.date = "2026-12-03";
  save_sweep(older, (folder / "a-older.json").string());
  save_sweep(newer_too, (folder / "c-newer.json").string());
  save_sweep(newer, (folder / "b-newer.json").string());
  const auto profiles = load_profiles(folder.string(), {});
  ASSERT_EQ(profiles.size(), 3u);
  EXPECT_EQ(profiles[0].sweep->device, "Newer GPU");
  EXPECT_EQ(profiles[1].sweep->device, "Newer GPU too");
  EXPECT_EQ(profiles[2].sweep->device, "Older GPU");
  TimingState state;
  state.reload(folder.string());
  ASSERT_NE(state.shown_sweep(), nullptr);
  EXPECT_EQ(state.shown_sweep()->device, "Newer GPU");
}

TEST(TimingProfiles, NoFolderMeansNoProfilesAndExtraFilesComeLast) {
  const fs::path folder = fresh_folder("profiles_extra");
  save_sweep(one_point_sweep("Extra GPU"), (folder / "extra.json").string());
  const auto profiles = load_profiles((folder / "missing").string(), {(folder / "extra.json").string(),
                                                                      (folder / "absent.json").string()});
  ASSERT_EQ(profiles.size(), 2u);
  EXPECT_EQ(profiles[0].sweep->device, "Extra GPU");
  EXPECT_FALSE(profiles[1].sweep);
  EXPECT_NE(profiles[1].error.find("absent.json"), std::string::npos);
}

TEST(TimingProfiles, TheFirstProfileThatLoadsIsShown) {
  const fs::path folder = fresh_folder("profiles_shown");
  write(folder / "a.txt", "garbage");  // named on the command line, so listed first
  save_sweep(one_point_sweep("Shown GPU"), (folder / "b.json").string());
  TimingState state;
  state.extra_profiles = {(folder / "a.txt").string()};
  EXPECT_EQ(state.shown_sweep(), nullptr);
  state.reload(folder.string());
  EXPECT_EQ(state.shown, 1);
  ASSERT_NE(state.shown_sweep(), nullptr);
  EXPECT_EQ(state.shown_sweep()->device, "Shown GPU");
}

// The shipped profiles (assets/profiles/) all load; each single-GPU family is shown first as
// timed on the H200, the GPU users are lent (the H100's stay in the list); and the rows
// sweeps against cols carry the peers tools/bench_peers.py timed beside them.
TEST(TimingProfiles, TheShippedProfilesLoadAndTheH200sAreShownFirst) {
  const std::string folder = std::string(WL_LESSONS_DIR) + "/../profiles";
  const std::vector<ProfileEntry> profiles = load_profiles(folder, {});
  for (const ProfileEntry& p : profiles) EXPECT_TRUE(p.sweep) << p.path << ": " << p.error;
  for (const char* family : {"reduce", "scan", "histogram", "rows"}) {
    TimingState state;
    state.reload(folder);
    state.follow_family(family, {});
    const TimingSweep* shown = state.shown_sweep();
    ASSERT_NE(shown, nullptr) << family;
    EXPECT_EQ(shown->device, "NVIDIA H200") << family;
    const auto h100 = std::find_if(profiles.begin(), profiles.end(), [&](const ProfileEntry& p) {
      return p.sweep && p.sweep->family == family && p.sweep->device == "NVIDIA H100 80GB HBM3";
    });
    EXPECT_NE(h100, profiles.end()) << family << ": the H100's profile is kept";
  }
  unsigned with_peers = 0;
  for (const ProfileEntry& p : profiles) {
    if (!p.sweep || p.sweep->device != "NVIDIA H200" || p.sweep->family != "rows" || !p.sweep->against_param()) continue;
    for (const char* peer : {"torch", "torch.compile", "Triton tutorial"}) {
      const TimingSeries* s = p.sweep->find(peer);
      ASSERT_NE(s, nullptr) << p.path << " lacks " << peer;
      EXPECT_EQ(s->kind, SeriesKind::Reference) << p.path;
    }
    ++with_peers;
  }
  EXPECT_EQ(with_peers, 3u);  // softmax, layer norm, RMS norm
}

// An all-reduce's profiles differ by GPUs: the one timed at the run's gpus is shown, else any.
TEST(TimingProfiles, TheSweepShownIsTheOneTimedAtTheRunsParameters) {
  const fs::path folder = fresh_folder("profiles_params");
  TimingSweep two = one_point_sweep("Two GPUs"), four = one_point_sweep("Four GPUs");
  two.family = four.family = "allreduce";
  two.input = "random, gpus=2";
  four.input = "random, gpus=4";
  save_sweep(two, (folder / "a-2gpus.json").string());
  save_sweep(four, (folder / "b-4gpus.json").string());
  TimingState state;
  state.reload(folder.string());
  state.follow_family("allreduce", {{"gpus", 4}});
  EXPECT_EQ(state.shown, 1);
  state.follow_family("allreduce", {{"gpus", 2}});
  EXPECT_EQ(state.shown, 0);
  state.follow_family("allreduce", {{"gpus", 8}});  // none at 8: the one shown stays
  EXPECT_EQ(state.shown, 0);
  state.follow_family("allreduce", {{"gpus", 4}, {"channels", 3}});  // a parameter no sweep names is no reason
  EXPECT_EQ(state.shown, 1);
}

TEST(TimingProfiles, TheSweepShownFollowsTheFamilyChosen) {
  const fs::path folder = fresh_folder("profiles_family");
  TimingSweep reduce = one_point_sweep("Reduce GPU"), scan = one_point_sweep("Scan GPU");
  scan.family = "scan";
  save_sweep(reduce, (folder / "a-reduce.json").string());
  save_sweep(scan, (folder / "b-scan.json").string());
  TimingState state;
  state.reload(folder.string());
  EXPECT_EQ(state.shown, 0);
  state.follow_family("reduce");
  EXPECT_EQ(state.shown, 0);
  state.follow_family("scan");
  EXPECT_EQ(state.shown, 1);
  state.follow_family("histogram");  // no histogram sweep: the scan one stays
  EXPECT_EQ(state.shown, 1);
  state.shown = 0;  // chosen by hand in the list: kept while the family does not change
  state.follow_family("histogram");
  EXPECT_EQ(state.shown, 0);
  state.follow_family("scan");
  EXPECT_EQ(state.shown, 1);
  state.reload(folder.string());  // reloading keeps to the family followed
  EXPECT_EQ(state.shown, 1);

  state.live = scan;  // a live sweep of the family comes before the recorded ones
  state.live->device = "Live GPU";
  state.follow_family("reduce");
  EXPECT_EQ(state.shown, 0);
  state.follow_family("scan");
  EXPECT_EQ(state.shown, -1);
  ASSERT_NE(state.shown_sweep(), nullptr);
  EXPECT_EQ(state.shown_sweep()->device, "Live GPU");
}

TEST(TimingProfiles, AFileNamedOnTheCommandLineStaysShownWhateverTheFamily) {
  const fs::path folder = fresh_folder("profiles_named");
  TimingSweep scan = one_point_sweep("Named GPU");
  scan.family = "scan";
  save_sweep(scan, (folder / "named.json").string());
  fs::create_directories(folder / "recorded");
  save_sweep(one_point_sweep("Recorded GPU"), (folder / "recorded" / "reduce.json").string());
  TimingState state;
  state.extra_profiles = {(folder / "named.json").string()};
  state.reload((folder / "recorded").string());
  state.follow_family("reduce");  // the app starts on reduce
  EXPECT_EQ(state.shown, 0);
  state.follow_family("histogram");
  state.follow_family("reduce");  // then the user changes family: the sweep follows
  EXPECT_EQ(state.shown, 1);
  EXPECT_EQ(state.shown_sweep()->device, "Recorded GPU");
}

// A family may ship a sweep against n and one against a parameter for the same device: the
// family is followed to the one against n (whatever the files' names), and the other is offered
// as an axis; a sweep of another device or operator is not.
TEST(TimingProfiles, ASweepAgainstAParameterIsOfferedBesideTheOneAgainstN) {
  const fs::path folder = fresh_folder("profiles_axes");
  TimingSweep against_n = one_point_sweep("Rows GPU");
  against_n.family = "rows";
  against_n.op = "softmax";
  TimingSweep against_cols = against_n;
  against_cols.swept_param = "cols";
  against_cols.series[0].points[0].param = 1024;
  TimingSweep other_device = against_cols;
  other_device.device = "Other GPU";
  TimingSweep other_op = against_cols;
  other_op.op = "layernorm";
  save_sweep(against_cols, (folder / "a-rows-cols.json").string());  // sorts first
  save_sweep(against_n, (folder / "b-rows.json").string());
  save_sweep(other_device, (folder / "c-other-rows-cols.json").string());
  save_sweep(other_op, (folder / "d-rows-layernorm-cols.json").string());
  save_sweep(one_point_sweep("Reduce GPU"), (folder / "e-reduce.json").string());
  TimingState state;
  state.reload(folder.string());
  state.follow_family("reduce");
  EXPECT_EQ(state.shown, 4);
  EXPECT_EQ(state.axis_choices().size(), 1u);  // reduce against n alone
  state.follow_family("rows");
  EXPECT_EQ(state.shown, 1);  // against n first
  std::vector<TimingState::AxisChoice> choices = state.axis_choices();
  ASSERT_EQ(choices.size(), 2u);
  EXPECT_EQ(choices[0].axis, "n");
  EXPECT_EQ(choices[0].which, 1);
  EXPECT_EQ(choices[1].axis, "cols");
  EXPECT_EQ(choices[1].which, 0);
  state.ladder_n = 1024;
  state.plot_n = 1024;
  state.show(choices[1].which);
  EXPECT_EQ(state.shown_sweep()->swept_param, "cols");
  EXPECT_EQ(state.ladder_n, 0u);  // picks start again on another sweep
  EXPECT_EQ(state.plot_n, 0u);
  EXPECT_FALSE(state.ladder_param);
  choices = state.axis_choices();  // the same choice, seen from the other side
  ASSERT_EQ(choices.size(), 2u);
  EXPECT_EQ(choices[0].which, 1);
  EXPECT_EQ(choices[1].which, 0);
  state.show(2);  // the other device's: no sibling
  ASSERT_EQ(state.axis_choices().size(), 1u);
  EXPECT_EQ(state.axis_choices()[0].axis, "cols");
}

TEST(TimingWorker, ReportsProgressAndHandsOverTheSweep) {
  TimingWorker worker([](const SweepRequest& request, const SweepProgress& progress, const std::atomic<bool>&) {
    TimingSweep sweep;
    sweep.device = "Fake GPU";
    for (std::size_t i = 0; i < request.sizes.size(); ++i) progress(i + 1, request.sizes.size(), "size");
    return sweep;
  });
  SweepRequest request;
  request.sizes = {1024, 2048, 4096};
  ASSERT_TRUE(worker.start(request));
  worker.wait();
  EXPECT_FALSE(worker.busy());
  EXPECT_EQ(worker.progress().done, 3u);
  EXPECT_EQ(worker.progress().total, 3u);
  std::optional<TimingWorkerResult> result = worker.take_result();
  ASSERT_TRUE(result);
  ASSERT_TRUE(result->sweep);
  EXPECT_EQ(result->sweep->device, "Fake GPU");
  EXPECT_FALSE(result->cancelled);
  EXPECT_FALSE(worker.take_result());  // once
}

TEST(TimingWorker, AGpuErrorBecomesAMessage) {
  TimingWorker worker([](const SweepRequest&, const SweepProgress&, const std::atomic<bool>&) -> TimingSweep {
    throw std::runtime_error("no NVIDIA GPU driver found");
  });
  ASSERT_TRUE(worker.start(SweepRequest{}));
  worker.wait();
  const auto result = worker.take_result();
  ASSERT_TRUE(result);
  EXPECT_FALSE(result->sweep);
  EXPECT_EQ(result->error, "no NVIDIA GPU driver found");
}

TEST(TimingWorker, CancelStopsTheSweepWhichKeepsWhatItMeasured) {
  std::atomic<bool> started{false};
  TimingWorker worker([&started](const SweepRequest&, const SweepProgress&, const std::atomic<bool>& cancel) {
    started = true;
    TimingSweep sweep;
    while (!cancel) std::this_thread::yield();  // a sweep that never ends by itself
    sweep.device = "stopped";
    return sweep;
  });
  ASSERT_TRUE(worker.start(SweepRequest{}));
  while (!started) std::this_thread::yield();
  EXPECT_TRUE(worker.busy());
  EXPECT_FALSE(worker.start(SweepRequest{}));  // one at a time
  EXPECT_FALSE(worker.take_result());          // nothing while running
  worker.cancel();
  worker.wait();
  const auto result = worker.take_result();
  ASSERT_TRUE(result);
  EXPECT_TRUE(result->cancelled);
  EXPECT_EQ(result->sweep->device, "stopped");
}

}  // namespace
}  // namespace wl
