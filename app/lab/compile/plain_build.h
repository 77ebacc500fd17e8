// Builds a plain-CUDA file (kernels/plain/README.md) for the simulator, or for the GPU (below): clang compiles it,
// unchanged but for two line-keeping rewrites (plain_source.h), with WarpLens's CUDA prelude and
// SanitizerCoverage's load and store callbacks, into a library with the glue
// (kernels/plain/plain_glue.cpp); objdump's line table of the library gives every instrumented
// access its line. Cached like a dialect build, under the file's text and the request's type
// and block (which instantiate its templates).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "kernels/plain/plain_kernel.h"
#include "lab/compile/build_cache.h"
#include "lab/compile/lab_build.h"
#include "lab/front/lab_file.h"

namespace wl::lab {

// Whether clang and objdump are here; if not, `why` says which package to install.
bool plain_compiler_present(std::string& why);

// Whether `file`'s kernel can run with its family's contract as `type` with `block` threads:
// the kernel exists, fits the contract's signature and uses nothing the simulator cannot run.
// Empty when it can, and the file's kernel and id are then the one it runs (its only one when
// none was named); else one sentence.
// On the GPU, what the simulator cannot run (inline PTX, ...) runs.
std::string plain_problem(LabFile& file, const std::string& type, unsigned block,
                          LabTarget target = LabTarget::Simulator);

// The library (LabBuild::library) and its line table (LabBuild::lines).
LabBuild build_plain_file(const LabFile& file, const std::string& type, unsigned block);

// The GPU's library: nvcc builds the file unchanged, with line information (-lineinfo), and an
// entry that launches its kernel (plain_source.h's plain_gpu_entry). Cached as the simulator's.
LabBuild build_plain_gpu_file(const LabFile& file, const std::string& type, unsigned block);

// What a whole program's build (program_build.h) shares with a file's: clang's flags, and one
// library built into the cache with the glue (compiled once, cached), and kept beside it, the line
// table of `objdump -d -l` for one file's lines and the shared arrays and other variables of
// `objdump -h -t -C`, to which `declarations` adds the source's.
std::vector<std::string> plain_compile_flags(const std::string& headers);
struct PlainLibrary {
  std::string name, kind;             // the cache entry's: "reduce2", "-plain"
  std::string source;                 // what clang compiles
  std::vector<std::string> command;   // clang and its flags, before the source
  std::string key_text;               // everything that decides the build
  std::string lab_path;               // whose lines the diagnostics name
  std::string lines_file, lines_text; // the file whose lines the line table keeps, and its text
  std::function<void(PlainSharedTable&)> declarations;
};
// b.library, b.lines and b.shared when b.ok.
void build_plain_library(const PlainLibrary& library, const std::string& headers, LabBuild& b);

}  // namespace wl::lab
