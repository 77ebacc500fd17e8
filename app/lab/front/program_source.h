// A whole program's .cu file as clang compiles it for the simulator (kernels/plain/README.md,
// "Programs"): each `kernel<<<grid, block, shared, stream>>>(arguments)` becomes a call of the
// simulator's runtime that runs the kernel on every thread of the grid (warplens_program.h's
// wl_program::launch), and `extern __shared__` is rewritten as a lab file's is. Every line stays
// where it was, so clang's messages and the trace name the file's own lines.
#pragma once
#include <string>

namespace wl::lab {

// The file rewritten and marked as `path` (#line), ready for clang.
std::string program_compile_source(const std::string& text, const std::string& path);

// What a program's host code calls that the simulator's runtime lacks (graphs, CUDA arrays,
// cooperative launches), as plain_unsupported says it of a kernel: "line 12 uses CUDA graphs
// (cudaGraphCreate), which the simulator does not run: run it with --backend gpu"; empty: none.
std::string program_unsupported(const std::string& text);

}  // namespace wl::lab
