// Steps named after the loop's variable (app/lab/record/plain_loop_steps.h), worked out by hand from
// each header.
#include "lab/record/plain_loop_steps.h"

#include <gtest/gtest.h>

namespace wl::lab {
namespace {

Trace with_steps(const std::vector<std::string>& names) {
  Trace t;
  for (std::size_t k = 0; k < names.size(); ++k) {
    StepRecord s;
    s.id = k == 0 ? kLoadStep : level_step(unsigned(k - 1));
    s.name = names[k];
    t.meta.steps.push_back(s);
  }
  return t;
}

std::vector<std::string> names_of(const Trace& t) {
  std::vector<std::string> out;
  for (const StepRecord& s : t.meta.steps) out.push_back(s.name);
  return out;
}

// The samples' reduce0: a barrier (line 6) before the loop, one ending its body (line 10). With
// 8 threads s is 1, 2, 4: the step after line 6 is the first pass, after line 10's k-th pass the
// (k + 1)-th, and after its third the loop is over.
TEST(PlainLoopSteps, TheLoopsVariableAtEachPass) {
  const std::string text =
      "__global__ void reduce0(int* g, int* o, unsigned n) {\n"  // 1
      "  extern __shared__ int sdata[];\n"                        // 2
      "  unsigned tid = threadIdx.x;\n"                           // 3
      "  // a comment: for (int x = 0; x < 3; ++x) {}\n"          // 4
      "  sdata[tid] = g[tid];\n"                                  // 5
      "  __syncthreads();\n"                                      // 6
      "  for (unsigned int s = 1; s < blockDim.x; s *= 2) {\n"    // 7
      "    if ((tid % (2 * s)) == 0) sdata[tid] += sdata[tid + s];\n"  // 8
      "    // the level's barrier\n"                              // 9
      "    __syncthreads();\n"                                    // 10
      "  }\n"                                                     // 11
      "  if (tid == 0) o[blockIdx.x] = sdata[0];\n"               // 12
      "}\n";
  Trace t = with_steps({"start", "after line 6", "after line 10", "after line 10 (2)", "after line 10 (3)"});
  name_loop_steps(t, text, {8, {}});
  EXPECT_EQ(names_of(t), (std::vector<std::string>{"start", "after line 6: s = 1", "after line 10: s = 2",
                                                   "after line 10 (2): s = 4", "after line 10 (3): after the loop"}));
}

// A template's block size and a shift: blockSize / 2 down to 64 (above the last warp).
TEST(PlainLoopSteps, TemplateParametersAndShifts) {
  const std::string text =
      "template <unsigned blockSize>\n"
      "__global__ void r(int* g, int* o) {\n"
      "  __syncthreads();\n"                                                   // 3
      "  for (unsigned s = blockSize / 2; s > 32; s >>= 1) { work(s); __syncthreads(); }\n"  // 4
      "}\n";
  Trace t = with_steps({"start", "after line 3", "after line 4", "after line 4 (2)"});
  PlainLoopContext c{256, {{"blockSize", 256}}};
  name_loop_steps(t, text, c);
  EXPECT_EQ(names_of(t),
            (std::vector<std::string>{"start", "after line 3: s = 128", "after line 4: s = 64", "after line 4 (2): after the loop"}));
}

// Nothing is guessed: a loop with no barrier in it (the step after line 3 holds every pass), and
// a header naming what the context does not know (n) keep their names.
TEST(PlainLoopSteps, NothingGuessed) {
  const std::string no_barrier =
      "__global__ void k(int* g) {\n"
      "  g[0] = 1;\n"
      "  __syncthreads();\n"                                                      // 3
      "  for (int s = blockDim.x / 2; s > 0; s >>= 1) { g[s] += g[2 * s]; }\n"  // 4
      "}\n";
  Trace t = with_steps({"start", "after line 3"});
  name_loop_steps(t, no_barrier, {64, {}});
  EXPECT_EQ(t.meta.steps[1].name, "after line 3");

  const std::string unknown =
      "__global__ void k(int* g, int n) {\n"
      "  for (int s = 1; s < n; s *= 2) { g[s] += 1; __syncthreads(); }\n"  // 2
      "}\n";
  Trace u = with_steps({"start", "after line 2"});
  name_loop_steps(u, unknown, {64, {}});
  EXPECT_EQ(u.meta.steps[1].name, "after line 2");

  const std::string not_an_integer =
      "__global__ void k(int* g) {\n"
      "  for (int s = 1; s < 0.5f * blockDim.x; s *= 2) { g[s] += 1; __syncthreads(); }\n"  // 2
      "}\n";
  Trace f = with_steps({"start", "after line 2"});
  name_loop_steps(f, not_an_integer, {64, {}});
  EXPECT_EQ(f.meta.steps[1].name, "after line 2");
}

}  // namespace
}  // namespace wl::lab
