// n = 2^31 + 17 on the GPU, every scan (tests/gpu/huge_input.h says why): each output is checked
// against the CPU reference, and the last, which only a 64-bit index reaches, against a sum and
// a maximum computed here.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "kernels/families/scan/traits.h"
#include "tests/gpu/huge_input.h"
#include "tests/kernels/scan_requests.h"

namespace wl::scan {
namespace {

using test::huge_input;
using test::kHugeN;

std::int32_t last_output(const std::string& variant, const char* op) {
  const RunResult out = run_gpu(test::scan_request(variant, op, "i32", kHugeN, 256), huge_input().data());
  EXPECT_TRUE(out.check.ok) << variant << " " << op << ": " << out.check.expected;
  EXPECT_EQ(out.result.count(), kHugeN) << variant;
  return out.result.count() == kHugeN ? std::int32_t(out.result.bits(kHugeN - 1)) : 0;
}

TEST(GpuHugeN, EveryScanOfTwoToThe31Plus17IntegersIsExact) {
  if (!test::gpu_fits_huge_input(2.2)) GTEST_SKIP() << "needs 19 GB of free GPU memory";
  std::uint32_t sum = 0;
  for (std::int32_t x : huge_input()) sum += std::uint32_t(x);
  for (const ScanVariantInfo& info : variant_infos<Traits>()) {
    if (info.pitfall || info.max_n) continue;  // naive-quadratic takes n up to 4096
    EXPECT_EQ(last_output(info.id, "sum"), std::int32_t(sum)) << info.id;
  }
  EXPECT_EQ(last_output("decoupled-lookback", "max"), 1 << 30);
}

}  // namespace
}  // namespace wl::scan
