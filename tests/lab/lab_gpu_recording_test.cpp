// A plain kernel's GPU recording as the lab asks for it and names it (app/lab/record/
// lab_gpu_recording.h): the tracer's request, and the meta the recording's trace takes from the
// run, as every run's (describe_run), keeping what the tracer recorded.
#include <gtest/gtest.h>

#include <regex>

#include "lab/record/lab_gpu_recording.h"

namespace wl::lab {
namespace {

TEST(LabGpuRecording, TracerRequestNamesTheKernelAndTheBlocks) {
  RunRequest r;
  r.record_blocks = {0, 2};
  TracerRequest t = lab_tracer_request("reduce2", r, false, "/tmp/rec");
  EXPECT_EQ(t.folder, "/tmp/rec");
  EXPECT_EQ(t.launches, "all");
  EXPECT_EQ(t.blocks, "0,2");
  EXPECT_EQ(t.capacity, TracerRequest().capacity);  // no cap asked: the tracer's own
  const std::regex kernel(t.kernel);
  EXPECT_TRUE(std::regex_search("void reduce2<float, 256u>(float const*, float*, unsigned int)", kernel));
  EXPECT_TRUE(std::regex_search("reduce2(float const*, float*, int)", kernel));
  EXPECT_FALSE(std::regex_search("reduce20(float const*, float*, int)", kernel));
  EXPECT_FALSE(std::regex_search("void my_reduce2<float>(float const*)", kernel));

  r.event_cap = 1000;
  EXPECT_EQ(lab_tracer_request("reduce2", r, true, "/tmp/rec").blocks, "all");
  EXPECT_EQ(lab_tracer_request("reduce2", r, true, "/tmp/rec").capacity, 1000u);
  r.record_blocks.clear();
  EXPECT_EQ(lab_tracer_request("reduce2", r, false, "/tmp/rec").blocks, "0");
}

TEST(LabGpuRecording, MetaIsTheRequestsWithTheRecordedGeometry) {
  TraceMeta meta;  // as gpu_recording_trace leaves it
  meta.family = "recorded";
  meta.variant = "reduce2";
  meta.type = "f32";
  meta.backend = "gpu";
  meta.launches = {{"reduce2", 16, 256, 1024, 4096}, {"reduce2", 1, 64, 256, 16}};
  meta.grid_dim = 16;
  meta.block_dim = 256;
  meta.recorded_blocks = {0, 3};
  RunRequest r;
  r.family = "reduce";
  r.variant = "reduce2";
  r.op = "sum";
  r.type = "f32";
  r.n = 4096;
  r.block = 128;                 // the request's; the recording's launches say 256
  r.params = {{"items", 2}};
  r.sm_count = 132;
  r.record_blocks = {0, 1, 2};   // asked for; the tracer recorded 0 and 3
  r.event_cap = 0;
  describe_recorded_run(meta, r, 1u << 22);

  EXPECT_EQ(meta.family, "reduce");
  EXPECT_EQ(meta.variant, "reduce2");
  EXPECT_EQ(meta.op, "sum");
  EXPECT_EQ(meta.type, "f32");
  EXPECT_EQ(meta.n, 4096u);
  EXPECT_EQ(meta.params, (std::map<std::string, std::uint64_t>{{"items", 2}}));
  EXPECT_EQ(meta.sm_count, 132u);
  EXPECT_EQ(meta.event_cap, 1u << 22);
  EXPECT_EQ(meta.backend, "gpu");
  EXPECT_EQ(meta.grid_dim, 16u);
  EXPECT_EQ(meta.block_dim, 256u);
  EXPECT_EQ(meta.recorded_blocks, (std::vector<std::uint32_t>{0, 3}));
  EXPECT_EQ(meta.launches.size(), 2u);  // untouched
  EXPECT_EQ(meta.launches[1].shared_bytes, 256u);
}

}  // namespace
}  // namespace wl::lab
