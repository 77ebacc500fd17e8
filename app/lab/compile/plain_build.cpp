#include "lab/compile/plain_build.h"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "data_dirs.h"
#include "kernels/plain/plain_contract.h"
#include "kernels/plain/plain_kernel.h"
#include "lab/compile/build_cache.h"
#include "lab/exec/child_process.h"
#include "lab/front/plain_source.h"
#include "lab/record/gpu_shared_layout.h"
#include "lab_toolchain.h"

namespace wl::lab {
namespace {

namespace fs = std::filesystem;

constexpr double kClangSeconds = 120;  // as a dialect build's: a hung compiler cannot hang the lab
constexpr double kNvccSeconds = 300;   // as a dialect GPU build's: nvcc on templates takes tens of seconds

// -O1: the optimiser keeps values in registers across a line as nvcc does (an unrolled last
// warp without volatile reads its shared words once), yet compiles in a fraction of a second.
// trace-loads and trace-stores emit nothing unless a coverage kind is on: trace-pc-guard.
std::vector<std::string> compile_flags(const std::string& headers) {
  return {"-std=c++17", "-O1", "-gline-tables-only", "-fPIC", "-fdiagnostics-color=never", "-Wno-unused-command-line-argument",
          "-I", headers + "/kernels/plain/include", "-I", headers + "/kernels/plain"};
}

// The glue, compiled once per program without instrumentation.
std::string glue_object(const std::string& headers, LabBuild& b) {
  std::vector<std::string> command = {WL_LAB_CLANG};
  const std::vector<std::string> flags = compile_flags(headers);
  command.insert(command.end(), flags.begin(), flags.end());
  std::ifstream glue_text(headers + "/kernels/plain/plain_glue.cpp", std::ios::binary);
  CacheCompile c;
  c.source.assign(std::istreambuf_iterator<char>(glue_text), std::istreambuf_iterator<char>());
  std::string key_text = c.source;
  for (const std::string& w : command) key_text += w;
  const std::optional<CacheEntry> entry = cache_entry("plain-glue", "", key_text, b.problem);
  if (!entry) return {};
  const std::string object = entry->base + ".o";
  if (cached({object})) return object;
  c.extension = ".cpp";
  c.command = [command](const CacheScratch& s) {
    std::vector<std::string> compile = command;
    compile.insert(compile.end(), {"-c", s.source, "-o", s.partial});
    return compile;
  };
  c.compiler = "clang";
  c.seconds = kClangSeconds;
  LabBuild glue;
  compile_into_cache(*entry, object, c, glue);
  if (glue.ok) return object;
  b.problem = "the plain-CUDA glue did not compile: " + glue.output;
  return {};
}

// From `objdump -d -l`: the return address of every call to a SanitizerCoverage callback (a
// load, a store, a basic block), with the line of the learner's file it was made for. The
// compiled text starts with `#line 1`, so its lines are the file's, whichever of the two names
// the debug info gives them (clang uses both); lines past the file's are the generated entry's.
// An access inlined from a header (the prelude's __ldg) takes the last line of the file before it.
PlainLines line_table(const std::string& listing, const std::string& compiled, const std::string& file,
                      unsigned file_lines) {
  static const std::regex location(R"(^(/.*|<.*>):(\d+)( \(discriminator \d+\))?$)");
  static const std::regex instruction(R"(^\s*([0-9a-f]+):\s)");
  // ... and of printf and what clang makes of it, for the line a kernel printed at.
  static const std::regex callback(R"(call\s+[0-9a-f]+ <(__sanitizer_cov_((load|store)\d+|trace_pc_guard)|printf|puts|putchar)>)");
  std::vector<std::pair<std::uint64_t, unsigned>> table;
  std::istringstream in(listing);
  std::string row;
  unsigned line = 0, call_line = 0;
  bool after_call = false;
  std::smatch m;
  while (std::getline(in, row)) {
    if (std::regex_match(row, m, location)) {
      if (m[1] == compiled || m[1] == file) {
        line = unsigned(std::stoul(m[2]));
        if (line > file_lines) line = 0;
      }
      continue;
    }
    if (!std::regex_search(row, m, instruction)) continue;
    if (after_call) table.emplace_back(std::stoull(m[1], nullptr, 16), call_line);
    after_call = std::regex_search(row, callback);
    call_line = line;
  }
  return PlainLines(std::move(table));
}

// From `objdump -h -t -C`: every object of the section wl_shared (warplens_plain.h puts every
// static __shared__ variable there), its offset from the section's start, size and name; and
// the library's other variables (`objects`).
std::vector<PlainSharedSymbol> shared_symbols(const std::string& listing, std::vector<PlainLibraryObject>& objects) {
  static const std::regex section(R"(^\s*\d+\s+wl_shared\s+[0-9a-f]+\s+([0-9a-f]+)\s)");
  static const std::regex symbol(R"(^([0-9a-f]+)\s.*\swl_shared\s+([0-9a-f]+)\s+(.*\S)\s*$)");
  static const std::regex object(R"(^([0-9a-f]+)\s.*\sO\s+(\.(?:bss|data|rodata)\S*)\s+([0-9a-f]+)\s+(.*\S)\s*$)");
  std::vector<PlainSharedSymbol> out;
  std::uint64_t start = 0;
  std::istringstream in(listing);
  std::string row;
  std::smatch m;
  while (std::getline(in, row)) {
    if (std::regex_search(row, m, section)) start = std::stoull(m[1], nullptr, 16);
    if (std::regex_match(row, m, object)) {
      if (const std::uint64_t bytes = std::stoull(m[3], nullptr, 16))
        objects.push_back({std::stoull(m[1], nullptr, 16), bytes, m[4]});
      continue;
    }
    if (!std::regex_match(row, m, symbol)) continue;
    const std::uint64_t address = std::stoull(m[1], nullptr, 16), bytes = std::stoull(m[2], nullptr, 16);
    const std::string name = m[3];
    if (bytes == 0 || address < start) continue;  // the section's bounds, not a variable
    // "reduce<float>(float const*, float*)::sdata", a function's static, and "ns::XY" are sdata and XY.
    const std::size_t scope = name.rfind("::");
    PlainSharedSymbol s{std::uint32_t(address - start), std::uint32_t(bytes),
                        scope == std::string::npos ? name : name.substr(scope + 2)};
    if (s.name.find_first_of(" ()") != std::string::npos) continue;  // not a variable's name
    out.push_back(std::move(s));
  }
  return out;
}

// The PTX nvcc --keep left in `folder` (one architecture: one file); "" when there is none.
std::string kept_ptx(const std::string& folder) {
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(folder, ec))
    if (e.path().extension() == ".ptx") {
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      return text.str();
    }
  return {};
}

}  // namespace

std::vector<std::string> plain_compile_flags(const std::string& headers) { return compile_flags(headers); }

namespace {

// The line table and the shared arrays, from the built library, kept beside it before it is.
bool keep_plain_tables(const CacheScratch& s, LabBuild& built, const std::string& file, const std::string& text,
                       const std::function<void(PlainSharedTable&)>& declarations) {
  ChildLimits limits;
  limits.seconds = kClangSeconds;
  limits.most_output = std::size_t(1) << 30;  // a whole program's listing runs to tens of MiB
  const ChildOutcome listing = run_child({WL_LAB_OBJDUMP, "-d", "-l", "--no-show-raw-insn", s.partial}, limits);
  const unsigned file_lines = unsigned(std::count(text.begin(), text.end(), '\n')) + 1;
  const PlainLines lines = line_table(listing.output, fs::absolute(s.source).lexically_normal().string(), file, file_lines);
  if (!listing.ok() || lines.empty()) {
    built.problem = "objdump could not list the lines of the built kernel" + (listing.ok() ? std::string() : ": " + listing.output);
    return false;
  }
  const ChildOutcome symbols = run_child({WL_LAB_OBJDUMP, "-h", "-t", "-C", s.partial}, limits);
  PlainSharedTable shared;
  if (symbols.ok()) shared.symbols = shared_symbols(symbols.output, shared.objects);
  if (declarations) declarations(shared);
  std::string error;
  if (!write_whole(built.lines, lines.text(), error) || !write_whole(built.shared, shared.text(), error)) {
    built.problem = "cannot keep the built kernel's line table beside it: " + error;
    return false;
  }
  return true;
}

}  // namespace

void build_plain_library(const PlainLibrary& l, const std::string& headers, LabBuild& b) {
  const std::optional<CacheEntry> cache = cache_entry(l.name, l.kind, l.key_text, b.problem);
  if (!cache) return;
  b.library = cache->base + ".so";
  b.lines = cache->base + ".lines";
  b.shared = cache->base + ".shared";
  if (cached({b.library, b.lines, b.shared})) {
    b.ok = b.cached = true;
    return;
  }
  const std::string glue = glue_object(headers, b);
  if (glue.empty()) return;
  CacheCompile c;
  c.source = l.source;
  c.extension = ".cpp";
  const std::vector<std::string> command = l.command;
  c.command = [command, glue](const CacheScratch& s) {
    std::vector<std::string> compile = command;
    compile.insert(compile.end(), {s.source, "-x", "none", glue, "-o", s.partial});
    return compile;
  };
  c.compiler = "clang";
  c.seconds = kClangSeconds;
  c.lab_path = l.lab_path;
  c.keep_beside = [&](const CacheScratch& s, LabBuild& built) {
    return keep_plain_tables(s, built, l.lines_file, l.lines_text, l.declarations);
  };
  compile_into_cache(*cache, b.library, c, b);
}

bool plain_compiler_present(std::string& why) {
  if (std::string(WL_LAB_CLANG).empty() || access(WL_LAB_CLANG, X_OK) != 0) {
    why = "no clang to build plain CUDA for the simulator: install Debian's clang package (apt install clang)";
    return false;
  }
  if (std::string(WL_LAB_OBJDUMP).empty() || access(WL_LAB_OBJDUMP, X_OK) != 0) {
    why = "no objdump to find the lines of plain CUDA: install Debian's binutils package (apt install binutils)";
    return false;
  }
  return true;
}

std::string plain_problem(LabFile& file, const std::string& type, unsigned block, LabTarget target) {
  if (file.family.empty())
    return file.path + ": say which family's contract its kernel fulfils with --family (" + plain_contract_ids_text() +
           ") or a '// family:' line";
  const PlainContract* contract = find_plain_contract(file.family);
  if (!contract)
    return "no family '" + file.family + "' takes a plain-CUDA kernel (" + plain_contract_ids_text() + " do)";
  std::string error;
  const std::vector<PlainKernelDecl> kernels = find_plain_kernels(file.text);
  const PlainKernelDecl* kernel = choose_plain_kernel(kernels, file.kernel, file.path, error);
  if (!kernel) return error;
  if (const std::string unsupported = plain_unsupported(file.text); !unsupported.empty() && target == LabTarget::Simulator)
    return file.path + ": " + unsupported;
  if (!plain_entry(*kernel, *contract, PlainInstance{type, block, file.templates}, error)) {
    // A parameter the lab cannot choose: how the file's own host code instantiates it.
    const std::vector<std::string> launched = plain_launched_instances(file.text, *kernel);
    if (error.find("needs a value") != std::string::npos && !launched.empty()) {
      error += " (its file launches ";
      for (std::size_t i = 0; i < launched.size() && i < 6; ++i)
        error += (i ? ", " : "") + kernel->name + "<" + launched[i] + ">";
      error += launched.size() > 6 ? ", ...)" : ")";
    }
    return error;
  }
  file.id = file.kernel = kernel->name;
  return {};
}

LabBuild build_plain_file(const LabFile& file, const std::string& type, unsigned block) {
  LabBuild b;
  if (!plain_compiler_present(b.problem)) return b;
  LabFile chosen = file;
  if ((b.problem = plain_problem(chosen, type, block)) != "") return b;
  const std::string headers = headers_dir();
  if (headers.empty()) {
    b.problem = missing_data_message(DataKind::Headers);
    return b;
  }
  std::string error;
  const std::vector<PlainKernelDecl> kernels = find_plain_kernels(file.text);
  const PlainKernelDecl& kernel = *choose_plain_kernel(kernels, file.kernel, file.path, error);
  const std::string entry = *plain_entry(kernel, *find_plain_contract(file.family), PlainInstance{type, block, file.templates}, error);
  const std::string absolute = fs::absolute(file.path).lexically_normal().string();
  const std::string source = plain_compile_source(file.text, absolute, entry);

  std::vector<std::string> command = {WL_LAB_CLANG};
  const std::vector<std::string> flags = compile_flags(headers);
  command.insert(command.end(), flags.begin(), flags.end());
  command.insert(command.end(), {"-shared", "-x", "c++", "-include", "warplens_plain.h",
                                 "-fsanitize-coverage=trace-pc-guard,trace-loads,trace-stores"});
  std::string key_text = source;
  for (const std::string& w : command) key_text += w;
  PlainLibrary library{kernel.name, "-plain", source, command, key_text, file.path, absolute, file.text};
  library.declarations = [&](PlainSharedTable& shared) { plain_shared_declarations(file.text, kernel, type, shared); };
  build_plain_library(library, headers, b);
  return b;
}

LabBuild build_plain_gpu_file(const LabFile& file, const std::string& type, unsigned block) {
  LabBuild b;
  if (!lab_compiler_present(b.problem, LabTarget::Gpu)) return b;
  LabFile chosen = file;
  if ((b.problem = plain_problem(chosen, type, block, LabTarget::Gpu)) != "") return b;
  std::string error;
  const std::vector<PlainKernelDecl> kernels = find_plain_kernels(file.text);
  const PlainKernelDecl& kernel = *choose_plain_kernel(kernels, file.kernel, file.path, error);
  const std::string entry =
      *plain_gpu_entry(kernel, *find_plain_contract(file.family), PlainInstance{type, block, file.templates}, error);
  // The file as it is, its lines its own (nvcc's line table names it), then the entry.
  std::string quoted;
  for (char c : fs::absolute(file.path).lexically_normal().string())
    quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  const std::string source = "#line 1 \"" + quoted + "\"\n" + file.text + "\n#include <stdint.h>\n" + entry;

  // -lineinfo: the recorded instructions' lines (nvdisasm -g), without changing the code.
  std::vector<std::string> command = lab_nvcc_command();
  command.insert(command.end(), {"-lineinfo", "-x", "cu"});
  std::string key_text = source;
  for (const std::string& w : command) key_text += w;
  const std::optional<CacheEntry> cache = cache_entry(kernel.name, "-plain-gpu", key_text, b.problem);
  if (!cache) return b;
  b.library = cache->base + ".so";
  b.gpu_shared = cache->base + ".shared";
  if (cached({b.library})) {
    b.ok = b.cached = true;
    return b;
  }
  CacheCompile c;
  c.source = source;
  c.extension = ".cu";
  // --keep: the PTX, whose declarations say where the kernel's shared arrays lie (gpu_shared_layout.h).
  c.folder = true;
  c.command = [command](const CacheScratch& s) {
    std::vector<std::string> compile = command;
    compile.insert(compile.end(), {"--keep", "--keep-dir", s.folder, s.source, "-o", s.partial});
    return compile;
  };
  c.compiler = "nvcc";
  c.seconds = kNvccSeconds;
  c.lab_path = file.path;
  c.keep_beside = [](const CacheScratch& s, LabBuild& built) {
    std::string error;
    write_whole(built.gpu_shared, ptx_shared_table(kept_ptx(s.folder)), error);  // before the library: a cached one has its table
    return true;
  };
  compile_into_cache(*cache, b.library, c, b);
  return b;
}

}  // namespace wl::lab
