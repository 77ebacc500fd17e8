#include "lab/exec/lab_run.h"

#include <stdlib.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "kernels/family/family.h"
#include "kernels/host/input.h"
#include "kernels/plain/plain_contract.h"
#include "lab/compile/plain_build.h"
#include "lab/exec/child_protocol.h"
#include "lab/exec/lab_where.h"
#include "lab/front/plain_source.h"
#include "lab/record/gpu_tracer.h"
#include "lab/record/lab_gpu_recording.h"
#include "lab/record/plain_loop_steps.h"
#include "run/run_words.h"
#include "trace/trace_file.h"

namespace wl::lab {
namespace {

using nlohmann::json;

constexpr double kTracerStartSeconds = 30;  // the tracer patches each module the program loads: seconds for ours

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
    result_from_json(json::parse(read_text(folder.path + "/result.json")), out);
  } catch (const std::exception& e) {
    out.problem = std::string("the run's results could not be read back: ") + e.what();
    return false;
  }
  return true;
}

// A plain-CUDA file's run on the GPU, after `out` holds the unpatched run's check and time:
// the same run again with the GPU tracer injected, its recording turned into the trace
// (lab_gpu_recording.h). `r` is the run asked for, its family and variant the file's.
bool record_plain_on_gpu(const LabFile& file, const LabRequest& request, const RunRequest& r, const json& asked,
                         const ChildLimits& limits, LabRun& out) {
  std::string why;
  const std::optional<GpuTracer> tracer = find_gpu_tracer(why);
  RunFolder folder;
  if (!tracer || folder.path.empty()) {
    out.problem = tracer ? "cannot make a temporary folder for the recording" : why;
    return false;
  }
  const TracerRequest t = lab_tracer_request(file.id, r, request.record_all, folder.path + "/recording");
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
  try {
    const json made = json::parse(read_text(folder.path + "/result.json"));
    const GpuRecording recording = read_recording(t.folder, seen.recorded, out.note);
    out.outcome.trace = lab_gpu_trace(file, r, recording, recorded.outcome.trace.meta, made,
                                      read_text(out.build.gpu_shared), t.capacity);
  } catch (const std::exception& e) {
    out.problem = std::string("the GPU recording could not be read: ") + e.what();
    return false;
  }
  return true;
}

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
  if (file.plain && gpu && !out.outcome.trace.meta.fault && !record_plain_on_gpu(file, request, r, asked, limits, out)) return out;
  if (file.plain) name_loop_steps(out.outcome.trace, file.text, loop_context(file, request.request));
  out.ran = true;
  return out;
}

}  // namespace wl::lab
