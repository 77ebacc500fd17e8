#include "lab/exec/lab_exec.h"

#include <dlfcn.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "kernels/gpu/gpu_error.h"
#include "kernels/gpu/gpu_measure.h"
#include "kernels/host/input.h"
#include "kernels/plain/plain_contract.h"
#include "kernels/plain/plain_gpu_kernel.h"
#include "kernels/plain/plain_kernel.h"
#include "kernels/plain/plain_shared.h"
#include "kernels/plain/plain_steps.h"
#include "kernels/plain/plain_thread.h"
#include "lab/exec/child_protocol.h"
#include "lab/exec/lab_where.h"
#include "run/backend_run.h"
#include "trace/trace_file.h"

namespace wl::lab {
namespace {

using nlohmann::json;

constexpr std::uint32_t kMostRecordedBlocks = 1u << 20;  // as the CLI's --record-blocks all
constexpr std::size_t kMostPrints = 4096;  // a printf in every thread of a large run would be millions of lines

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

std::string fit_child_request(const Family& family, RunRequest& r, bool record_all) {
  RunSettings asked;
  asked.request = r;
  // The parent chose where it runs (the child's target): there is no GPU count to settle here.
  asked.backend = BackendChoice::Simulator;
  for (std::uint32_t b : r.record_blocks) asked.record_blocks += (asked.record_blocks.empty() ? "" : ",") + std::to_string(b);
  if (record_all) asked.record_blocks = "all";
  SettledRun settled;
  if (std::string problem = settle_for(family, asked, r.record, settled); !problem.empty()) return problem;
  r = settled.request;
  // The parent asked before the variant's grid was known: the blocks past it are left out.
  const std::uint32_t grid = std::max(1u, std::min(settled.grid(), kMostRecordedBlocks));
  r.record_blocks.erase(std::remove_if(r.record_blocks.begin(), r.record_blocks.end(),
                                       [grid](std::uint32_t b) { return b >= grid; }),
                        r.record_blocks.end());
  if (r.record_blocks.empty()) r.record_blocks = {0};
  return {};
}

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
  if (const std::string problem = fit_child_request(family, r, record_all); !problem.empty()) {
    std::cerr << problem << "\n";
    return 2;
  }
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
    j.update(result_to_json(result));
    if (is_plain) add_prints(j, take_plain_prints(), kMostPrints);  // a flood is cut short, and says so
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
