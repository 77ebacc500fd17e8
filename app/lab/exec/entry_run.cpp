#include "lab/exec/entry_run.h"

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/value_type.h"
#include "kernels/plain/plain_contract.h"
#include "lab/compile/build_cache.h"
#include "lab/compile/lab_build.h"
#include "lab/exec/child_protocol.h"
#include "lab/record/gpu_tracer.h"
#include "run/settled_run.h"

namespace wl::lab {
namespace {

namespace fs = std::filesystem;

std::string driver_c_type(const std::string& value_type) {
  if (value_type == "i32") return "int";
  if (value_type == "u32") return "unsigned";
  if (value_type == "i64") return "long long";
  if (value_type == "u64") return "unsigned long long";
  if (value_type == "f64") return "double";
  return "float";
}

// The variable a parameter's buffer is in the driver, and so in the trace.
std::string buffer_name(const PlainParam& p) {
  return std::string(p.role) == "in" ? "input" : std::string(p.role) == "out" ? "output" : std::string(p.role);
}

// The value type the entry's first pointer parameter names ("float" of `const float* input`).
std::string entry_value_type(const std::string& text, const std::string& entry) {
  const std::regex first(R"(\b)" + entry + R"(\s*\(\s*(?:const\s+)?(unsigned\s+int|unsigned|int|float|double)\s*\*)");
  std::smatch m;
  if (!std::regex_search(text, m, first)) return {};
  const std::string t = m[1];
  return t == "float" ? "f32" : t == "double" ? "f64" : t == "int" ? "i32" : "u32";
}

std::uint64_t param_value(const Family& family, const RunRequest& r, const std::string& name) {
  if (auto it = r.params.find(name); it != r.params.end()) return it->second;
  for (const FamilyParam& p : family.params())
    if (p.name == name) return p.default_value;
  return 0;
}

// The file and the driver built by nvcc into a program, run with the GPU tracer injected, every
// launch's blocks recorded; its output then read back by the caller.
bool build_and_run_on_gpu(const EntryRequest& asked, const std::string& text, const std::string& driver,
                          const std::vector<std::string>& arguments, const std::string& folder, EntryRun& run) {
  std::string why;
  const std::optional<GpuTracer> tracer = lab_compiler_present(why, LabTarget::Gpu) ? find_gpu_tracer(why) : std::nullopt;
  if (!tracer) {
    run.problem = "--entry on the GPU: " + why;
    return false;
  }
  std::string quoted;
  for (char c : fs::absolute(asked.file).lexically_normal().string())
    quoted += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  const std::string source = "#line 1 \"" + quoted + "\"\n" + text + "\n#line 1 \"warplens-entry.cu\"\n" + driver;
  // The lab's nvcc, as a program rather than a library, with the lines the tracer names.
  std::vector<std::string> command;
  for (const std::string& w : lab_nvcc_command())
    if (w != "-shared" && w != "-Xcompiler" && w != "-fPIC") command.push_back(w);
  command.insert(command.end(), {"-lineinfo", "-DWL_ENTRY_MAIN", "-x", "cu"});
  std::string key_text = source;
  for (const std::string& w : command) key_text += w;
  ProgramBuild& pb = run.program.build;
  LabBuild& b = pb.build;
  const std::optional<CacheEntry> cache = cache_entry(fs::path(asked.file).stem().string(), "-entry-gpu", key_text, b.problem);
  if (!cache) return false;
  b.library = cache->base + ".exe";
  if (cached({b.library})) {
    b.ok = b.cached = true;
  } else {
    CacheCompile c;
    c.source = source;
    c.extension = ".cu";
    c.command = [command](const CacheScratch& s) {
      std::vector<std::string> compile = command;
      compile.insert(compile.end(), {s.source, "-o", s.partial});
      return compile;
    };
    c.compiler = "nvcc";
    c.seconds = 300;  // as a lab file's GPU build
    c.lab_path = asked.file;
    compile_into_cache(*cache, b.library, c, b);
  }
  if (!b.ok) {
    run.problem = !b.problem.empty() ? b.problem : "the file and its entry did not compile";
    return false;
  }
  TracerRequest request;
  request.folder = folder + "/recording";
  request.launches = "all";
  request.blocks = asked.record_blocks;
  fs::create_directories(request.folder);
  ChildLimits limits;
  limits.seconds = asked.seconds;
  limits.environment = tracer_environment(*tracer, request);  // no memory limit: CUDA reserves address space
  std::vector<std::string> argv = {b.library};
  argv.insert(argv.end(), arguments.begin(), arguments.end());
  run.program.child = run_child(argv, limits);
  run.program.ran = run.program.child.started;
  run.program.exit_code = run.program.child.exit_code;
  if (!run.program.child.ok()) {
    run.problem = asked.entry + " on the GPU " + describe_outcome(run.program.child, limits) +
                  (run.program.child.output.empty() ? "" : ": " + run.program.child.output);
    return false;
  }
  const RecordingSummary seen = read_recording_summary(request.folder);
  if (!seen.recorded.empty()) {
    std::string problem;
    try {
      GpuTraceOptions options;
      options.program = fs::path(asked.file).filename().string();
      Trace trace = gpu_recording_trace(read_recording(request.folder, seen.recorded, problem), options);
      for (std::size_t k = 0; k < trace.meta.launches.size(); ++k) {
        const LaunchRecord& l = trace.meta.launches[k];
        ProgramLaunch p;
        p.kernel = l.name;
        p.grid = {l.grid_dim, 1, 1};
        p.block = {l.block_dim, 1, 1};
        p.recorded = int(k);
        run.program.launches.push_back(p);
      }
      run.program.trace = std::move(trace);
    } catch (const std::exception& e) {
      run.problem = std::string("the GPU's recording cannot be read: ") + e.what();
      return false;
    }
  }
  return true;
}

}  // namespace

std::string entry_driver_source(const std::string& entry, const std::vector<PlainParam>& params, const std::string& value_type) {
  const std::string in = driver_c_type(value_type);
  std::string out = in, call, output = "output";
  unsigned integer = 0;
  for (const PlainParam& p : params) {
    call += call.empty() ? "" : ", ";
    if (p.kind == PlainParam::Kind::Integer) {
      call += "int(std::strtoll(argv[" + std::to_string(5 + integer++) + "], nullptr, 10))";
      continue;
    }
    call += "wl_entry_pointer<" + std::string(p.kind == PlainParam::Kind::Fixed ? p.fixed : in) + ">{" + buffer_name(p) + "}";
    if (std::string(p.role) != "in") {
      output = buffer_name(p);
      if (p.kind == PlainParam::Kind::Fixed) out = p.fixed;
    }
  }
  std::ostringstream s;
  s << "// Generated by WarpLens (lab run --entry): the family's input on the device, " << entry
    << " called with the\n// contract's arguments, and its output read back.\n"
    << "#include <cstdio>\n#include <cstdlib>\n#include <vector>\n"
    << "// A buffer as whatever pointer the entry takes: a site's histogram is int*, the family's unsigned.\n"
    << "template <class T> struct wl_entry_pointer {\n  T* p;\n"
    << "  template <class U> operator U*() const { return reinterpret_cast<U*>(p); }\n};\n"
    << "extern \"C\" int wl_entry_main(int argc, char** argv) {\n"
    << "  if (argc < " << 5 + integer << ") return 64;\n"
    << "  const size_t n = std::strtoull(argv[3], nullptr, 10), count = std::strtoull(argv[4], nullptr, 10);\n"
    << "  std::vector<" << in << "> host_in(n + 1);\n  std::vector<" << out << "> host_out(count + 1);\n"
    << "  FILE* f = std::fopen(argv[1], \"rb\");\n"
    << "  if (!f || std::fread(host_in.data(), sizeof(" << in << "), n, f) != n) return 65;\n  std::fclose(f);\n"
    << "  " << in << "* input = nullptr;\n  " << out << "* " << output << " = nullptr;\n"
    << "  cudaMalloc(&input, n * sizeof(" << in << "));\n  cudaMalloc(&" << output << ", count * sizeof(" << out << "));\n"
    << "  cudaMemcpy(input, host_in.data(), n * sizeof(" << in << "), cudaMemcpyHostToDevice);\n"
    << "  cudaMemset(" << output << ", 0, count * sizeof(" << out << "));\n"
    << "  " << entry << "(" << call << ");\n"
    << "  const cudaError_t e = cudaDeviceSynchronize();\n"
    << "  if (e != cudaSuccess) {\n    std::fprintf(stderr, \"" << entry << ": %s\\n\", cudaGetErrorString(e));\n    return 66;\n  }\n"
    << "  cudaMemcpy(host_out.data(), " << output << ", count * sizeof(" << out << "), cudaMemcpyDeviceToHost);\n"
    << "  f = std::fopen(argv[2], \"wb\");\n"
    << "  if (!f || std::fwrite(host_out.data(), sizeof(" << out << "), count, f) != count) return 65;\n"
    << "  std::fclose(f);\n  return 0;\n}\n"
    << "#ifdef WL_ENTRY_MAIN  // nvcc's build: a program of its own\n"
    << "int main(int argc, char** argv) { return wl_entry_main(argc, argv); }\n#endif\n";
  return s.str();
}

EntryRun run_entry(const EntryRequest& asked) {
  EntryRun run;
  auto refuse = [&](std::string why) {
    run.problem = std::move(why);
    run.refused = true;
    return run;
  };
  // A C identifier, which the searches below may put in a regular expression as it is.
  if (!std::regex_match(asked.entry, std::regex(R"([A-Za-z_]\w*)")))
    return refuse("--entry takes a function's name, such as solve, not '" + asked.entry + "'");
  std::ifstream in(asked.file, std::ios::binary);
  if (!in) return refuse("cannot read " + asked.file);
  std::stringstream text;
  text << in.rdbuf();
  const PlainContract* contract = find_plain_contract(asked.settings.request.family);
  if (!contract)
    return refuse(asked.settings.request.family.empty()
                      ? "--entry: say which family's signature " + asked.entry + " has with --family (" + plain_contract_ids_text() + ")"
                      : "no family '" + asked.settings.request.family + "' has a practice entry (" + plain_contract_ids_text() + " do)");
  if (!std::regex_search(text.str(), std::regex(R"(\b)" + asked.entry + R"(\s*\()")))
    return refuse(asked.file + " has no function " + asked.entry + "(...)");
  // Settled as the family's own run (its sizes and types), not its contract's: the entry chooses
  // its launches, so no block or grid of the contract's applies.
  RunSettings settings = asked.settings;
  const Family* built_in = find_family(settings.request.family);
  if (!built_in || built_in->variants().empty()) return refuse("no family '" + settings.request.family + "'");
  settings.request.variant = built_in->variants().front().id;
  settings.backend = BackendChoice::Simulator;
  if (settings.request.type.empty()) settings.request.type = entry_value_type(text.str(), asked.entry);
  SettledRun settled;
  if (const std::string problem = settle(settings, false, settled); !problem.empty()) return refuse(problem);
  run.request = settled.request;
  const Family& family = *settled.family;
  const std::vector<unsigned char> input = family.make_input(run.request, settled.input.pattern, settled.input.seed);
  const ResultValues reference = family.reference(run.request, input.data());

  // The driver, kept in the lab's cache under its text, so an unchanged entry is not built again.
  const std::string driver = entry_driver_source(asked.entry, contract->params, run.request.type);
  std::string error;
  const std::string driver_path = lab_cache_dir() + "/entry-" + lab_build_key(driver) + ".cpp";
  std::error_code ec;
  fs::create_directories(lab_cache_dir(), ec);
  if (!fs::exists(driver_path) && !write_whole(driver_path, driver, error)) return refuse(error);
  RunFolder folder;
  if (folder.path.empty() || !write_whole(folder.path + "/input.bin", std::string(input.begin(), input.end()), error))
    return refuse("cannot write the entry's input: " + error);

  ProgramRequest program;
  program.files = {asked.file, driver_path};
  program.main_symbol = "wl_entry_main";
  program.arguments = {folder.path + "/input.bin", folder.path + "/output.bin", std::to_string(run.request.n),
                       std::to_string(reference.count())};
  run.signature = asked.entry + "(";
  for (const PlainParam& p : contract->params) {
    run.signature += std::string(run.signature.back() == '(' ? "" : ", ") + (p.kind == PlainParam::Kind::Integer ? p.role : buffer_name(p));
    if (p.kind != PlainParam::Kind::Integer) continue;
    const std::string role = p.role;
    const std::uint64_t cols = std::max<std::uint64_t>(1, param_value(family, run.request, "cols"));
    const std::uint64_t v = role == "n" ? run.request.n : role == "rows" ? run.request.n / cols : role == "cols" ? cols
                                                                                                 : reference.count();
    program.arguments.push_back(std::to_string(v));
  }
  run.signature += ")";
  if (asked.gpu) {
    if (!build_and_run_on_gpu(asked, text.str(), driver, program.arguments, folder.path, run)) return run;
  } else {
    program.launches = "all";
    program.record_blocks = asked.record_blocks;
    program.seconds = asked.seconds;
    program.memory_mib = asked.memory_mib;
    SettledProgram settled_program;
    if (const std::string problem = settle_program(program, settled_program); !problem.empty()) return refuse(problem);
    settled_program.name = fs::path(asked.file).stem().string();
    run.program = run_program(settled_program, /*pass_output=*/false);
    if (!run.program.ran || !run.program.ended.empty() || run.program.exit_code != 0) {
      run.problem = !run.program.problem.empty() ? run.program.problem
                    : !run.program.ended.empty()  ? run.program.ended
                                                  : asked.entry + " did not finish (exit " + std::to_string(run.program.exit_code) + ")";
      return run;
    }
  }
  const std::string output = read_text(folder.path + "/output.bin");
  run.result.backend = asked.gpu ? "gpu" : "sim";
  run.result.result.type = reference.type;
  run.result.result.bytes.assign(output.begin(), output.end());
  if (run.result.result.count() != reference.count()) {
    run.problem = asked.entry + "'s output could not be read back";
    return run;
  }
  run.result.check = family.check(run.request, input.data(), run.result);
  if (run.program.trace) run.result.trace = *run.program.trace;
  return run;
}

}  // namespace wl::lab
