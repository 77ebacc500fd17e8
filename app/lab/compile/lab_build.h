// Compiles a learner's variant file (lab_file.h) for the simulator into a shared library that
// `warplens lab exec` loads in a child process: a small generated driver instantiates the
// file's family with that one variant, with the compiler and flags this build was made with
// (lab_toolchain.h, recorded at configure time). Built libraries are kept in a cache folder
// under the file's content, so an unchanged file is not compiled again.
#pragma once
#include <string>
#include <vector>

#include "lab/front/lab_file.h"

namespace wl::lab {

struct Diagnostic {
  std::string file;  // as the compiler printed it
  unsigned line = 0, column = 0;
  std::string severity;  // "error", "warning", "note"
  std::string message;
  bool in_lab_file = false;  // in the learner's file (else in a header it includes)
};

struct LabBuild {
  bool ok = false;
  std::string library;               // the .so, when ok
  std::string lines;                 // plain CUDA: the library's line table (kernels/plain/plain_kernel.h)
  std::string shared;                // plain CUDA: its static shared arrays (kernels/plain/plain_shared.h)
  std::string gpu_shared;            // plain CUDA on the GPU: nvcc's (lab/gpu_shared_layout.h); may be absent
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

// "mine.h:12:7: error: 'x' was not declared in this scope", one a line, errors first; then, where
// an error in a dialect kernel names CUDA's own spelling (threadIdx, __syncthreads, ...), the line
// dialect_hint gives. A plain-CUDA file (`dialect` false) gets no such line: CUDA is its language.
std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics, bool dialect = true);

// "in the dialect (kernels/dialect/README.md), threadIdx.x is ctx.thread_idx(); ...": what the
// dialect calls each CUDA name the errors mention, in one line; empty when they mention none.
std::string dialect_hint(const std::vector<Diagnostic>& diagnostics);

// nvcc and the flags every GPU build of the lab starts with: this build's standard, its first
// architecture, a shared library with the CUDA runtime linked in.
std::vector<std::string> lab_nvcc_command();

// Where built libraries are cached: $XDG_CACHE_HOME/warplens/lab or ~/.cache/warplens/lab.
std::string lab_cache_dir();
// The cache key (16 hex digits) of a build decided by `text` and this program (a rebuilt program
// may have other headers).
std::string lab_build_key(const std::string& text);

// The parsed diagnostics of a compiler's output, each once (the kernel is compiled for several
// types, and an error in it comes once per type); `lab_path` marks those in the learner's file.
std::vector<Diagnostic> parse_diagnostics(const std::string& output, const std::string& lab_path);

}  // namespace wl::lab
