// A rows trace recorded on the GPU equals the simulator's, event for event: every field but the
// time, and the values bit for bit except where f32 arithmetic may round differently. The GPU's
// expf is not libm's, and nvcc contracts a * b + c into one rounding (fma) where the host
// compiler rounds twice, so a value computed from others may differ in its last bits (a NaN in
// its payload); the input's values, addresses, steps, sites and branches may not.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "kernels/families/rows/traits.h"
#include "tests/kernels/rows_requests.h"

namespace wl::rows {
namespace {

// Far above a few roundings (2^-24 each, through a handful of operations), far below any wrong
// value a kernel bug would write.
constexpr double kRelative = 1e-5;

bool close(std::uint32_t a_bits, std::uint32_t b_bits) {
  if (a_bits == b_bits) return true;
  float a, b;
  std::memcpy(&a, &a_bits, 4);
  std::memcpy(&b, &b_bits, 4);
  if (std::isnan(a) && std::isnan(b)) return true;  // a NaN's payload is the hardware's (x86 ffc00000, CUDA 7fffffff)
  if (std::isnan(a) || std::isnan(b) || std::isinf(a) || std::isinf(b)) return false;
  return std::abs(double(a) - double(b)) <= kRelative * std::max(std::abs(double(a)), std::abs(double(b))) + 1e-37;
}

// The events' values as f32 lanes (a 16-byte access holds four), each close.
bool values_close(const Event& a, const Event& b) {
  for (int w = 0; w < 2; ++w)
    for (int half = 0; half < 2; ++half)
      if (!close(std::uint32_t(a.value[w] >> (32 * half)), std::uint32_t(b.value[w] >> (32 * half)))) return false;
  return true;
}

std::string describe(const Event& e) {
  char buf[220];
  std::snprintf(buf, sizeof buf, "block %u thread %u seq %u step %u site %u op %s size %u addr %u aux %u flags %u v0 %llx v1 %llx",
                e.block, e.thread, e.seq, unsigned(e.step), e.site, op_name(e.op), e.size, e.address, e.aux, e.flags,
                (unsigned long long)e.value[0], (unsigned long long)e.value[1]);
  return buf;
}

struct Case {
  std::string variant, op;
  unsigned cols;
  Pattern pattern;
};

class GpuRowsTrace : public testing::TestWithParam<Case> {};

TEST_P(GpuRowsTrace, EqualsTheSimulatorTraceEventForEvent) {
  const Case& c = GetParam();
  RunRequest r = test::rows_request(c.variant, c.op, c.cols, 3, 64);
  r.record = true;
  r.record_blocks = {0, 1, 2};
  const std::vector<float> input = test::rows_input(r, c.pattern);
  const RunResult sim = run_sim(r, input.data());
  const RunResult gpu = run_gpu(r, input.data());
  ASSERT_FALSE(sim.trace.overflowed());
  ASSERT_FALSE(gpu.trace.overflowed());
  ASSERT_GT(sim.trace.events.size(), 0u);
  ASSERT_EQ(gpu.trace.meta.launches.size(), sim.trace.meta.launches.size());
  ASSERT_EQ(gpu.trace.events.size(), sim.trace.events.size());
  BufferId input_buffer = kNoBuffer;
  for (const BufferRecord& b : sim.trace.meta.buffers)
    if (b.name == "input") input_buffer = b.id;
  std::size_t rounded = 0;
  for (std::size_t i = 0; i < sim.trace.events.size(); ++i) {
    Event a = sim.trace.events[i], b = gpu.trace.events[i];
    const std::string where = "event " + std::to_string(i) + "\n  sim: " + describe(a) + "\n  gpu: " + describe(b);
    if (same_operation(a, b)) continue;
    ASSERT_TRUE(values_close(a, b)) << where;
    a.value[0] = b.value[0], a.value[1] = b.value[1];
    ASSERT_TRUE(same_operation(a, b)) << where;  // all else equal
    ASSERT_FALSE(a.op == OpKind::GlobalLoad && a.buffer == input_buffer) << "the input is read bit for bit: " << where;
    ++rounded;
  }
  EXPECT_EQ(gpu.check.ok, sim.check.ok) << gpu.check.expected;
  RecordProperty("values_rounded_differently", int(rounded));
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const RowsVariantInfo& info : variant_infos<Traits>()) {
    if (!info.deterministic_trace) continue;
    for (const char* op : {Softmax::name, LayerNorm::name, RmsNorm::name}) {
      const unsigned bit = std::string(op) == Softmax::name ? Softmax::bit : std::string(op) == LayerNorm::name ? LayerNorm::bit : RmsNorm::bit;
      if (!(info.ops & bit)) continue;
      for (unsigned cols : {3u, 1000u, 2052u, 4097u}) out.push_back({info.id, op, cols, Pattern::Random});
      out.push_back({info.id, op, 256, Pattern::Skewed});  // a peak of 100: the pitfall's inf and NaN, recorded alike
    }
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Deterministic, GpuRowsTrace, testing::ValuesIn(cases()), [](const auto& info) {
  std::string n = info.param.variant + "_" + info.param.op + "_" + std::to_string(info.param.cols) +
                  (info.param.pattern == Pattern::Skewed ? "_skewed" : "");
  for (char& ch : n) if (ch == '-') ch = '_';
  return n;
});

}  // namespace
}  // namespace wl::rows
