#include "lab/exec/lab_run.h"

#include <dlfcn.h>
#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "kernels/family/family.h"
#include "kernels/host/input.h"
#include "kernels/gpu/gpu_error.h"
#include "kernels/gpu/gpu_measure.h"
#include "kernels/plain/gpu/gpu_recording.h"
#include "kernels/plain/plain_contract.h"
#include "kernels/plain/plain_gpu_kernel.h"
#include "kernels/plain/plain_steps.h"
#include "lab/record/gpu_shared_layout.h"
#include "lab/record/gpu_tracer.h"
#include "lab/exec/lab_where.h"
#include "lab/record/plain_loop_steps.h"
#include "lab/compile/plain_build.h"
#include "lab/front/plain_source.h"
#include "results/sweep_text.h"
#include "trace/trace_file.h"

namespace wl::lab {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr std::uint32_t kMostRecordedBlocks = 1u << 20;  // as the CLI's --record-blocks all
constexpr double kTracerStartSeconds = 30;  // the tracer patches each module the program loads: seconds for ours
constexpr std::size_t kMostPrints = 4096;  // a printf in every thread of a large run would be millions of lines

json request_to_json(const RunRequest& r, const RunInput& in, bool record_all, bool gpu) {
  return {{"record_all", record_all}, {"gpu", gpu}, {"family", r.family}, {"variant", r.variant}, {"op", r.op}, {"type", r.type}, {"n", r.n},
          {"block", r.block}, {"sm_count", r.sm_count}, {"params", r.params}, {"record", r.record},
          {"record_blocks", r.record_blocks}, {"event_cap", r.event_cap},
          {"pattern", int(in.pattern)}, {"seed", in.seed}};
}

void request_from_json(const json& j, RunRequest& r, RunInput& in, bool& record_all, bool& gpu) {
  record_all = j.at("record_all");
  gpu = j.at("gpu");
  r.family = j.at("family");
  r.variant = j.at("variant");
  r.op = j.at("op");
  r.type = j.at("type");
  r.n = j.at("n");
  r.block = j.at("block");
  r.sm_count = j.at("sm_count");
  r.params = j.at("params").get<std::map<std::string, std::uint64_t>>();
  r.record = j.at("record");
  r.record_blocks = j.at("record_blocks").get<std::vector<std::uint32_t>>();
  r.event_cap = j.at("event_cap");
  in.pattern = Pattern(j.at("pattern").get<int>());
  in.seed = j.at("seed");
}

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A private folder for one run's files, removed when the run is read back.
struct RunFolder {
  std::string path;
  RunFolder() {
    std::string pattern = (fs::temp_directory_path() / "warplens-lab-XXXXXX").string();
    if (mkdtemp(pattern.data())) path = pattern;
  }
  ~RunFolder() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

}  // namespace

std::optional<LabTarget> choose_lab_target(const LabFile& file, BackendChoice backend, std::string& note) {
  note.clear();
  if (backend == BackendChoice::Simulator) return LabTarget::Simulator;
  std::string why;
  if (file.plain) {  // nvcc, a GPU, and the tracer that records the run
    if (lab_compiler_present(why, LabTarget::Gpu) && gpu_usable(&why) && find_gpu_tracer(why)) return LabTarget::Gpu;
    if (backend == BackendChoice::Gpu) {
      note = "your kernel cannot run on the GPU here: " + why;
      return std::nullopt;
    }
    note = why + ": the simulator runs your kernel";
    return LabTarget::Simulator;
  }
  const Family* family = find_family(file.family);
  const std::vector<FamilyParam> params = family ? family->params() : std::vector<FamilyParam>();
  const bool over_gpus = std::any_of(params.begin(), params.end(), [](const FamilyParam& p) { return p.name == "gpus"; });
  if (over_gpus) why = "the lab runs a kernel of a family over several GPUs (" + file.family + ") on the simulator only";
  else if (lab_compiler_present(why, LabTarget::Gpu) && gpu_usable(&why)) return LabTarget::Gpu;
  if (backend == BackendChoice::Gpu) {
    note = "your kernel cannot run on the GPU here: " + why;
    return std::nullopt;
  }
  note = why + ": the simulator runs your kernel";
  return LabTarget::Simulator;
}

std::string lab_exec_program() {
  if (const char* program = std::getenv("WARPLENS_LAB_EXEC"); program && *program) return program;
  return self_executable();
}

std::optional<LabRequest> lab_default_request(const LabFile& file, std::string& error) {
  const Family* family = find_family(file.family);
  if (!family && file.plain) {
    error = file.family.empty() ? file.path + ": say which family's contract its kernel fulfils with --family (" +
                                      plain_contract_ids_text() + ") or a '// family:' line"
                                : "no family '" + file.family + "' takes a plain-CUDA kernel (" + plain_contract_ids_text() + " do)";
    return std::nullopt;
  }
  if (!family) {
    error = file.path + " is a variant of '" + file.family + "', which this build does not have (" + family_ids_text() + ")";
    return std::nullopt;
  }
  LabRequest out;
  RunRequest& r = out.request;
  r.family = file.family;
  r.variant = file.plain ? kPlainVariant : file.id;
  r.type = family->types().front();
  r.op = family->ops().empty() ? "" : family->ops().front();
  for (std::size_t i = 0; i < file.run.size(); ++i) {
    const std::string& word = file.run[i];
    const bool has_value = i + 1 < file.run.size();
    auto number = [&](std::uint64_t& out) {
      try {
        out = std::stoull(file.run[++i]);
        return true;
      } catch (const std::exception&) {
        return false;
      }
    };
    std::uint64_t v = 0;
    bool ok = has_value;
    if (!ok) {
    } else if (word == "--n") {
      std::string why;  // the file's line says what is wrong as a whole, below
      ok = parse_size(file.run[++i], r.n, why);
    }
    else if (word == "--block") ok = number(v) && (r.block = unsigned(v), true);
    else if (word == "--op") r.op = file.run[++i];
    else if (word == "--type") r.type = file.run[++i];
    else if (word == "--pattern") ok = parse_pattern(file.run[++i], out.input.pattern);
    else if (word == "--seed") ok = number(out.input.seed);
    else if (word == "--param") {
      const std::string pair = file.run[++i];
      const std::size_t eq = pair.find('=');
      ok = eq != std::string::npos;
      if (ok) try {
          r.params[pair.substr(0, eq)] = std::stoull(pair.substr(eq + 1));
        } catch (const std::exception&) {
          ok = false;
        }
    } else ok = false;
    if (!ok) {
      error = file.path + ": the run: line's '" + word +
              "' is not --n, --block, --op, --type, --param NAME=VALUE, --pattern or --seed with a good value";
      return std::nullopt;
    }
  }
  return out;
}

namespace {

// Runs `lab exec` on `library` with the request `asked` in `folder`, and reads back its trace and
// result into `out`; false, with out.problem saying why, when it did not run to its end.
bool exec_child(const LabFile& file, const std::string& library, const json& asked, const ChildLimits& limits,
                const RunFolder& folder, LabRun& out) {
  std::ofstream(folder.path + "/request.json") << asked.dump();
  const ChildOutcome child = run_child({lab_exec_program(), "lab", "exec", library, folder.path, "--watch",
                                       std::to_string(watch_seconds(limits.seconds))},
                                      limits);
  out.run_seconds += child.seconds;
  if (!child.ok()) {
    std::string said = child.output;
    while (!said.empty() && (said.back() == '\n' || said.back() == ' ')) said.pop_back();
    if (child.exit_code == 2 && !child.timed_out && !child.signal) out.problem = said;  // the request was refused
    else out.problem = "your kernel " + describe_outcome(child, limits) + (said.empty() ? "" : ": " + said);
    if (child.timed_out)
      if (const std::string where = where_sentence(folder.path, file); !where.empty()) out.problem += ". " + where;
    return false;
  }
  try {
    out.outcome.trace = read_trace(folder.path + "/trace.wltrace");
    const json j = json::parse(read_text(folder.path + "/result.json"));
    out.outcome.backend = j.at("backend");
    out.outcome.result_text = j.at("result");
    out.outcome.check.ok = j.at("ok");
    out.outcome.check.expected = j.at("expected");
    out.outcome.check.error = j.at("error");
    out.outcome.check.bound = j.at("bound");
    out.outcome.check.diagnosis = j.at("diagnosis");
    if (j.contains("prints"))
      for (const json& p : j.at("prints"))
        out.prints.push_back({p.at("launch"), p.at("block"), p.at("thread"), p.at("line"), p.at("text")});
    out.prints_dropped = j.value("prints_dropped", std::uint64_t(0));
    if (j.contains("time_ms")) out.measures.time_ms = j.at("time_ms").get<double>();
    if (j.contains("percent_of_copy")) out.measures.percent_of_copy = j.at("percent_of_copy").get<double>();
  } catch (const std::exception& e) {
    out.problem = std::string("the run's results could not be read back: ") + e.what();
    return false;
  }
  return true;
}

// A regex the tracer finds the file's kernel by in a demangled name: "reduce2" in
// "void reduce2<float, 256u>(float const*, float*, unsigned int)", not in "reduce20(...)".
std::string kernel_pattern(const std::string& name) { return "(^|[ :])" + name + "[<(]"; }

// The recording's shared memory named as the simulator names it: the kernel's static arrays where
// nvcc put them (its PTX, gpu_shared_layout.h), then its dynamic array after them, rounded to 16
// bytes as the launches' shared bytes are. Nothing is named when the layout does not add up.
void name_gpu_shared(const LabFile& file, const std::string& type, const std::string& table_path,
                     const std::string& mangled, std::uint32_t static_bytes, std::uint32_t dynamic_bytes,
                     TraceMeta& meta) {
  std::vector<SharedArrayRecord> arrays = gpu_shared_arrays(read_text(table_path), mangled, static_bytes);
  if (arrays.empty() && static_bytes) return;
  const std::vector<PlainKernelDecl> kernels = find_plain_kernels(file.text);
  const auto k = std::find_if(kernels.begin(), kernels.end(), [&](const PlainKernelDecl& d) { return d.name == file.id; });
  if (k != kernels.end()) {
    PlainSharedTable declared;
    plain_shared_declarations(file.text, *k, type, declared);
    if (!declared.dynamic_name.empty() && dynamic_bytes)
      arrays.push_back({declared.dynamic_name, (static_bytes + 15) / 16 * 16, dynamic_bytes});
  }
  meta.shared_arrays = std::move(arrays);
}

// A plain-CUDA file's run on the GPU, after `out` holds the unpatched run's check and time:
// the same run again with the GPU tracer injected, its recording turned into the trace
// (gpu_recording.h), with the run's names for the family, the request and the buffers.
bool record_plain_on_gpu(const LabFile& file, const LabRequest& request, const json& asked, const ChildLimits& limits,
                         LabRun& out) {
  std::string why;
  const std::optional<GpuTracer> tracer = find_gpu_tracer(why);
  RunFolder folder;
  if (!tracer || folder.path.empty()) {
    out.problem = tracer ? "cannot make a temporary folder for the recording" : why;
    return false;
  }
  TracerRequest t;
  t.folder = folder.path + "/recording";
  t.kernel = kernel_pattern(file.id);
  t.launches = "all";
  t.blocks.clear();
  for (std::uint32_t b : request.request.record_blocks) t.blocks += (t.blocks.empty() ? "" : ",") + std::to_string(b);
  if (request.record_all || t.blocks.empty()) t.blocks = request.record_all ? "all" : "0";
  if (request.request.event_cap) t.capacity = request.request.event_cap;
  std::error_code ec;
  std::filesystem::create_directories(t.folder, ec);
  ChildLimits patched = limits;
  patched.environment = tracer_environment(*tracer, t);
  // Patching the program's modules and every access of the recorded blocks take their time.
  patched.seconds = 3 * limits.seconds + kTracerStartSeconds;
  json recorded_request = asked;
  recorded_request["record_only"] = true;
  LabRun recorded;
  if (!exec_child(file, out.build.library, recorded_request, patched, folder, recorded)) {
    out.problem = "recorded on the GPU, " + recorded.problem;
    return false;
  }
  const RecordingSummary seen = read_recording_summary(t.folder);
  if (seen.recorded.empty()) {
    out.problem = "the GPU tracer recorded no launch of " + file.id;
    return false;
  }
  GpuTraceOptions options;
  const TraceMeta& run = recorded.outcome.trace.meta;
  try {
    const json j = json::parse(read_text(folder.path + "/result.json"));
    for (const json& b : j.at("buffers"))
      if (const BufferRecord* named = run.buffer(BufferId(b.at("id").get<unsigned>())))
        options.buffers[b.at("address").get<std::uint64_t>()] = *named;
    const GpuRecording recording = read_recording(t.folder, seen.recorded, out.note);
    Trace trace = gpu_recording_trace(recording, options);
    TraceMeta& meta = trace.meta;
    // Each launch's elements and shared bytes as the simulator counts them: the static section
    // (the recording's) rounded up to 16 bytes, then the dynamic bytes (plain_shared_bytes).
    const json& made = j.at("launches");
    if (!meta.launches.empty() && !recording.launches.empty() && !made.empty())
      name_gpu_shared(file, request.request.type, out.build.gpu_shared, recording.launches.front().mangled_name,
                      meta.launches.front().shared_bytes, made[0].at("dynamic_shared_bytes"), meta);
    for (std::size_t k = 0; k < meta.launches.size() && k < made.size(); ++k) {
      LaunchRecord& l = meta.launches[k];
      const std::uint32_t dynamic = made[k].at("dynamic_shared_bytes");
      l.n = made[k].at("n");
      l.shared_bytes = (l.shared_bytes + 15) / 16 * 16 + dynamic;
    }
    meta.family = run.family;
    meta.variant = run.variant;
    meta.op = run.op;
    meta.type = run.type;
    meta.n = run.n;
    meta.params = run.params;
    meta.sm_count = run.sm_count;
    meta.event_cap = t.capacity;
    out.outcome.trace = std::move(trace);
  } catch (const std::exception& e) {
    out.problem = std::string("the GPU recording could not be read: ") + e.what();
    return false;
  }
  return true;
}

}  // namespace

namespace {

// What a plain kernel's loop headers may name: blockDim.x (--param block_x of a 2-D block, else
// the block), and its integer template parameters (--template, else the block size).
PlainLoopContext loop_context(const LabFile& file, const RunRequest& r) {
  PlainLoopContext c;
  c.block_x = unsigned(param_or(r, "block_x", 0));
  if (c.block_x == 0) c.block_x = r.block;
  std::string error;
  const std::vector<PlainKernelDecl> kernels = find_plain_kernels(file.text);
  if (const PlainKernelDecl* k = choose_plain_kernel(kernels, file.kernel, file.path, error))
    for (const PlainTemplateParam& p : k->template_params) {
      if (p.is_type) continue;
      const auto set = file.templates.find(p.name);
      if (set == file.templates.end()) c.constants[p.name] = r.block;
      else if (!set->second.empty() && std::isdigit(static_cast<unsigned char>(set->second[0])))
        try {
          c.constants[p.name] = std::stoll(set->second, nullptr, 0);
        } catch (const std::out_of_range&) {  // no loop of such a bound is named: the steps keep their names
        }
    }
  return c;
}

}  // namespace

LabRun run_lab(const LabFile& file, const LabRequest& request) {
  LabRun out;
  const bool gpu = request.target == LabTarget::Gpu;
  out.build = !file.plain ? build_lab_file(file, request.target)
              : gpu       ? build_plain_gpu_file(file, request.request.type, request.request.block)
                          : build_plain_file(file, request.request.type, request.request.block);
  if (!out.build.ok) {
    out.problem = !out.build.problem.empty() ? out.build.problem
                                             : file.path + " does not compile:\n" + format_diagnostics(out.build.diagnostics, !file.plain);
    return out;
  }
  RunFolder folder;
  if (folder.path.empty()) {
    out.problem = "cannot make a temporary folder for the run";
    return out;
  }
  RunRequest r = request.request;
  r.family = file.family;
  r.variant = file.plain ? kPlainVariant : file.id;
  json asked = request_to_json(r, request.input, request.record_all, gpu);
  if (file.plain && gpu) asked["plain"] = {{"kernel", file.id}, {"gpu", true}};
  else if (file.plain) asked["plain"] = {{"kernel", file.id}, {"lines", out.build.lines}, {"shared", out.build.shared}};
  // CUDA reserves far more address space than it uses (a GPU's memory mapped into the process,
  // unified addressing): under an address-space limit its first cudaMalloc fails. On the GPU the
  // limit that guards the machine is the GPU's own memory.
  ChildLimits limits = request.limits;
  if (gpu) limits.memory_bytes = 0;
  if (!exec_child(file, out.build.library, asked, limits, folder, out)) return out;
  if (file.plain && gpu && !out.outcome.trace.meta.fault && !record_plain_on_gpu(file, request, asked, limits, out)) return out;
  if (file.plain) name_loop_steps(out.outcome.trace, file.text, loop_context(file, request.request));
  out.ran = true;
  return out;
}

namespace {

// A dialect build's family, with the learner's variant alone.
const Family* load_dialect_family(const std::string& library) {
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    std::cerr << "cannot load the built kernel: " << dlerror() << "\n";
    return nullptr;
  }
  using Entry = const Family* (*)();
  const auto entry = reinterpret_cast<Entry>(dlsym(handle, "warplens_lab_family"));
  if (!entry) std::cerr << "the built kernel has no warplens_lab_family\n";
  return entry ? entry() : nullptr;
}

// A plain-CUDA build: the kernel loaded for its family's contract to run, on the simulator or
// the GPU.
struct LoadedPlain {
  std::unique_ptr<PlainKernel> sim;
  std::unique_ptr<PlainGpuKernel> gpu;
  std::string name() const { return sim ? sim->name() : gpu ? gpu->name() : std::string(); }
};
const Family* load_plain_family(const std::string& library, const json& plain, const std::string& family,
                                LoadedPlain& kernel) {
  std::string error;
  if (plain.value("gpu", false)) {
    if (!(kernel.gpu = PlainGpuKernel::load(library, plain.at("kernel"), error))) {
      std::cerr << error << "\n";
      return nullptr;
    }
    set_plain_gpu_kernel(kernel.gpu.get());
  } else {
    PlainLines lines;
    PlainSharedTable shared;
    if (!PlainLines::parse(read_text(plain.at("lines")), lines, error) ||
        !PlainSharedTable::parse(read_text(plain.at("shared")), shared, error) ||
        !(kernel.sim = PlainKernel::load(library, plain.at("kernel"), lines, std::move(shared), error))) {
      std::cerr << error << "\n";
      return nullptr;
    }
    set_plain_kernel(kernel.sim.get());
  }
  const PlainContract* contract = find_plain_contract(family);
  if (!contract) std::cerr << "no family '" << family << "' takes a plain-CUDA kernel\n";
  return contract ? contract->runs : nullptr;
}

}  // namespace

int lab_exec(const std::string& library, const std::string& folder, double watch_seconds) {
  RunRequest r;
  RunInput in;
  bool record_all = false, gpu = false;
  json request;
  try {
    request = json::parse(read_text(folder + "/request.json"));
    request_from_json(request, r, in, record_all, gpu);
  } catch (const std::exception& e) {
    std::cerr << "bad request: " << e.what() << "\n";
    return 3;
  }
  LoadedPlain plain;
  const bool is_plain = request.contains("plain");
  const Family* loaded = is_plain ? load_plain_family(library, request.at("plain"), r.family, plain)
                                  : load_dialect_family(library);
  if (!loaded) return 3;
  const Family& family = *loaded;
  // Checked with block 0 alone: the blocks asked for are then fitted to the variant's grid.
  std::vector<std::uint32_t> asked = std::move(r.record_blocks);
  r.record_blocks = {0};
  if (const std::string problem = validate_for(family, r); !problem.empty()) {
    std::cerr << problem << "\n";
    return 2;
  }
  r.record_blocks = std::move(asked);
  // The blocks asked for that the variant's grid has (all of them, with record_all).
  const std::vector<PlannedLaunch> launches = family.plan(r);
  const std::uint32_t grid = launches.empty() ? 1 : std::min(launches.front().grid, kMostRecordedBlocks);
  if (record_all) {
    r.record_blocks.clear();
    for (std::uint32_t b = 0; b < grid; ++b) r.record_blocks.push_back(b);
  }
  r.record_blocks.erase(std::remove_if(r.record_blocks.begin(), r.record_blocks.end(),
                                       [grid](std::uint32_t b) { return b >= grid; }),
                        r.record_blocks.end());
  if (r.record_blocks.empty()) r.record_blocks = {0};
  const std::vector<unsigned char> input = family.make_input(r, in.pattern, in.seed);
  json j;
  const LabWatchdog watchdog(watch_seconds, folder);
  try {
    RunResult result = family.run(r, gpu ? Backend::Gpu : Backend::Simulator, input.data());
    if (is_plain) {
      result.trace.meta.variant = plain.name();  // the contract's one variant is the file's kernel
      name_plain_steps(result.trace);
      if (plain.sim) {  // the kernel's arrays where nvcc puts them, named
        const PlainKernel& k = *plain.sim;
        apply_plain_shared_layout(result.trace, k.shared_table(), lay_out_plain_shared(k.shared_table(), k.touched_shared()),
                                  k.shared_bytes());
      }
    }
    if (plain.gpu) {  // the launches made and where the buffers lie, for the recording (record_plain_on_gpu)
      json& launches = j["launches"] = json::array();
      result.trace.meta.launches.clear();
      for (const PlainGpuKernel::Launch& l : plain.gpu->launches()) {
        launches.push_back({{"n", l.n}, {"dynamic_shared_bytes", l.dynamic_shared_bytes}});
        result.trace.meta.launches.push_back(launch_record({plain.name(), l.n, l.grid, l.block}, l.dynamic_shared_bytes));
      }
      json& buffers = j["buffers"] = json::array();
      for (const PlainBuffer& b : plain.gpu->buffers())
        buffers.push_back({{"address", std::uint64_t(reinterpret_cast<std::uintptr_t>(b.base))}, {"id", unsigned(b.id)}});
    }
    write_trace(result.trace, folder + "/trace.wltrace");
    j.update({{"backend", result.backend},          {"result", result.result_text},
              {"ok", result.check.ok},              {"expected", result.check.expected},
              {"error", result.check.error},        {"bound", result.check.bound},
              {"diagnosis", result.check.diagnosis}});
    if (is_plain) {  // what the kernel printed, by thread; a flood is cut short, and says so
      const std::vector<PlainPrint> printed = take_plain_prints();
      json& prints = j["prints"] = json::array();
      for (std::size_t i = 0; i < printed.size() && i < kMostPrints; ++i)
        prints.push_back({{"launch", printed[i].launch}, {"block", printed[i].block}, {"thread", printed[i].thread},
                          {"line", printed[i].line}, {"text", printed[i].text}});
      j["prints_dropped"] = printed.size() > kMostPrints ? printed.size() - kMostPrints : 0;
    }
#if defined(WARPLENS_HAVE_CUDA)
    if (gpu && !result.trace.meta.fault && !request.value("record_only", false)) {  // the uninstrumented build, timed as `bench` times it
      const TimingPlan plan;
      RunRequest timed = r;
      timed.record = false;
      const GpuTime t = family.time_gpu(timed, input.data(), plan);
      const double bytes = family.Family::bytes_moved(timed);
      const double copy_ms = time_device_copy_ms(std::uint64_t(bytes), plan);
      j["time_ms"] = t.ms;
      if (t.ms > 0 && copy_ms > 0) j["percent_of_copy"] = 100 * (family.bytes_moved(timed) / t.ms) / (2 * bytes / copy_ms);
    }
#endif
  } catch (const GpuError& e) {
    std::cerr << "the GPU failed: " << e.what() << "\n";
    return 1;
  }
  std::ofstream(folder + "/result.json") << j.dump();
  return 0;
}

}  // namespace wl::lab
