// Compiles a learner's variant file (lab_file.h) for the simulator into a shared library that
// `warplens lab exec` loads in a child process: a small generated driver instantiates the
// file's family with that one variant, with the compiler and flags this build was made with
// (lab_toolchain.h, recorded at configure time). Built libraries are kept in the lab's cache
// (build_cache.h) under the file's content, so an unchanged file is not compiled again.
#pragma once
#include <string>
#include <vector>

#include "lab/compile/diagnostics.h"
#include "lab/front/lab_file.h"

namespace wl::lab {

struct LabBuild {
  bool ok = false;
  std::string library;               // the .so, when ok
  std::string lines;                 // plain CUDA: the library's line table (kernels/plain/plain_kernel.h)
  std::string shared;                // plain CUDA: its static shared arrays (kernels/plain/plain_shared.h)
  std::string gpu_shared;            // plain CUDA on the GPU: nvcc's (record/gpu_shared_layout.h); may be absent
  bool cached = false;               // it was built before, from the same text
  std::vector<Diagnostic> diagnostics;
  std::string problem;               // one sentence when there is no compiler or it could not run
  std::string output;                // the compiler's whole output
  double seconds = 0;
};

// Where the built kernel runs: the simulator (this build's C++ compiler), or the GPU (nvcc, into
// a library holding both the simulator's and the GPU's code of the variant).
enum class LabTarget { Simulator, Gpu };

// The compiler this build records for `target`, and whether it is present; if not, `why` says
// which package to install (or that this build has no GPU backend).
bool lab_compiler_present(std::string& why, LabTarget target = LabTarget::Simulator);

LabBuild build_lab_file(const LabFile& file, LabTarget target = LabTarget::Simulator);

// nvcc and the flags every GPU build of the lab starts with: this build's standard, its first
// architecture, a shared library with the CUDA runtime linked in.
std::vector<std::string> lab_nvcc_command();

}  // namespace wl::lab
