// query_device() must answer on any machine: with a usable GPU, or with a reason.
#include <gtest/gtest.h>

#include "kernels/device/device_info.h"

TEST(ProbeDevice, ReportsAGpuOrAReason) {
  const wl::DeviceInfo info = wl::query_device();
  if (info.available) {
    EXPECT_FALSE(info.name.empty());
    EXPECT_TRUE(info.reason.empty());
    EXPECT_GE(info.cc_major, 1);
  } else {
    EXPECT_FALSE(info.reason.empty());
  }
  std::printf("query_device: %s\n", info.available ? info.name.c_str() : info.reason.c_str());
}

TEST(ProbeDevice, RepeatedCallsAgree) {
  const wl::DeviceInfo first = wl::query_device();
  const wl::DeviceInfo second = wl::query_device();
  EXPECT_EQ(first.available, second.available);
  EXPECT_EQ(first.name, second.name);
  EXPECT_EQ(first.reason, second.reason);
}

// A usable device gives its own count; anything else the fallback.
TEST(ProbeDevice, MultiprocessorsOrAFallback) {
  wl::DeviceInfo gpu;
  gpu.available = true;
  gpu.multiprocessors = 7;
  EXPECT_EQ(wl::multiprocessors_or(gpu, 132), 7u);
  gpu.multiprocessors = 0;
  EXPECT_EQ(wl::multiprocessors_or(gpu, 132), 132u);
  wl::DeviceInfo none;
  none.multiprocessors = 7;  // queried, but it cannot run this build's kernels
  EXPECT_EQ(wl::multiprocessors_or(none, 132), 132u);
}

#ifndef WARPLENS_HAVE_CUDA
TEST(ProbeDevice, SaysWhenBuiltWithoutCuda) {
  EXPECT_EQ(wl::query_device().reason, "built without CUDA");
}
#endif
