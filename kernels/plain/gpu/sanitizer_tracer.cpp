// The host half of the GPU tracer: a library injected into an unmodified CUDA program
// (CUDA_INJECTION64_PATH, as compute-sanitizer injects its tools, or LD_PRELOAD) that patches
// every module it loads with sanitizer_patches.cu and records the launches asked for.
//
// Configured by the environment `warplens record` sets:
//   WL_TRACER_OUT      the recording folder (gpu_record_format.h)
//   WL_TRACER_PATCHES  the patches' fatbin
//   WL_TRACER_KERNEL   an ECMAScript regex searched in the demangled kernel name ("" = any)
//   WL_TRACER_LAUNCHES "all", or the matching launches to record, counted from 0 ("0,2")
//   WL_TRACER_BLOCKS   "all", or the blocks to record ("0,1")
//   WL_TRACER_CAPACITY records per launch (a record is one thread's instruction, 48 bytes)
//   WL_TRACER_SHARED_VALUES  0: leave shared loads' values out
// Everything it says goes to stderr prefixed "warplens tracer:", and to <out>/launches.txt:
// each kernel launched, how often, and which launches were recorded.
#include <cxxabi.h>
#include <sanitizer.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "kernels/plain/gpu/gpu_record_format.h"

namespace {

struct Options {
  std::string out, patches;
  std::regex kernel;
  bool any_kernel = true, all_launches = false, all_blocks = false, shared_values = true;
  std::set<unsigned long long> launches{0};
  std::vector<uint32_t> blocks{0};
  unsigned long long capacity = 1ull << 22;
};

struct PendingLaunch {
  CUcontext context;
  Sanitizer_StreamHandle stream;
  WlGpuLaunchState* state = nullptr;  // device
  WlGpuRecord* records = nullptr;  // device
  uint32_t* block_bits = nullptr;      // device
  WlGpuLaunchHeader header{};
  std::string name;
  // What the asynchronous copies read from, kept until the launch is written.
  std::shared_ptr<WlGpuLaunchState> host_state;
  std::shared_ptr<std::vector<uint32_t>> host_bits;
};

// Recursive: a sanitizer call made inside a callback may raise a callback of its own.
std::recursive_mutex g_mutex;
Options g_options;
bool g_ready = false;
std::set<CUcontext> g_patched_contexts;
std::map<CUcontext, WlGpuLaunchState*> g_off_state;  // per context: the state of launches not recorded
std::map<CUmodule, uint32_t> g_modules;
std::vector<std::string> g_cubins;  // by module index
std::set<uint32_t> g_cubins_written;
std::map<uint64_t, uint64_t> g_allocations;  // address → bytes
std::map<std::string, unsigned long long> g_launches_seen;  // demangled name → launches
unsigned long long g_matching_launches = 0;                 // launches whose name matched
std::vector<std::string> g_recorded;                        // "launch-0.wlrec: name (launch K)"
std::map<Sanitizer_LaunchHandle, PendingLaunch> g_pending;
unsigned g_files = 0;

void say(const std::string& text) { std::fprintf(stderr, "warplens tracer: %s\n", text.c_str()); }

bool check(SanitizerResult r, const char* what) {
  if (r == SANITIZER_SUCCESS) return true;
  const char* text = nullptr;
  sanitizerGetResultString(r, &text);
  say(std::string(what) + " failed: " + (text ? text : std::to_string(int(r))));
  return false;
}

std::string demangle(const char* name) {
  int status = 0;
  char* d = abi::__cxa_demangle(name, nullptr, nullptr, &status);
  std::string out = status == 0 && d ? d : name;
  std::free(d);
  return out;
}

std::vector<unsigned long long> number_list(const char* text) {
  std::vector<unsigned long long> out;
  for (const char* p = text; *p;) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(p, &end, 10);
    if (end == p) break;
    out.push_back(v);
    p = *end == ',' ? end + 1 : end;
  }
  return out;
}

void read_options() {
  auto env = [](const char* name) -> const char* { const char* v = std::getenv(name); return v ? v : ""; };
  g_options.out = env("WL_TRACER_OUT");
  g_options.patches = env("WL_TRACER_PATCHES");
  const std::string kernel = env("WL_TRACER_KERNEL");
  g_options.any_kernel = kernel.empty();
  try {
    if (!kernel.empty()) g_options.kernel = std::regex(kernel);
  } catch (const std::regex_error&) {
    say("WL_TRACER_KERNEL is not a regular expression: " + kernel);
    g_options.any_kernel = false;
    g_options.kernel = std::regex("$^");
  }
  const std::string launches = env("WL_TRACER_LAUNCHES"), blocks = env("WL_TRACER_BLOCKS");
  g_options.all_launches = launches == "all";
  if (!launches.empty() && !g_options.all_launches) {
    const auto v = number_list(launches.c_str());
    g_options.launches = {v.begin(), v.end()};
  }
  g_options.all_blocks = blocks == "all";
  if (!blocks.empty() && !g_options.all_blocks) {
    g_options.blocks.clear();
    for (unsigned long long b : number_list(blocks.c_str())) g_options.blocks.push_back(uint32_t(b));
  }
  if (const char* c = std::getenv("WL_TRACER_CAPACITY"); c && std::strtoull(c, nullptr, 10) > 0)
    g_options.capacity = std::strtoull(c, nullptr, 10);
  g_options.shared_values = std::string(env("WL_TRACER_SHARED_VALUES")) != "0";
}

void on_module(const Sanitizer_ResourceModuleData& m) {
  if (!g_patched_contexts.count(m.context)) {
    if (!check(sanitizerAddPatchesFromFile(g_options.patches.c_str(), m.context), "loading the patches")) return;
    g_patched_contexts.insert(m.context);
  }
  const uint32_t index = uint32_t(g_cubins.size());
  g_modules[m.module] = index;
  g_cubins.emplace_back(m.pCubin ? std::string(m.pCubin, m.cubinSize) : std::string());
  const std::pair<Sanitizer_InstructionId, const char*> patches[] = {
      {SANITIZER_INSTRUCTION_GLOBAL_MEMORY_ACCESS, "wl_global_access"},
      {SANITIZER_INSTRUCTION_SHARED_MEMORY_ACCESS, "wl_shared_access"},
      {SANITIZER_INSTRUCTION_BARRIER, "wl_barrier"},
      {SANITIZER_INSTRUCTION_SYNCWARP, "wl_syncwarp"},
      {SANITIZER_INSTRUCTION_SHFL, "wl_shuffle"},
  };
  for (const auto& [id, callback] : patches) check(sanitizerPatchInstructions(id, m.module, callback), callback);
  check(sanitizerPatchModule(m.module), "patching a module");
}

WlGpuLaunchState* off_state(CUcontext context, Sanitizer_StreamHandle stream) {
  auto it = g_off_state.find(context);
  if (it != g_off_state.end()) return it->second;
  WlGpuLaunchState* state = nullptr;
  if (!check(sanitizerAlloc(context, reinterpret_cast<void**>(&state), sizeof(WlGpuLaunchState)), "allocating"))
    return nullptr;
  check(sanitizerMemset(state, 0, sizeof(WlGpuLaunchState), stream), "clearing the launch state");
  return g_off_state[context] = state;
}

void on_launch_begin(const Sanitizer_LaunchData& l) {
  const std::string name = demangle(l.functionName);
  const bool matches = g_options.any_kernel || std::regex_search(name, g_options.kernel);
  ++g_launches_seen[name];
  const unsigned long long index = matches ? g_matching_launches++ : 0;
  const bool wanted = matches && (g_options.all_launches || g_options.launches.count(index));
  if (!wanted) {
    if (WlGpuLaunchState* off = off_state(l.context, l.hStream))
      check(sanitizerSetLaunchCallbackData(l.hLaunch, l.function, l.hStream, off), "setting the launch's data");
    return;
  }
  PendingLaunch p;
  p.context = l.context;
  p.stream = l.hStream;
  p.name = l.functionName;
  WlGpuLaunchHeader& h = p.header;
  std::memcpy(h.magic, WL_GPU_RECORD_MAGIC, 8);
  h.version = WL_GPU_RECORD_VERSION;
  h.name_bytes = uint32_t(p.name.size());
  h.grid[0] = l.gridDim_x, h.grid[1] = l.gridDim_y, h.grid[2] = l.gridDim_z;
  h.block[0] = l.blockDim_x, h.block[1] = l.blockDim_y, h.block[2] = l.blockDim_z;
  int static_shared = 0;
  if (cuFuncGetAttribute(&static_shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, l.function) == CUDA_SUCCESS)
    h.static_shared_bytes = uint32_t(static_shared);
  int reserved = 0;
  if (cuDeviceGetAttribute(&reserved, CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK, l.device) == CUDA_SUCCESS)
    h.shared_window_base = uint32_t(reserved);
  h.module = g_modules.count(l.module) ? g_modules[l.module] : 0;
  check(sanitizerGetFunctionPcAndSize(l.module, l.functionName, &h.function_pc, &h.function_bytes), "locating the kernel");
  h.launch_index = index;
  const unsigned long long blocks = 1ull * l.gridDim_x * l.gridDim_y * l.gridDim_z;
  h.recorded_blocks = g_options.all_blocks ? 0 : uint32_t(g_options.blocks.size());

  p.host_bits = std::make_shared<std::vector<uint32_t>>();
  p.host_state = std::make_shared<WlGpuLaunchState>();
  std::vector<uint32_t>& bits = *p.host_bits;
  if (!g_options.all_blocks) {
    bits.assign((blocks + 31) / 32, 0);
    for (uint32_t b : g_options.blocks)
      if (b < blocks) bits[b / 32] |= 1u << (b % 32);
  }
  WlGpuLaunchState& state = *p.host_state;
  state.capacity = g_options.capacity;
  state.enabled = 1;
  state.shared_values = g_options.shared_values;
  state.block_words = uint32_t(bits.size());
  if (!check(sanitizerAlloc(l.context, reinterpret_cast<void**>(&p.records), sizeof(WlGpuRecord) * state.capacity),
             "allocating the record buffer (try a smaller --event-cap)") ||
      !check(sanitizerAlloc(l.context, reinterpret_cast<void**>(&p.state), sizeof state), "allocating"))
    return;
  if (!bits.empty()) {
    if (!check(sanitizerAlloc(l.context, reinterpret_cast<void**>(&p.block_bits), bits.size() * 4), "allocating")) return;
    check(sanitizerMemcpyHostToDeviceAsync(p.block_bits, bits.data(), bits.size() * 4, l.hStream), "copying blocks");
  }
  state.records = p.records;
  state.block_bits = p.block_bits;
  check(sanitizerMemcpyHostToDeviceAsync(p.state, &state, sizeof state, l.hStream), "copying the launch state");
  check(sanitizerSetLaunchCallbackData(l.hLaunch, l.function, l.hStream, p.state), "setting the launch's data");
  g_pending[l.hLaunch] = std::move(p);
}

void write_launch(PendingLaunch& p) {
  WlGpuLaunchState state{};
  check(sanitizerStreamSynchronize(p.stream), "waiting for the kernel");
  check(sanitizerMemcpyDeviceToHost(&state, p.state, sizeof state, p.stream), "copying the launch state back");
  const unsigned long long kept = std::min(state.reserved, state.capacity);
  std::vector<WlGpuRecord> records(kept);
  if (kept)
    check(sanitizerMemcpyDeviceToHost(records.data(), p.records, sizeof(WlGpuRecord) * kept, p.stream),
          "copying the records back");
  WlGpuLaunchHeader& h = p.header;
  h.records = kept;
  h.dropped = state.reserved - kept;
  std::vector<WlGpuAllocation> allocations;
  for (const auto& [address, bytes] : g_allocations) allocations.push_back({address, bytes});
  h.allocations = uint32_t(allocations.size());

  const std::string file = "launch-" + std::to_string(g_files++) + ".wlrec";
  if (FILE* f = std::fopen((g_options.out + "/" + file).c_str(), "wb")) {
    std::fwrite(&h, sizeof h, 1, f);
    std::fwrite(p.name.data(), 1, p.name.size(), f);
    std::fwrite(allocations.data(), sizeof(WlGpuAllocation), allocations.size(), f);
    if (!g_options.all_blocks) std::fwrite(g_options.blocks.data(), 4, g_options.blocks.size(), f);
    std::fwrite(records.data(), sizeof(WlGpuRecord), records.size(), f);
    std::fclose(f);
  } else {
    say("cannot write " + g_options.out + "/" + file);
  }
  if (!g_cubins_written.count(h.module) && h.module < g_cubins.size()) {
    const std::string cubin = g_options.out + "/module-" + std::to_string(h.module) + ".cubin";
    if (FILE* f = std::fopen(cubin.c_str(), "wb")) {
      std::fwrite(g_cubins[h.module].data(), 1, g_cubins[h.module].size(), f);
      std::fclose(f);
      g_cubins_written.insert(h.module);
    }
  }
  g_recorded.push_back(file + "\t" + demangle(p.name.c_str()) + "\t" + std::to_string(h.launch_index) + "\t" +
                       std::to_string(kept) + "\t" + std::to_string(h.dropped));
  sanitizerFree(p.context, p.records);
  sanitizerFree(p.context, p.state);
  if (p.block_bits) sanitizerFree(p.context, p.block_bits);
}

void write_summary() {
  std::lock_guard<std::recursive_mutex> lock(g_mutex);
  if (!g_ready) return;
  if (FILE* f = std::fopen((g_options.out + "/launches.txt").c_str(), "w")) {
    for (const auto& [name, count] : g_launches_seen) std::fprintf(f, "launched\t%llu\t%s\n", count, name.c_str());
    for (const std::string& r : g_recorded) std::fprintf(f, "recorded\t%s\n", r.c_str());
    std::fclose(f);
  }
}

void SANITIZERAPI on_callback(void*, Sanitizer_CallbackDomain domain, Sanitizer_CallbackId id, const void* data) {
  std::lock_guard<std::recursive_mutex> lock(g_mutex);
  if (domain == SANITIZER_CB_DOMAIN_RESOURCE) {
    if (id == SANITIZER_CBID_RESOURCE_MODULE_LOADED) {
      on_module(*static_cast<const Sanitizer_ResourceModuleData*>(data));
    } else if (id == SANITIZER_CBID_RESOURCE_DEVICE_MEMORY_ALLOC) {
      const auto& m = *static_cast<const Sanitizer_ResourceMemoryData*>(data);
      g_allocations[m.address] = m.size;
    } else if (id == SANITIZER_CBID_RESOURCE_DEVICE_MEMORY_FREE) {
      g_allocations.erase(static_cast<const Sanitizer_ResourceMemoryData*>(data)->address);
    }
  } else if (domain == SANITIZER_CB_DOMAIN_LAUNCH) {
    const auto& l = *static_cast<const Sanitizer_LaunchData*>(data);
    if (id == SANITIZER_CBID_LAUNCH_BEGIN) {
      on_launch_begin(l);
    } else if (id == SANITIZER_CBID_LAUNCH_END) {
      auto it = g_pending.find(l.hLaunch);
      if (it != g_pending.end()) {
        write_launch(it->second);
        g_pending.erase(it);
      }
    }
  }
}

int start() {
  static bool started = false;
  if (started) return 0;
  started = true;
  read_options();
  if (g_options.out.empty() || g_options.patches.empty()) {
    say("WL_TRACER_OUT and WL_TRACER_PATCHES must be set (warplens record sets them); recording nothing");
    return 0;
  }
  Sanitizer_SubscriberHandle handle;
  if (!check(sanitizerSubscribe(&handle, on_callback, nullptr), "subscribing")) return 0;
  check(sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_RESOURCE), "enabling resource callbacks");
  check(sanitizerEnableDomain(1, handle, SANITIZER_CB_DOMAIN_LAUNCH), "enabling launch callbacks");
  g_ready = true;
  std::atexit(write_summary);
  return 0;
}

const int g_started = start();  // under LD_PRELOAD: before main and before CUDA starts

}  // namespace

// Under CUDA_INJECTION64_PATH the driver calls this once, as it starts.
extern "C" __attribute__((visibility("default"))) int InitializeInjection() { return start() == 0; }
