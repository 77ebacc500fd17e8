// Where nvcc put a plain-CUDA kernel's static __shared__ arrays, by name, for a GPU recording of
// it (lab_gpu_recording.cpp): the PTX the GPU build keeps declares each kernel's arrays in its body
// (`.shared .align 4 .b8 _ZZ6reduceIfEvPKT_PS0_jE5sdata[1024];`), and ptxas packs them from
// byte 0 in that order, each aligned (the conformance suite's recordings agree, shared addresses
// included). The names are the source's: `sdata`, `XY`, `ns::xy` as `xy`.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace wl::lab {

// One row a line, "KERNEL OFFSET BYTES NAME" (KERNEL as PTX names its entry, mangled), for every
// static shared array of every kernel of `ptx`.
std::string ptx_shared_table(const std::string& ptx);

// The arrays of `kernel` (mangled) from such a table, by offset; empty when the table has none
// for it or they do not end within 16 bytes of `static_bytes`, the static shared memory its launch
// used (then the layout is not the one guessed, and no name beats a wrong one).
std::vector<SharedArrayRecord> gpu_shared_arrays(const std::string& table, const std::string& kernel,
                                                 std::uint32_t static_bytes);

}  // namespace wl::lab
