// A plain-CUDA file as the lab reads it (app/lab/front/plain_source.h): its kernels and signatures,
// what it refuses, the entry a contract calls, and the rewrites that keep every line in place.
#include <gtest/gtest.h>

#include <algorithm>

#include "kernels/plain/plain_contract.h"
#include "kernels/plain/plain_steps.h"
#include "lab/front/plain_source.h"

namespace wl::lab {
namespace {

const char* kCourse = R"cu(// A course's file: kernel 2 is mentioned here, __global__ void commented_out(int* x)
#include <cstdio>
template <class T, unsigned int blockSize>
__global__ void __launch_bounds__(256) reduce(const T* __restrict__ g_in, T* g_out, unsigned int n) {
  extern __shared__ __align__(sizeof(T)) unsigned char smem[];
  const char* text = "__global__ void in_a_string()";
}
__global__ void other(float* a,
                      float* b, int n) { }
int main() { reduce<float, 256><<<4, 256, 256 * sizeof(float)>>>(nullptr, nullptr, 10); }
)cu";

TEST(PlainSource, FindsKernelsWithTheirTemplatesAndParametersButNotInCommentsOrStrings) {
  const std::vector<PlainKernelDecl> k = find_plain_kernels(kCourse);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_EQ(k[0].name, "reduce");
  EXPECT_EQ(k[0].line, 4u);
  ASSERT_EQ(k[0].template_params.size(), 2u);
  EXPECT_TRUE(k[0].template_params[0].is_type);
  EXPECT_EQ(k[0].template_params[0].name, "T");
  EXPECT_FALSE(k[0].template_params[1].is_type);
  EXPECT_EQ(k[0].template_params[1].type, "unsigned int");
  ASSERT_EQ(k[0].params.size(), 3u);
  EXPECT_TRUE(k[0].params[0].pointer);
  EXPECT_EQ(k[0].params[0].pointee, "T");
  EXPECT_EQ(k[0].params[0].name, "g_in");
  EXPECT_EQ(k[0].params[2].type, "unsigned int");
  EXPECT_EQ(k[1].name, "other");
  EXPECT_EQ(k[1].line, 8u);
  EXPECT_EQ(k[1].params.size(), 3u);
}

TEST(PlainSource, TheEntryInstantiatesTheTemplateAndNamesAParameterThatDoesNotFit) {
  const std::vector<PlainKernelDecl> k = find_plain_kernels(kCourse);
  const PlainContract& reduce = *find_plain_contract("reduce");
  std::string error;
  const std::optional<std::string> entry = plain_entry(k[0], reduce, PlainInstance{"f32", 128, {}}, error);
  ASSERT_TRUE(entry) << error;
  EXPECT_NE(entry->find("reduce<float, 128>((float*)wl_p[0], (float*)wl_p[1], wl_k[0]);"), std::string::npos) << *entry;
  EXPECT_FALSE(plain_entry(k[1], reduce, PlainInstance{"i32", 128, {}}, error));
  EXPECT_EQ(error, "other's first parameter, 'float* a', is not a pointer to int: with --type i32, a reduce kernel takes "
                   "(const T* in, T* out, N n)");
  EXPECT_TRUE(plain_entry(k[1], reduce, PlainInstance{"f32", 128, {}}, error)) << error;
  EXPECT_FALSE(plain_entry(k[1], *find_plain_contract("histogram"), PlainInstance{"f32", 128, {}}, error));
  EXPECT_EQ(error, "other takes 3 parameters; a histogram kernel takes (const T* in, unsigned* bins, N n, unsigned nbins)");
}

// The GPU's entry launches the same call, with the contract's launch shape, and reports the
// launch's error; a parameter that does not fit is refused in the same sentence.
TEST(PlainSource, TheGpuEntryLaunchesTheSameCall) {
  const std::vector<PlainKernelDecl> k = find_plain_kernels(kCourse);
  const PlainContract& reduce = *find_plain_contract("reduce");
  std::string error;
  const std::optional<std::string> entry = plain_gpu_entry(k[0], reduce, PlainInstance{"f32", 128, {}}, error);
  ASSERT_TRUE(entry) << error;
  EXPECT_NE(entry->find("int wl_plain_gpu_launch(unsigned wl_grid, unsigned wl_block,"), std::string::npos) << *entry;
  // A 2-D block (--param block_x) is block_x across and the rest down; 0 is a 1-D block.
  EXPECT_NE(entry->find("const dim3 wl_threads = wl_block_x ? dim3(wl_block_x, wl_block / wl_block_x) : dim3(wl_block);"),
            std::string::npos)
      << *entry;
  EXPECT_NE(entry->find("reduce<float, 128><<<wl_grid, wl_threads, wl_shared>>>((float*)wl_p[0], (float*)wl_p[1], wl_k[0]);"),
            std::string::npos)
      << *entry;
  EXPECT_NE(entry->find("return (int)cudaGetLastError();"), std::string::npos);
  EXPECT_FALSE(plain_gpu_entry(k[1], reduce, PlainInstance{"i32", 128, {}}, error));
  EXPECT_EQ(error, "other's first parameter, 'float* a', is not a pointer to int: with --type i32, a reduce kernel takes "
                   "(const T* in, T* out, N n)");
}

TEST(PlainSource, ChoosesTheOnlyKernelOrListsThemAll) {
  const std::vector<PlainKernelDecl> k = find_plain_kernels(kCourse);
  std::string error;
  EXPECT_FALSE(choose_plain_kernel(k, "", "course.cu", error));
  EXPECT_EQ(error, "course.cu has several kernels (reduce, other): say which with --kernel");
  EXPECT_FALSE(choose_plain_kernel(k, "nope", "course.cu", error));
  EXPECT_EQ(error, "course.cu has no kernel 'nope' (it has reduce, other)");
  EXPECT_EQ(choose_plain_kernel(k, "other", "course.cu", error), &k[1]);
  EXPECT_FALSE(choose_plain_kernel({}, "", "empty.cu", error));
  EXPECT_EQ(error, "empty.cu has no __global__ kernel");
}

TEST(PlainSource, RewritesKeepEveryLineWhereItWas) {
  const std::string compiled = plain_compile_source(kCourse, "/abs/course.cu", "// entry\n");
  EXPECT_EQ(compiled.rfind("#line 1 \"/abs/course.cu\"\n", 0), 0u);
  const std::string file = compiled.substr(compiled.find('\n') + 1);
  const auto lines = [](const std::string& s) { return std::count(s.begin(), s.end(), '\n'); };
  EXPECT_EQ(lines(file.substr(0, file.find("// entry"))), lines(kCourse) + 1);
  EXPECT_NE(file.find("unsigned char* smem = (unsigned char*)::wl_plain_dynamic_shared();"), std::string::npos) << file;
  EXPECT_EQ(file.find("<<<"), std::string::npos);
  EXPECT_NE(file.find("reduce<float, 256>"), std::string::npos);
  EXPECT_NE(file.find("(nullptr, nullptr, 10)"), std::string::npos);
}

TEST(PlainSource, RefusesWhatTheSimulatorCannotRunWithItsLine) {
  EXPECT_EQ(plain_unsupported(kCourse), "");
  EXPECT_EQ(plain_unsupported("__global__ void k() {\n  int x;\n  asm volatile(\"nop\");\n}\n"),
            "line 3 uses inline PTX (asm), which the simulator does not run: run it with --backend gpu");
  EXPECT_EQ(plain_unsupported("// asm(\"not code\")\n__global__ void k() { child<<<1, 1>>>(); }\n"),
            "line 2 uses dynamic parallelism (a launch inside a kernel), which the simulator does not run: run it with --backend gpu");
  EXPECT_EQ(plain_unsupported("__device__ int f(float4 v) { return __reduce_add_sync(~0u, 1); }"), "");
  EXPECT_EQ(plain_unsupported("__global__ void k(int* c) {\n  *c = __syncthreads_count(threadIdx.x & 1);\n}"),
            "line 2 uses a block-wide vote (__syncthreads_count, _and, _or), which the simulator does not run: run it with --backend gpu");
  EXPECT_EQ(plain_unsupported("#include <cuda_fp16.h>\n__global__ void k(const float* in) {\n  __half h = __float2half(in[0]);\n}"),
            "line 3 uses half precision (__half, __nv_bfloat16), which the simulator does not run: run it with --backend gpu");
}

// A kernel with a barrier on line 9, then a loop whose barrier is on line 14, run three times.
TEST(PlainSteps, AreNamedAfterTheBarrierThatOpensThem) {
  Trace t;
  const StepId steps[] = {kLoadStep, level_step(0), level_step(1), level_step(2)};
  const unsigned closing[] = {9, 14, 14, 0};  // the last step ends without a barrier
  for (unsigned k = 0; k < 4; ++k) {
    Event e{};
    e.step = steps[k];
    e.site = std::uint16_t(closing[k] ? closing[k] : 20);
    e.op = closing[k] ? OpKind::Barrier : OpKind::GlobalStore;
    t.events.push_back(e);
  }
  t.meta.steps = steps_used(t.events);
  name_plain_steps(t);
  ASSERT_EQ(t.meta.steps.size(), 4u);
  EXPECT_EQ(t.meta.steps[0].name, "start");
  EXPECT_EQ(t.meta.steps[1].name, "after line 9");
  EXPECT_EQ(t.meta.steps[2].name, "after line 14");
  EXPECT_EQ(t.meta.steps[3].name, "after line 14 (2)");
  EXPECT_EQ(step_label(t.meta, level_step(2)), "after line 14 (2)");
  EXPECT_EQ(step_label(t.meta, level_step(7)), "level 7");  // not in the table: the step's own name
}

}  // namespace
}  // namespace wl::lab
