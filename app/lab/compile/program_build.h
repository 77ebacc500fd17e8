// Builds a whole CUDA program for the simulator (kernels/plain/README.md, "Programs"): its files,
// each with launches rewritten (front/program_source.h), as one translation unit that clang
// compiles with the prelude in program mode (WL_PLAIN_PROGRAM: the simulator's CUDA runtime) and
// SanitizerCoverage into a library with the glue; the program's main stays main. The line table
// and shared arrays are the kernels' file's, as a lab file's are. Cached under every file's text
// and the flags.
#pragma once
#include <string>

#include "lab/compile/lab_build.h"
#include "run/program_request.h"

namespace wl::lab {

struct ProgramBuild {
  LabBuild build;         // library, lines, shared; diagnostics name the kernels' file's lines
  std::string main_file;  // the .cu file holding the kernels: its lines are the trace's
  std::string main_text;
};

ProgramBuild build_program(const SettledProgram& program);

}  // namespace wl::lab
