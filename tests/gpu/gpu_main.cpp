// Runs the GPU tests, or reports them skipped (exit 77) where no GPU can be used.
#include <gtest/gtest.h>

#include <cstdio>

#include "run/backend_run.h"

int main(int argc, char** argv) {
  std::string why;
  if (!wl::gpu_usable(&why)) {
    std::printf("GPU tests skipped: %s\n", why.c_str());
    return 77;
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
