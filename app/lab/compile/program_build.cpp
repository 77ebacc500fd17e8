#include "lab/compile/program_build.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "data_dirs.h"
#include "lab/compile/build_cache.h"
#include "lab/compile/plain_build.h"
#include "lab/front/plain_source.h"
#include "lab/front/program_source.h"
#include "lab_toolchain.h"

namespace wl::lab {
namespace {

namespace fs = std::filesystem;

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string absolute(const std::string& path) { return fs::absolute(path).lexically_normal().string(); }

}  // namespace

ProgramBuild build_program(const SettledProgram& program) {
  ProgramBuild out;
  LabBuild& b = out.build;
  if (!plain_compiler_present(b.problem)) return out;
  const std::string headers = headers_dir();
  if (headers.empty()) {
    b.problem = missing_data_message(DataKind::Headers);
    return out;
  }
  // One translation unit: each file as its own lines (#line), the .cu files rewritten. The
  // kernels' file is the first .cu that declares a kernel.
  const ProgramRequest& r = program.request;
  for (const std::string& f : r.files) {
    const std::string text = read_all(f);
    if (const std::string unsupported = program_unsupported(text); !unsupported.empty()) {
      b.problem = f + ": " + unsupported;
      return out;
    }
    if (out.main_file.empty() && fs::path(f).extension() == ".cu" && !find_plain_kernels(text).empty()) {
      out.main_file = f;
      out.main_text = text;
    }
  }
  if (out.main_file.empty()) {
    b.problem = "none of the program's .cu files declares a __global__ kernel";
    return out;
  }
  // The kernels' file first: clang names its lines after the compiled file too (DWARF's file 0),
  // which the line table then reads as the kernels' file's.
  std::vector<std::string> order = {out.main_file};
  for (const std::string& f : r.files)
    if (f != out.main_file) order.push_back(f);
  std::string unit;
  for (const std::string& f : order) {
    const std::string text = f == out.main_file ? out.main_text : read_all(f);
    unit += fs::path(f).extension() == ".cu" ? program_compile_source(text, absolute(f))
                                              : plain_compile_source(text, absolute(f), "");
    unit += "\n";
  }
  std::vector<std::string> command = {WL_LAB_CLANG};
  const std::vector<std::string> flags = plain_compile_flags(headers);
  command.insert(command.end(), flags.begin(), flags.end());
  command.insert(command.end(), {"-I", headers + "/kernels/plain/include/samples", "-DWL_PLAIN_PROGRAM", "-shared", "-x", "c++", "-include", "warplens_plain.h",
                                 "-fsanitize-coverage=trace-pc-guard,trace-loads,trace-stores"});
  // Each file's folder first, for its quoted includes, then the program's -I and -D.
  std::vector<std::string> dirs;
  for (const std::string& f : r.files) dirs.push_back(fs::path(absolute(f)).parent_path().string());
  for (const std::string& d : r.include_dirs) dirs.push_back(absolute(d));
  for (const std::string& d : dirs) command.insert(command.end(), {"-iquote", d, "-I", d});
  for (const std::string& d : r.defines) command.push_back("-D" + d);
  std::string key_text = unit;
  for (const std::string& w : command) key_text += w;
  // The prelude decides it too: its text, as read where this program finds its headers.
  for (const char* h : {"include/warplens_plain.h", "include/warplens_program.h", "program_abi.h", "plain_abi.h"})
    key_text += read_all(headers + "/kernels/plain/" + h);
  // Headers the program includes decide the build too.
  for (const std::string& d : dirs) {
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(d, ec)) {
      const std::string ext = e.path().extension().string();
      if (ext == ".h" || ext == ".cuh" || ext == ".hpp") key_text += e.path().string() + read_all(e.path().string());
    }
  }
  build_plain_library({program.name, "-program", unit, command, key_text, out.main_file, absolute(out.main_file), out.main_text, {}},
                      headers, b);
  return out;
}

}  // namespace wl::lab
