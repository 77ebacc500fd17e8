// Bad parameters get a clear message, and n = 0 reduces to the operator's identity.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <cstring>
#include <stdexcept>

#include "run/backend_run.h"
#include "kernels/families/reduce/plan.h"
#include "kernels/families/reduce/traits.h"

namespace wl::reduce {
namespace {

RunRequest request(const char* variant, unsigned block) {
  RunRequest r;
  r.variant = variant;
  r.block = block;
  return r;
}

TEST(ReduceValidation, RejectsBlockSizesWithTheReason) {
  EXPECT_EQ(validate(request("sequential", 96)), "block size 96 is not a power of two");
  EXPECT_EQ(validate(request("sequential", 0)), "block size 0 is not a power of two");
  EXPECT_EQ(validate(request("sequential", 2048)), "block size 2048 is over the hardware limit of 1024");
  EXPECT_NE(validate(request("unroll-last-warp", 32)).find("at least 64 threads"), std::string::npos);
  EXPECT_NE(validate(request("sequential", 1)).find("at least 2 threads"), std::string::npos);
  EXPECT_EQ(validate(request("first-add-on-load", 1)), "");
  EXPECT_EQ(validate(request("complete-unroll", 1024)), "");
}

TEST(ReduceValidation, RejectsUnknownNames) {
  EXPECT_NE(validate(request("sequencial", 256)).find("unknown variant 'sequencial'"), std::string::npos);
  RunRequest r = request("sequential", 256);
  r.op = "mean";
  EXPECT_NE(validate(r).find("unknown operator 'mean'"), std::string::npos);
  r.op = "sum";
  r.type = "f16";
  EXPECT_NE(validate(r).find("unknown type 'f16'"), std::string::npos);
}

TEST(ReduceValidation, RejectsHugeN) {
  RunRequest r = request("sequential", 256);
  r.n = kMaxElements + 1;
  EXPECT_NE(validate(r).find("over the limit"), std::string::npos);
}

TEST(ReduceValidation, AGridPastTwoToThe31BlocksIsRefused) {
  RunRequest r = request("sequential", 2);
  r.n = std::uint64_t(1) << 33;  // 2^32 blocks of 2
  EXPECT_NE(validate(r).find("needs more than 2^31 - 1 blocks"), std::string::npos) << validate(r);
  r.block = 4;  // 2^31 blocks: still one too many
  EXPECT_NE(validate(r).find("needs more than 2^31 - 1 blocks"), std::string::npos);
  r.block = 8;
  EXPECT_EQ(validate(r), "");
}

TEST(ReduceValidation, AnInputLargerThanHalfOfHostMemoryIsRefusedBeforeItIsMade) {
  const std::uint64_t memory = physical_memory_bytes();
  ASSERT_GT(memory, 0u);
  RunRequest r = request("sequential", 256);
  r.type = "f64";
  r.n = std::min(kMaxElements, memory / 8 / 2 + 1);
  if (r.n * 8 <= memory / 2) GTEST_SKIP() << "this machine holds even the largest n";
  try {
    run_request(r, RunInput{}, BackendChoice::Simulator);
    FAIL() << "expected the run to be refused";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("MiB of input in host memory"), std::string::npos) << e.what();
  }
}

TEST(ReduceValidation, RecordingIsLimitedByTheTracesByteOffsets) {
  RunRequest r = request("sequential", 256);
  r.record = true;
  r.type = "f64";
  r.n = (std::uint64_t(1) << 29) + 1;
  EXPECT_EQ(validate(r), "a trace stores 32-bit byte offsets: record at most 536870912 elements of f64");
  r.n -= 1;
  EXPECT_EQ(validate(r), "");
  r.record = false;
  r.n = kMaxElements;
  EXPECT_EQ(validate(r), "") << "runs that record nothing may be larger";
}

TEST(ReduceValidation, TheSimulatorThrowsForInvalidRequests) {
  const float x = 1;
  EXPECT_THROW(run_sim(request("sequential", 100), &x), std::invalid_argument);
}

TEST(ReduceValidation, ZeroElementsGiveTheIdentityWithoutALaunch) {
  RunRequest r = request("sequential", 256);
  r.n = 0;
  for (auto [op, expected] : {std::pair{"sum", 0.0f}, {"product", 1.0f},
                              {"min", std::numeric_limits<float>::infinity()},
                              {"max", -std::numeric_limits<float>::infinity()}}) {
    r.op = op;
    const RunResult out = run_sim(r, nullptr);
    EXPECT_TRUE(out.launches.empty());
    float result;
    std::uint32_t bits = std::uint32_t(out.result.bits(0));
    std::memcpy(&result, &bits, 4);
    EXPECT_EQ(result, expected) << op;
    EXPECT_TRUE(out.check.ok);
  }
  r.type = "i32";
  r.op = "min";
  EXPECT_EQ(run_sim(r, nullptr).result_text, std::to_string(std::numeric_limits<std::int32_t>::max()));
}

}  // namespace
}  // namespace wl::reduce
