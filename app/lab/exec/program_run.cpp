#include "lab/exec/program_run.h"

#include <filesystem>
#include <regex>
#include <nlohmann/json.hpp>

#include "lab/compile/build_cache.h"
#include "lab/exec/child_protocol.h"
#include "lab/exec/lab_run.h"
#include "trace/trace_file.h"

namespace wl::lab {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// Whether `text` declares a __device__ variable (`__device__ unsigned count = 0;`), not a function.
bool declares_device_variables(const std::string& text) {
  static const std::regex variable(R"(\b__device__\b[^;{}()]*;)");
  return std::regex_search(text, variable);
}

json plan_json(const ProgramPlan& p, const std::string& gpu, const std::string& file, bool device_variables) {
  return {{"file", file}, {"device_variables", device_variables}, {"kernel", p.kernel}, {"all_launches", p.all_launches}, {"launches", p.launches},
          {"all_blocks", p.all_blocks}, {"blocks", p.blocks}, {"event_cap", p.event_cap},
          {"gpu", gpu}, {"memory_bytes", p.memory_bytes}};
}

std::vector<ProgramLaunch> launches_from(const json& j) {
  std::vector<ProgramLaunch> out;
  for (const json& l : j) {
    ProgramLaunch p;
    p.kernel = l.value("kernel", "");
    p.arguments = l.value("arguments", "");
    p.line = l.value("line", 0u);
    const auto g = l.value("grid", std::vector<unsigned>{1, 1, 1}), b = l.value("block", std::vector<unsigned>{1, 1, 1});
    if (g.size() == 3) p.grid = {g[0], g[1], g[2]};
    if (b.size() == 3) p.block = {b[0], b[1], b[2]};
    p.shared_bytes = l.value("shared_bytes", std::uint64_t(0));
    p.recorded = l.value("recorded", -1);
    p.error = l.value("error", 0);
    p.what = l.value("what", "");
    p.ms = l.value("ms", 0.0);
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace

ProgramRun run_program(const SettledProgram& program, bool pass_output) {
  ProgramRun run;
  run.build = build_program(program);
  const LabBuild& b = run.build.build;
  if (!b.ok) {
    run.problem = !b.problem.empty() ? b.problem : "the program did not compile";
    return run;
  }
  RunFolder folder;
  if (folder.path.empty()) {
    run.problem = "cannot make a folder for the program's run";
    return run;
  }
  const json request = {{"lines", b.lines}, {"shared", b.shared}, {"name", program.name},
                        {"arguments", program.request.arguments}, {"main", program.request.main_symbol}, {"plan", plan_json(program.plan, program.request.gpu, fs::path(run.build.main_file).filename().string(),
                                            declares_device_variables(run.build.main_text))}};
  std::string error;
  if (!write_whole(folder.path + "/request.json", request.dump(), error)) {
    run.problem = error;
    return run;
  }
  ChildLimits limits;
  limits.seconds = program.request.seconds;
  limits.memory_bytes = program.request.memory_mib << 20;
  limits.pass_output = pass_output;
  run.child = run_child({lab_exec_program(), "lab", "program-exec", b.library, folder.path}, limits);
  run.ran = run.child.started;
  if (!run.ran) {
    run.problem = run.child.output;
    return run;
  }
  json result;
  bool have_result = false;
  try {
    result = json::parse(read_text(folder.path + "/result.json"));
    have_result = true;
  } catch (const std::exception&) {
  }
  if (have_result) {
    run.exit_code = result.value("exit_code", -1);
    run.launches = launches_from(result.value("launches", json::array()));
    run.simulated_ms = result.value("simulated_ms", 0.0);
  } else if (run.child.exit_code == 3) {
    run.problem = "the program's run could not start" + (run.child.output.empty() ? std::string() : ": " + run.child.output);
    return run;
  }
  if (!have_result || run.child.timed_out || run.child.signal) {
    run.ended = program.name + " " + describe_outcome(run.child, limits);
    if (run.child.timed_out) run.ended += " (--time-limit)";
    if (!run.child.timed_out && !run.child.signal) run.exit_code = run.child.exit_code;
  }
  if (fs::exists(folder.path + "/trace.wltrace")) {
    try {
      Trace t = read_trace(folder.path + "/trace.wltrace");
      if (!t.meta.launches.empty()) {
        t.meta.variant_file = fs::path(run.build.main_file).filename().string();
        t.meta.sources.push_back({t.meta.variant_file, run.build.main_text});
        run.trace = std::move(t);
      }
    } catch (const std::exception& e) {
      run.problem = std::string("the program's recording cannot be read: ") + e.what();
    }
  }
  return run;
}

}  // namespace wl::lab
