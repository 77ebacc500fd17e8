// A whole CUDA program to run on the simulator (kernels/plain/README.md, "Programs"): its files,
// flags and arguments, and what to record of it, from whichever front door names it (`record
// --backend sim`, the app's --program). settle_program checks it once and turns the recording's
// words into the runtime's plan, as settle() does a family's run.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/plain/program_device.h"
#include "kernels/plain/program_runtime.h"
#include "run/run_settings.h"

namespace wl {

// A program may run longer than one kernel: the samples' loops over kernels take seconds here.
constexpr double kProgramDefaultSeconds = 60;  // then it is stopped, its recorded launches kept

struct ProgramRequest {
  std::vector<std::string> files;  // .cu, .cpp, .cc, .c
  std::vector<std::string> include_dirs, defines;
  std::vector<std::string> arguments;  // the program's own, after the second --
  std::string main_symbol = "main";    // what the child calls: a practice entry's driver has its own
  std::string kernel;                  // record: a regular expression searched in the kernel's name
  std::string launches = "0";          // of the matching launches: "0,2" or "all"
  std::string record_blocks = "0";     // "0,1,5-7" or "all"
  std::uint64_t event_cap = std::uint64_t(1) << 22;
  std::string gpu = kDefaultProgramDevice;
  double seconds = kProgramDefaultSeconds;
  std::uint64_t memory_mib = kLabDefaultMemory >> 20;
};

// "a.cu b.cpp -I common -DN=4 -- --n=1024": the files and compiler flags, then the program's
// arguments after `--`. False, with one sentence, for a word that is neither.
bool parse_program_words(const std::vector<std::string>& words, ProgramRequest& out, std::string& error);

struct SettledProgram {
  ProgramRequest request;
  ProgramPlan plan;
  std::string name;  // the program, as its argv[0] and the trace name it: the first file's stem
};

// Checks the request (files readable, record words, limits, the GPU named) once; empty when it
// can run, else one sentence.
std::string settle_program(const ProgramRequest& request, SettledProgram& out);

// Whether `path` names a source file a program is built from (.cu, .cpp, .cc, .c, .cxx).
bool is_program_source(const std::string& path);

}  // namespace wl
