// A plain-CUDA file's shared arrays in the learner's words and where nvcc puts them
// (kernels/plain/plain_shared.h): the source's declarations, the table's text, and a kernel's
// arrays laid out from byte 0 whatever else the file declares, worked out by hand.
#include <gtest/gtest.h>

#include "kernels/plain/plain_shared.h"
#include "lab/front/plain_source.h"
#include "lab/record/gpu_shared_layout.h"

namespace wl::lab {
namespace {

const char* kTwoKernels = R"cu(__shared__ double global_scratch[4];
__global__ void reduce(const float* in, float* out, int n) {
  __shared__ float sdata[256];
  sdata[threadIdx.x] = in[threadIdx.x];
}
template <class T>
__global__ void scan(const T* in, T* out, int n) {
  __shared__ volatile T XY[1024];
  __shared__ bool amLast;
  __shared__ __align__(16) unsigned char bytes[12];
  extern __shared__ float partial[];
}
template <class T> struct SharedMemory { __device__ operator T*() { extern __shared__ int smem_i[]; return (T*)smem_i; } };
__global__ void sample(const float* in, float* out, int n) {
  float* sdata = SharedMemory<float>();
}
)cu";

TEST(PlainShared, TheKernelsOwnArraysComeFirstInSourceOrderWithTheirTypesAlignment) {
  const std::vector<PlainKernelDecl> k = find_plain_kernels(kTwoKernels);
  ASSERT_EQ(k.size(), 3u);
  PlainSharedTable table;
  plain_shared_declarations(kTwoKernels, k[1], "f64", table);
  ASSERT_GE(table.declared.size(), 5u);
  EXPECT_EQ(table.declared[0].name, "XY");
  EXPECT_EQ(table.declared[0].align, 8u);  // T is the run's f64
  EXPECT_EQ(table.declared[1].name, "amLast");
  EXPECT_EQ(table.declared[1].align, 1u);
  EXPECT_EQ(table.declared[2].name, "bytes");
  EXPECT_EQ(table.declared[2].align, 16u);  // __align__ wins
  EXPECT_EQ(table.declared[3].name, "global_scratch");  // the file's, after the kernel's own
  EXPECT_EQ(table.declared[3].align, 8u);
  EXPECT_EQ(table.dynamic_name, "partial");

  PlainSharedTable sample;
  plain_shared_declarations(kTwoKernels, k[2], "f32", sample);
  EXPECT_EQ(sample.dynamic_name, "sdata");  // the samples' SharedMemory<T>(), named as the kernel names it

  // Bytes read through a typed pointer: named as the pointer, element by element of its type.
  const char* bytes = R"cu(template <class T> __global__ void k(const T* in, T* out, unsigned n) {
  extern __shared__ __align__(16) unsigned char smem[];
  T* sdata = reinterpret_cast<T*>(smem);
}
__global__ void c(const float* in, float* out, unsigned n) {
  extern __shared__ char raw[];
  float *vals = (float*)raw;
}
)cu";
  const std::vector<PlainKernelDecl> b = find_plain_kernels(bytes);
  ASSERT_EQ(b.size(), 2u);
  PlainSharedTable typed, cast;
  plain_shared_declarations(bytes, b[0], "f32", typed);
  plain_shared_declarations(bytes, b[1], "f32", cast);
  EXPECT_EQ(typed.dynamic_name, "sdata");
  EXPECT_EQ(cast.dynamic_name, "vals");
}

TEST(PlainShared, TheTableReadsBackWhatItWrote) {
  PlainSharedTable t;
  t.symbols = {{0, 1024, "sdata"}, {1024, 4096, "XY"}};
  t.declared = {{"XY", 4}, {"odd", 0}};
  t.dynamic_name = "partial";
  PlainSharedTable back;
  std::string error;
  ASSERT_TRUE(PlainSharedTable::parse(t.text(), back, error)) << error;
  EXPECT_EQ(back.text(), t.text());
  EXPECT_FALSE(PlainSharedTable::parse("symbol 1 2\n", back, error));
  EXPECT_NE(error.find("line 1"), std::string::npos);
}

TEST(PlainShared, AKernelsArraysStartAtByteZeroWhateverElseTheFileDeclares) {
  // The section as clang laid it out: another kernel's sdata first (1024 bytes), then this
  // kernel's XY (4096 bytes, so shared[1025] was XY[1]), then its flag.
  PlainSharedTable t;
  t.symbols = {{0, 1024, "sdata"}, {1024, 4096, "XY"}, {5120, 4, "flag"}};
  t.declared = {{"flag", 4}, {"XY", 4}};  // declared in this order: flag first
  t.dynamic_name = "partial";
  const PlainSharedLayout layout = lay_out_plain_shared(t, {false, true, true});
  EXPECT_EQ(layout.offsets[0], PlainSharedLayout::kNotLaidOut);
  EXPECT_EQ(layout.offsets[2], 0u);  // flag
  EXPECT_EQ(layout.offsets[1], 4u);  // XY, 4-aligned after it
  EXPECT_EQ(layout.static_bytes, 4100u);

  Trace trace;
  trace.meta.type = "f32";
  trace.meta.launches = {LaunchRecord{}};
  trace.meta.launches[0].shared_bytes = 5136 + 64;  // round16(5124) for the section, 64 dynamic
  Event xy1{}, flag{}, dynamic{}, global{};
  xy1.op = OpKind::SharedLoad, xy1.address = 1028, xy1.size = 4;
  flag.op = OpKind::SharedStore, flag.address = 5120, flag.size = 4;
  dynamic.op = OpKind::SharedAtomic, dynamic.address = 5136 + 8, dynamic.size = 4;
  global.op = OpKind::GlobalLoad, global.address = 1028, global.size = 4;
  trace.events = {xy1, flag, dynamic, global};
  apply_plain_shared_layout(trace, t, layout, 5124);
  EXPECT_EQ(trace.events[0].address, 8u);           // XY[1]
  EXPECT_EQ(trace.events[1].address, 0u);           // flag
  EXPECT_EQ(trace.events[2].address, 4112u + 8u);   // round16(4100), then the same 8 bytes in
  EXPECT_EQ(trace.events[3].address, 1028u);        // global: untouched
  EXPECT_EQ(trace.meta.launches[0].shared_bytes, 4112u + 64u);
  EXPECT_EQ(shared_element_name(trace.meta, 8, 4), "XY[1]");
  EXPECT_EQ(shared_element_name(trace.meta, 0, 4), "flag[0]");
  EXPECT_EQ(shared_element_name(trace.meta, 4112 + 8, 4), "partial[2]");
  EXPECT_EQ(shared_element_name(Trace().meta, 4100, 4), "shared[1025]");  // no names: as before
}

// nvcc's layout of a kernel's static arrays, from the PTX a GPU build keeps: each kernel's arrays
// packed from 0 in the order declared, each aligned, named as the source names them (a local
// static, a namespace's array, a file's); a layout that does not reach the launch's static
// bytes names nothing.
TEST(GpuSharedLayout, ThePtxGivesEachKernelsArraysAndNames) {
  const std::string ptx =
      ".extern .shared .align 16 .b8 dyn[];\n"
      ".visible .entry _Z5thirdPf(\n\t.param .u64 _Z5thirdPf_param_0\n)\n{\n"
      "\t// demoted variable\n\t.shared .align 4 .b8 _ZZ5thirdPfE4mine[13];\n"
      "\t// demoted variable\n\t.shared .align 8 .b8 _ZN2ns2xyE[5];\n"
      "\tst.shared.u8 \t[%r3], %rs1;\n}\n"
      ".visible .entry _Z6reduceIfEvPKT_PS0_j(\n)\n{\n"
      "\t.shared .align 4 .b8 _ZZ6reduceIfEvPKT_PS0_jE5sdata_0[1024];\n"
      "\t.shared .align 8 .b8 filescope[64];\n"
      "\t.shared .align 4 .u32 _ZZ6reduceIfEvPKT_PS0_jE9block_sum;\n}\n";
  const std::string table = ptx_shared_table(ptx);
  EXPECT_EQ(table,
            "_Z5thirdPf 0 13 mine\n_Z5thirdPf 16 5 xy\n"
            "_Z6reduceIfEvPKT_PS0_j 0 1024 sdata\n_Z6reduceIfEvPKT_PS0_j 1024 64 filescope\n"
            "_Z6reduceIfEvPKT_PS0_j 1088 4 block_sum\n");
  const std::vector<SharedArrayRecord> third = gpu_shared_arrays(table, "_Z5thirdPf", 21);
  ASSERT_EQ(third.size(), 2u);
  EXPECT_EQ(third[1].name, "xy");
  EXPECT_EQ(third[1].offset, 16u);
  EXPECT_EQ(gpu_shared_arrays(table, "_Z5thirdPf", 24).size(), 2u);   // ptxas rounded the end up
  EXPECT_TRUE(gpu_shared_arrays(table, "_Z5thirdPf", 1045).empty());  // not the layout guessed
  EXPECT_TRUE(gpu_shared_arrays(table, "_Z5otherPf", 0).empty());     // a kernel it does not hold
}

}  // namespace
}  // namespace wl::lab
