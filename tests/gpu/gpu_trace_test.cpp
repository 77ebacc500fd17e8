// A trace recorded on the GPU equals the simulator's trace, event for event, for every variant
// whose trace does not depend on timing.
#include <gtest/gtest.h>

#include <cstring>

#include "kernels/families/reduce/traits.h"
#include "tests/kernels/reduce_inputs.h"

namespace wl::reduce {
namespace {

std::string describe(const Event& e) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "block %u thread %u seq %u step %u site %u op %s size %u addr %u aux %u flags %u v0 %llx v1 %llx",
                e.block, e.thread, e.seq, e.step, e.site, op_name(e.op), e.size, e.address, e.aux, e.flags,
                (unsigned long long)e.value[0], (unsigned long long)e.value[1]);
  return buf;
}

struct Case {
  std::string variant, op, type;
  std::uint64_t n;
  unsigned block;
};

class GpuTrace : public testing::TestWithParam<Case> {};

TEST_P(GpuTrace, EqualsTheSimulatorTraceEventForEvent) {
  const Case& c = GetParam();
  RunRequest r;
  r.variant = c.variant;
  r.op = c.op;
  r.type = c.type;
  r.n = c.n;
  r.block = c.block;
  r.record = true;
  r.record_blocks.clear();
  for (std::uint32_t b = 0; b < 64; ++b) r.record_blocks.push_back(b);
  visit_type_in(reduce::Traits::Types{}, c.type, [&](auto t) {
    using T = typename decltype(t)::type;
    const std::vector<T> input = test::exact_input<T>(c.op, c.n, 99);
    const RunResult sim = run_sim(r, input.data());
    const RunResult gpu = run_gpu(r, input.data());
    ASSERT_FALSE(gpu.trace.meta.fault);  // only the simulator stops a kernel at its bug
    if (sim.trace.meta.fault) return;   // a pitfall's: the GPU ran on past it, into undefined results
    ASSERT_FALSE(sim.trace.overflowed());
    ASSERT_FALSE(gpu.trace.overflowed());
    ASSERT_GT(sim.trace.events.size(), 0u);
    ASSERT_EQ(gpu.trace.events.size(), sim.trace.events.size());
    for (std::size_t i = 0; i < sim.trace.events.size(); ++i) {
      const Event& a = sim.trace.events[i];
      const Event& b = gpu.trace.events[i];
      ASSERT_TRUE(same_operation(a, b))
          << "event " << i << "\n  sim: " << describe(a) << "\n  gpu: " << describe(b);
    }
    EXPECT_EQ(gpu.result.bits(0), sim.result.bits(0));
  });
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const reduce::ReduceVariantInfo& info : variant_infos<reduce::Traits>()) {
    if (!info.deterministic_trace) continue;
    out.push_back({info.id, "sum", "f32", 4096, 256});
    out.push_back({info.id, "max", "i32", 1000, 128});
    out.push_back({info.id, "product", "f64", 777, 64});
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Deterministic, GpuTrace, testing::ValuesIn(cases()), [](const auto& info) {
  std::string n = info.param.variant + "_" + info.param.op + "_" + info.param.type;
  for (char& ch : n) if (ch == '-') ch = '_';
  return n;
});

}  // namespace
}  // namespace wl::reduce
