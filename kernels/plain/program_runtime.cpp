#include "kernels/plain/program_runtime.h"

#include <cxxabi.h>
#include <dlfcn.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "kernels/plain/plain_shared.h"
#include "kernels/plain/plain_steps.h"
#include "kernels/sim/kernel_error.h"
#include "kernels/sim/sim_grid.h"

namespace wl {
namespace {

// cudaError_t values (warplens_program.h has them all).
constexpr int kInvalidValue = 1, kMemoryAllocation = 2, kInvalidConfiguration = 9, kInvalidMemcpyDirection = 21,
              kIllegalAddress = 700, kAssert = 710, kLaunchFailure = 719, kNotSupported = 801;
constexpr std::uint32_t kMostListedBlocks = 1u << 20;  // as record's --record-blocks all

ProgramRuntime* bound = nullptr;  // the runtime the library's table calls

const char* error_name(int code) {
  switch (code) {
    case kIllegalAddress: return "cudaErrorIllegalAddress";
    case kAssert: return "cudaErrorAssert";
    default: return "cudaErrorLaunchFailure";
  }
}

// What a kernel's fault is to the program: the error a GPU makes sticky for it.
int sticky_error(KernelErrorKind kind) {
  switch (kind) {
    case KernelErrorKind::GlobalOutOfBounds:
    case KernelErrorKind::SharedOutOfBounds:
    case KernelErrorKind::SharedOverAllocation:
    case KernelErrorKind::MisalignedVector: return kIllegalAddress;
    case KernelErrorKind::AssertionFailed: return kAssert;
    default: return kLaunchFailure;
  }
}

std::string dims(WlPlainDim d) {
  std::string out = std::to_string(d.x);
  if (d.y != 1 || d.z != 1) out += "x" + std::to_string(d.y);
  if (d.z != 1) out += "x" + std::to_string(d.z);
  return out;
}

std::string bytes_text(std::uint64_t b) {
  char text[48];
  if (b >= (1ull << 30)) std::snprintf(text, sizeof text, "%.1f GiB", double(b) / double(1ull << 30));
  else if (b >= (1ull << 20)) std::snprintf(text, sizeof text, "%.1f MiB", double(b) / double(1ull << 20));
  else std::snprintf(text, sizeof text, "%llu bytes", static_cast<unsigned long long>(b));
  return text;
}

// "scaled" of the kernel at `function` (its symbol, demangled, without its parameters), or `fallback`.
std::string symbol_name(const void* function, const std::string& fallback) {
  Dl_info info{};
  if (!dladdr(function, &info) || !info.dli_sname) return fallback;
  int status = 0;
  char* demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
  std::string name = status == 0 && demangled ? demangled : info.dli_sname;
  std::free(demangled);
  if (const std::size_t open = name.find('('); open != std::string::npos) name.resize(open);
  return name.empty() ? fallback : name;
}

}  // namespace

std::string program_variable_name(const std::string& argument) {
  static const std::regex name(R"([A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*)*)");
  static const std::set<std::string> not_names = {"void", "reinterpret_cast", "static_cast", "const_cast", "const",
                                                  "char", "int", "unsigned", "float", "double", "long", "short"};
  std::string last;
  for (auto it = std::sregex_iterator(argument.begin(), argument.end(), name); it != std::sregex_iterator(); ++it)
    if (!not_names.count(it->str())) last = it->str();
  return last;
}

ProgramRuntime::ProgramRuntime(const PlainKernel& library, ProgramPlan plan, std::string name)
    : library_(library), plan_(std::move(plan)), name_(std::move(name)) {
  if (!plan_.kernel.empty()) kernel_pattern_.emplace(plan_.kernel);
  bound = this;
}

ProgramRuntime::~ProgramRuntime() {
  if (bound == this) bound = nullptr;
}

const WlProgramRuntime& ProgramRuntime::table() const {
  static const WlProgramRuntime t{
      [](void** p, std::uint64_t bytes, WlProgramMemory kind, const char* name, unsigned element, const char* type,
         unsigned line) { return bound->malloc(p, bytes, kind, name, element, type, line); },
      [](void* p, WlProgramMemory kind, unsigned line) { return bound->free(p, kind, line); },
      [](void* to, const void* from, std::uint64_t bytes, int direction, int symbol, unsigned line) {
        return bound->memcpy(to, from, bytes, direction, symbol, line);
      },
      [](void* p, int value, std::uint64_t bytes, unsigned line) { return bound->memset(p, value, bytes, line); },
      [](const WlProgramLaunch* l) { return bound->launch(*l); },
      [](unsigned line) { return bound->synchronize(line); },
      [](int clear) { return bound->last_error(clear != 0); },
      [](int code, const char* call, const char* why, unsigned line) { return bound->refuse(code, call, why, line); },
      []() { return bound->plan_.device; },
      [](unsigned line) { return bound->now_ms(line); },
      []() { return bound->free_bytes(); },
      [](int code) { bound->exit(code); },
  };
  return t;
}

ProgramRuntime::Allocation* ProgramRuntime::find(const void* p, std::uint64_t bytes) {
  const char* c = static_cast<const char*>(p);
  auto it = allocations_.upper_bound(c);
  if (it == allocations_.begin()) return nullptr;
  --it;
  return c >= it->first && c + bytes <= it->first + it->second.bytes ? &it->second : nullptr;
}

int ProgramRuntime::fail(int code) {
  if (!sticky_) last_ = code;
  return sticky_ ? sticky_ : code;
}

int ProgramRuntime::refuse(int code, const char* call, const std::string& why, unsigned line) {
  if (told_.insert({call, line}).second)
    std::fprintf(stderr, "warplens: line %u: %s %s\n", line, call, why.c_str());
  return fail(code);
}

int ProgramRuntime::malloc(void** p, std::uint64_t bytes, WlProgramMemory kind, const char* name, unsigned element_bytes,
                           const char* type, unsigned line) {
  if (sticky_) return sticky_;
  const char* call = kind == WL_PROGRAM_HOST ? "cudaMallocHost" : kind == WL_PROGRAM_MANAGED ? "cudaMallocManaged" : "cudaMalloc";
  if (!p) return refuse(kInvalidValue, call, "was given no pointer to set", line);
  *p = nullptr;
  if (bytes == 0) return 0;
  if (kind != WL_PROGRAM_HOST && bytes > free_bytes())
    return refuse(kMemoryAllocation, call,
                  "asks for " + bytes_text(bytes) + "; " + bytes_text(free_bytes()) + " of the simulated " +
                      plan_.device->name + " is left (the simulator keeps device memory in the computer's own)",
                  line);
  Allocation a;
  a.memory.reset(new (std::nothrow) char[bytes + 16]);
  if (!a.memory) return refuse(kMemoryAllocation, call, "asks for " + bytes_text(bytes) + ", more than this computer gives", line);
  // Poisoned, as SimBackend's buffers are: a read of what nothing wrote shows as a wrong result.
  if (kind == WL_PROGRAM_DEVICE) std::memset(a.memory.get(), 0xA5, bytes);
  a.bytes = bytes;
  a.kind = kind;
  a.name = program_variable_name(name ? name : "");
  a.element_bytes = element_bytes;
  a.type = type ? type : "";
  a.line = line;
  *p = a.memory.get();
  if (kind != WL_PROGRAM_HOST) allocated_ += bytes;
  allocations_.emplace(a.memory.get(), std::move(a));
  return 0;
}

int ProgramRuntime::free(void* p, WlProgramMemory kind, unsigned line) {
  if (sticky_) return sticky_;
  if (!p) return 0;
  auto it = allocations_.find(static_cast<const char*>(p));
  const char* call = kind == WL_PROGRAM_HOST ? "cudaFreeHost" : "cudaFree";
  if (it == allocations_.end())
    return refuse(kInvalidValue, call, "frees a pointer that is not the start of an allocation", line);
  if ((it->second.kind == WL_PROGRAM_HOST) != (kind == WL_PROGRAM_HOST))
    return refuse(kInvalidValue, call, "frees memory of the other kind (cudaMallocHost's with cudaFreeHost)", line);
  if (it->second.kind != WL_PROGRAM_HOST) allocated_ -= it->second.bytes;
  allocations_.erase(it);
  return 0;
}

int ProgramRuntime::memcpy(void* to, const void* from, std::uint64_t bytes, int direction, int symbol, unsigned line) {
  if (sticky_) return sticky_;
  if (symbol) {
    std::memcpy(to, from, bytes);
    return 0;
  }
  if (direction < 0 || direction > 4) return refuse(kInvalidMemcpyDirection, "cudaMemcpy", "has no such direction", line);
  if (!bytes) return 0;
  const bool to_device = direction == 1 || direction == 3, from_device = direction == 2 || direction == 3;
  auto check = [&](const void* p, const char* side) -> std::string {
    if (find(p, bytes)) return {};
    if (Allocation* a = find(p, 1))
      return std::string("copies ") + bytes_text(bytes) + " " + side + " " + (a->name.empty() ? "an allocation" : a->name) +
             ", which holds " + bytes_text(a->bytes - std::uint64_t(static_cast<const char*>(p) -
                                                                      static_cast<const char*>(static_cast<const void*>(a->memory.get()))));
    return std::string("copies ") + side + " an address no cudaMalloc returned (a host pointer where the direction says device?)";
  };
  std::string why;
  if (to_device) why = check(to, "to");
  if (why.empty() && from_device) why = check(from, "from");
  if (!why.empty()) return refuse(kInvalidValue, "cudaMemcpy", why, line);
  std::memmove(to, from, bytes);
  if (Allocation* a = find(to, 1)) a->copied_in = true;
  if (Allocation* a = find(from, 1)) a->copied_out = true;
  return 0;
}

int ProgramRuntime::memset(void* p, int value, std::uint64_t bytes, unsigned line) {
  if (sticky_) return sticky_;
  if (!bytes) return 0;
  if (!find(p, bytes)) return refuse(kInvalidValue, "cudaMemset", "sets memory outside every allocation", line);
  std::memset(p, value, bytes);
  return 0;
}

int ProgramRuntime::synchronize(unsigned) { return sticky_; }

int ProgramRuntime::last_error(bool clear) {
  const int r = sticky_ ? sticky_ : last_;
  if (clear && !sticky_) last_ = 0;
  return r;
}

double ProgramRuntime::now_ms(unsigned line) {
  if (!told_clock_) {
    told_clock_ = true;
    std::fprintf(stderr,
                 "warplens: line %u: cudaEvent times are the simulator's (the milliseconds this computer took to run "
                 "the kernels), not a GPU's\n",
                 line);
  }
  return clock_ms_;
}

std::uint64_t ProgramRuntime::free_bytes() const {
  std::uint64_t budget = plan_.device->totalGlobalMem;
  if (plan_.memory_bytes) budget = std::min(budget, plan_.memory_bytes);
  return budget > allocated_ ? budget - allocated_ : 0;
}

void ProgramRuntime::exit(int code) {
  std::fflush(stdout);
  if (on_exit) on_exit(code);
  std::exit(code);
}

bool ProgramRuntime::records(const std::string& kernel) {
  if (kernel_pattern_ && !std::regex_search(kernel, *kernel_pattern_)) return false;
  const unsigned index = matched_++;
  return plan_.all_launches || plan_.launches.count(index);
}

std::vector<PlainBuffer> ProgramRuntime::buffers(const WlProgramLaunch& l, bool recorded) {
  std::vector<PlainBuffer> out;
  unsigned unnamed = 0;
  for (auto& [base, a] : allocations_) {
    ++unnamed;
    // A void* allocation takes its element from the first kernel parameter pointing into it.
    for (unsigned i = 0; !a.element_bytes && i < l.pointer_count && i < WL_PROGRAM_MOST_POINTERS; ++i) {
      const char* p = static_cast<const char*>(l.pointers[i].address);
      if (p >= base && p < base + a.bytes && l.pointers[i].element_bytes) {
        a.element_bytes = l.pointers[i].element_bytes;
        a.type = l.pointers[i].type;
      }
    }
    const unsigned element = a.element_bytes ? a.element_bytes : 1;
    if (recorded && a.id == kNoBuffer && trace_.meta.buffers.size() + 1 < 255) {
      const BufferRole role = a.copied_out ? BufferRole::Output : a.copied_in ? BufferRole::Input : BufferRole::Temp;
      // A trace names each buffer once: a name allocated again (a recursion's d_sums) is numbered.
      std::string shown = a.name.empty() ? "allocation " + std::to_string(unnamed) : a.name;
      for (unsigned k = 2; std::any_of(trace_.meta.buffers.begin(), trace_.meta.buffers.end(),
                                       [&](const BufferRecord& b) { return b.name == shown; });
           ++k)
        shown = (a.name.empty() ? "allocation " + std::to_string(unnamed) : a.name) + " (" + std::to_string(k) + ")";
      a.name = shown;
      a.id = recorder_.add_buffer(shown,
                                  a.type.empty() ? "u" + std::to_string(element * 8) : a.type, role, a.bytes / element);
    }
    out.push_back(PlainBuffer{base, a.bytes / element, element, a.id,
                              a.name.empty() ? "allocation " + std::to_string(unnamed) : a.name});
  }
  return out;
}

int ProgramRuntime::launch(const WlProgramLaunch& l) {
  ProgramLaunch info;
  info.kernel = l.kernel ? l.kernel : "kernel";
  if (l.function) info.kernel = symbol_name(l.function, info.kernel);
  info.arguments = l.arguments ? l.arguments : "";
  info.line = l.line;
  info.grid = l.grid;
  info.block = l.block;
  info.shared_bytes = l.shared_bytes;
  const WlProgramDevice& d = *plan_.device;
  const std::string call = "the launch of " + info.kernel + "<<<" + dims(l.grid) + ", " + dims(l.block) + ">>>";
  auto refused = [&](int code, const std::string& why) {
    info.error = code;
    info.what = why;
    launches_.push_back(info);
    return refuse(code, call.c_str(), why, l.line);
  };
  if (sticky_) {
    info.error = sticky_;
    launches_.push_back(info);
    return sticky_;
  }
  const std::uint64_t threads = std::uint64_t(l.block.x) * l.block.y * l.block.z;
  const std::uint64_t blocks = std::uint64_t(l.grid.x) * l.grid.y * l.grid.z;
  if (threads == 0 || threads > std::uint64_t(d.maxThreadsPerBlock) || l.block.x > unsigned(d.maxThreadsDim[0]) ||
      l.block.y > unsigned(d.maxThreadsDim[1]) || l.block.z > unsigned(d.maxThreadsDim[2]))
    return refused(kInvalidConfiguration, "has a block of " + std::to_string(threads) + " threads; a block of the " +
                                              std::string(d.name) + " holds 1 to " + std::to_string(d.maxThreadsPerBlock));
  if (blocks == 0 || l.grid.y > unsigned(d.maxGridSize[1]) || l.grid.z > unsigned(d.maxGridSize[2]) ||
      l.grid.x > unsigned(d.maxGridSize[0]))
    return refused(kInvalidConfiguration, "has a grid of " + dims(l.grid) + " blocks, which the " + std::string(d.name) +
                                              " cannot launch");
  if (blocks > 0xFFFFFFFFull)
    return refused(kNotSupported, "has more blocks than the simulator counts (2^32): run it with --backend gpu");
  const std::uint32_t shared = plain_shared_bytes(library_, std::uint32_t(std::min<std::uint64_t>(l.shared_bytes, 1u << 30)));
  if (l.shared_bytes > d.sharedMemPerBlockOptin || shared > d.sharedMemPerBlockOptin)
    return refused(kInvalidValue, "asks for " + std::to_string(shared) + " bytes of shared memory a block; the " +
                                      std::string(d.name) + " gives at most " + std::to_string(d.sharedMemPerBlockOptin));

  const bool recorded = records(info.kernel);
  PlainCall c;
  c.kernel = &library_;
  c.invoke = l.invoke;
  c.closure = l.closure;
  c.closure_bytes = std::size_t(l.closure_bytes);
  c.strict = true;
  c.grid_shape = l.grid;
  c.block_shape = l.block;
  c.dynamic_shared_bytes = std::uint32_t(l.shared_bytes);
  c.buffers = buffers(l, recorded);
  if (recorded) {
    if (library_buffer_ == kNoBuffer && plan_.device_variables && trace_.meta.buffers.size() + 1 < 255)
      library_buffer_ = recorder_.add_buffer("__device__ variables", "u32", BufferRole::Temp, 0);
    c.library_buffer = library_buffer_;
  }
  SimLaunch s;
  s.grid_dim = unsigned(blocks);
  s.block_dim = unsigned(threads);
  s.shared_bytes = shared;
  if (recorded) {
    if (plan_.all_blocks) {
      for (std::uint32_t b = 0; b < blocks && b < kMostListedBlocks; ++b) s.record_blocks.push_back(b);
    } else {
      for (std::uint32_t b : plan_.blocks)
        if (b < blocks) s.record_blocks.push_back(b);
    }
    s.event_cap = plan_.event_cap;
    info.recorded = int(trace_.meta.launches.size());
    LaunchRecord r;
    r.name = info.kernel;
    r.grid_dim = unsigned(blocks);
    r.block_dim = unsigned(threads);
    r.shared_bytes = shared;
    recorder_.begin_launch(r);
    for (std::uint32_t b : s.record_blocks) recorded_blocks_.insert(b);
  }
  begin_plain_launch();
  library_.forget_touched_shared();
  const std::size_t events_before = trace_.events.size();
  SimGrid grid(s, [&c](SimCtx& ctx) { run_plain_thread(ctx, c); });
  const auto start = std::chrono::steady_clock::now();
  try {
    grid.run();
  } catch (const KernelError& e) {
    sticky_ = last_ = sticky_error(e.kind());
    info.error = sticky_;
    info.what = e.what();
    if (recorded)
      trace_.meta.fault = TraceFault{kernel_error_kind_name(e.kind()), e.what(), std::uint16_t(info.recorded),
                                     e.block(), e.thread(), e.line(), e.step(), e.lanes()};
    std::fprintf(stderr, "warplens: line %u: %s stopped at %s:%u, block %u, thread %u: %s; every CUDA call from here returns %s\n",
                 l.line, call.c_str(), plan_.file.c_str(), e.line(), e.block(), e.thread(), e.what(), error_name(sticky_));
  }
  info.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  clock_ms_ += info.ms;
  if (recorded) {
    recorder_.add_events(std::move(grid.events()), grid.events_dropped());
    lay_out_shared(events_before);
  }
  // Device printf: at the launch's end, a thread's lines together, blocks and threads in order.
  std::fflush(stdout);
  for (const PlainPrint& p : take_plain_prints()) std::fputs(p.text.c_str(), stdout);
  std::fflush(stdout);
  launches_.push_back(info);
  if (recorded && on_recorded) on_recorded(finished_trace());
  return info.error;
}

// The launch's shared addresses as nvcc lays out its kernel's arrays (from 0, the dynamic part
// after them), not as they lie in the library's one section of every kernel's: its banks are the
// GPU's. The arrays it touched are named in the trace.
void ProgramRuntime::lay_out_shared(std::size_t events_before) {
  Trace one;
  one.events.assign(trace_.events.begin() + std::ptrdiff_t(events_before), trace_.events.end());
  one.meta.launches = {trace_.meta.launches.back()};
  apply_plain_shared_layout(one, library_.shared_table(),
                            lay_out_plain_shared(library_.shared_table(), library_.touched_shared()),
                            library_.shared_bytes());
  std::copy(one.events.begin(), one.events.end(), trace_.events.begin() + std::ptrdiff_t(events_before));
  trace_.meta.launches.back().shared_bytes = one.meta.launches.front().shared_bytes;
  // One table names the whole trace's shared memory: kept while every launch lays out the same
  // arrays, dropped when kernels with others are recorded (no name rather than another's).
  const auto same = [](const SharedArrayRecord& a, const SharedArrayRecord& b) {
    return a.name == b.name && a.offset == b.offset && a.bytes == b.bytes;
  };
  if (shared_names_ == SharedNames::None) {
    trace_.meta.shared_arrays = one.meta.shared_arrays;
    shared_names_ = SharedNames::Kept;
  } else if (shared_names_ == SharedNames::Kept && !one.meta.shared_arrays.empty() &&
             !std::equal(one.meta.shared_arrays.begin(), one.meta.shared_arrays.end(), trace_.meta.shared_arrays.begin(),
                         trace_.meta.shared_arrays.end(), same)) {
    trace_.meta.shared_arrays.clear();
    shared_names_ = SharedNames::Dropped;
  }
}

Trace ProgramRuntime::finished_trace() const {
  Trace t = trace_;
  TraceMeta& m = t.meta;
  m.family = kRecordedFamily;
  m.backend = "sim";
  m.op = "";
  m.event_cap = plan_.event_cap;
  m.recorded_blocks.assign(recorded_blocks_.begin(), recorded_blocks_.end());
  if (!m.launches.empty()) {
    m.variant = m.launches.front().name;
    m.grid_dim = m.launches.front().grid_dim;
    m.block_dim = m.launches.front().block_dim;
  }
  for (const BufferRecord& b : m.buffers)
    if (m.type.empty() && (b.type[0] == 'f' || b.type[0] == 'i' || b.type == "u32")) m.type = b.type;
  sort_canonical(t.events);
  m.steps = steps_used(t.events);
  name_plain_steps(t);
  return t;
}

}  // namespace wl
