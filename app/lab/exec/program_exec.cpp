#include "lab/exec/program_exec.h"

#include <dlfcn.h>

#include <cstdio>
#include <iostream>
#include <nlohmann/json.hpp>

#include "kernels/plain/program_device.h"
#include "kernels/plain/program_runtime.h"
#include "lab/compile/build_cache.h"
#include "lab/exec/child_protocol.h"
#include "trace/trace_file.h"

namespace wl::lab {
namespace {

using nlohmann::json;

ProgramPlan plan_from_json(const json& j) {
  ProgramPlan p;
  p.kernel = j.value("kernel", "");
  p.all_launches = j.value("all_launches", false);
  p.launches = j.value("launches", std::set<unsigned>{0});
  p.all_blocks = j.value("all_blocks", false);
  p.blocks = j.value("blocks", std::vector<std::uint32_t>{0});
  p.event_cap = j.value("event_cap", std::uint64_t(1) << 22);
  p.device = find_program_device(j.value("gpu", std::string(kDefaultProgramDevice)));
  p.memory_bytes = j.value("memory_bytes", std::uint64_t(0));
  p.file = j.value("file", "");
  p.device_variables = j.value("device_variables", false);
  return p;
}

json launches_json(const ProgramRuntime& runtime) {
  json out = json::array();
  for (const ProgramLaunch& l : runtime.launches())
    out.push_back({{"kernel", l.kernel}, {"arguments", l.arguments}, {"line", l.line},
                   {"grid", {l.grid.x, l.grid.y, l.grid.z}}, {"block", {l.block.x, l.block.y, l.block.z}},
                   {"shared_bytes", l.shared_bytes}, {"recorded", l.recorded}, {"error", l.error}, {"what", l.what},
                   {"ms", l.ms}});
  return out;
}

}  // namespace

int program_exec(const std::string& library, const std::string& folder) {
  json request;
  try {
    request = json::parse(read_text(folder + "/request.json"));
  } catch (const std::exception& e) {
    std::cerr << "warplens: cannot read the program's request: " << e.what() << "\n";
    return 3;
  }
  std::string error;
  PlainLines lines;
  PlainSharedTable shared;
  std::unique_ptr<PlainKernel> loaded;
  if (!PlainLines::parse(read_text(request.at("lines")), lines, error) ||
      !PlainSharedTable::parse(read_text(request.at("shared")), shared, error) ||
      !(loaded = PlainKernel::load(library, "", lines, std::move(shared), error))) {
    std::cerr << "warplens: " << error << "\n";
    return 3;
  }
  set_plain_kernel(loaded.get());
  void* handle = dlopen(library.c_str(), RTLD_LAZY | RTLD_NOLOAD);
  using Main = int (*)(int, char**);
  const std::string main_symbol = request.value("main", "main");
  const auto main_of = handle ? reinterpret_cast<Main>(dlsym(handle, main_symbol.c_str())) : nullptr;
  const auto bind = handle ? reinterpret_cast<WlProgramBind>(dlsym(handle, "wl_program_bind")) : nullptr;
  if (!main_of || !bind) {
    std::cerr << "warplens: the program has no " << main_symbol << "() to run\n";
    return 3;
  }
  const ProgramPlan plan = plan_from_json(request.at("plan"));
  if (!plan.device) {
    std::cerr << "warplens: the request names no GPU the simulator stands for\n";
    return 3;
  }
  const std::string name = request.value("name", "program");
  ProgramRuntime runtime(*loaded, plan, name);
  const std::string trace_path = folder + "/trace.wltrace";
  runtime.on_recorded = [&](const Trace& t) {
    try {
      write_trace(t, trace_path + ".part");
      std::rename((trace_path + ".part").c_str(), trace_path.c_str());
    } catch (const std::exception& e) {
      std::cerr << "warplens: cannot keep the recording: " << e.what() << "\n";
    }
  };
  auto finish = [&](int code) {
    std::fflush(stdout);
    std::fflush(stderr);
    runtime.on_recorded(runtime.finished_trace());
    const json result = {{"exit_code", code}, {"launches", launches_json(runtime)}, {"simulated_ms", runtime.simulated_ms()}};
    std::string ignored;
    write_whole(folder + "/result.json", result.dump(), ignored);
  };
  runtime.on_exit = finish;
  bind(&runtime.table());

  std::vector<std::string> words = {name};
  for (const std::string& a : request.value("arguments", std::vector<std::string>{})) words.push_back(a);
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  const int code = main_of(int(words.size()), argv.data());
  finish(code);
  return code;
}

}  // namespace wl::lab
