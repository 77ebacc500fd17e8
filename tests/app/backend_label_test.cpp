#include "backend_label.h"

#include <gtest/gtest.h>

TEST(BackendLabel, NamesTheGpu) {
  wl::DeviceInfo gpu;
  gpu.available = true;
  gpu.name = "NVIDIA H100";
  EXPECT_EQ(wl::backend_label(gpu), "GPU: NVIDIA H100");
}

TEST(BackendLabel, GivesTheReasonWithoutGpu) {
  wl::DeviceInfo none;
  none.reason = "no NVIDIA GPU found";
  EXPECT_EQ(wl::backend_label(none), "No GPU: no NVIDIA GPU found \u2014 kernels run on the CPU simulator");
}
