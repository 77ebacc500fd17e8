#include "kernels/plain/gpu/gpu_recording.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <stdexcept>

#include "core/step.h"
#include "kernels/plain/plain_steps.h"
#include "kernels/sim/sim_block.h"

namespace wl {

namespace {

constexpr std::uint32_t kMaxThreads = 1024;
constexpr std::uint32_t kMaxListedBlocks = 1u << 20;  // as `--record-blocks all` lists at most (run_options.cpp)
// Shared addresses above this carry the block's position in its cluster (sm_90's distributed
// shared memory): the window offset is the low bits.
constexpr std::uint64_t kSharedWindowMask = (1u << 24) - 1;

[[noreturn]] void bad(const std::string& path, const std::string& what) {
  throw std::runtime_error(path + ": " + what);
}

template <class T>
void take(const std::string& bytes, std::size_t& at, T* out, std::size_t count, const std::string& path) {
  const std::size_t need = sizeof(T) * count;
  if (count && (need / count != sizeof(T) || at + need > bytes.size() || at + need < at)) bad(path, "truncated");
  if (need) std::memcpy(out, bytes.data() + at, need);
  at += need;
}


// Files nvcc finds on its own include path: a library's code, not the program's.
bool library_file(const std::string& path) {
  for (const char* part : {"/targets/", "/include/cub/", "/include/thrust/", "/include/cuda/", "/usr/include/",
                           "/usr/local/cuda", "site-packages", "/aten/", "/c10/"})
    if (path.find(part) != std::string::npos) return true;
  return false;
}

std::string base_name(const std::string& path) { return path.substr(path.rfind('/') + 1); }

bool read_text(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

std::string mib(std::uint64_t bytes) {
  std::ostringstream s;
  if (bytes >= (1u << 20)) s << (bytes >> 20) << " MiB";
  else if (bytes >= 1024) s << (bytes >> 10) << " KiB";
  else s << bytes << " B";
  return s.str();
}

// The kernel's own file: the file of most instructions' outermost location.
std::string body_file(const SassFunction& f) {
  std::map<std::string, std::size_t> count;
  for (const SassInstruction& i : f.instructions)
    if (!i.inlined.empty()) ++count[i.inlined.back().file];
  std::string best;
  std::size_t most = 0;
  for (const auto& [file, n] : count)
    if (n > most) most = n, best = file;
  return best;
}

// The line of `file` an instruction comes from: the innermost location there (a call of an
// intrinsic in a helper of the file is the helper's line, as the simulator's __builtin_LINE).
unsigned line_in(const SassInstruction& i, const std::string& file) {
  for (const SassLocation& l : i.inlined)
    if (l.file == file) return l.line;
  return 0;
}

struct Sites {
  // Per launch: instruction offset → site.
  std::vector<std::map<std::uint64_t, std::uint16_t>> by_launch;
};

}  // namespace

std::string demangle_kernel(const std::string& mangled) {
  int status = 0;
  char* d = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
  std::string out = status == 0 && d ? d : mangled;
  std::free(d);
  return out;
}

std::string short_kernel_name(const std::string& demangled) {
  // The name before the parameter list, without template arguments or scope.
  int depth = 0;
  std::size_t end = demangled.size();
  for (std::size_t i = 0; i < demangled.size(); ++i) {
    const char c = demangled[i];
    if (c == '<') ++depth;
    else if (c == '>') --depth;
    else if (c == '(' && depth == 0) { end = i; break; }
  }
  std::string head = demangled.substr(0, end), out;
  depth = 0;
  for (char c : head) {
    if (c == '<') ++depth;
    else if (c == '>') --depth;
    else if (depth == 0) out += c;
  }
  const std::size_t space = out.rfind(' ');
  if (space != std::string::npos) out = out.substr(space + 1);
  const std::size_t scope = out.rfind("::");
  if (scope != std::string::npos) out = out.substr(scope + 2);
  return out.empty() ? demangled : out;
}

std::string pointer_parameter_type(const std::string& demangled) {
  const std::size_t open = demangled.rfind('(');
  if (open == std::string::npos) return "";
  const std::string params = demangled.substr(open);
  const std::pair<const char*, const char*> types[] = {
      {"double", "f64"}, {"float", "f32"}, {"unsigned long long", "u64"}, {"long long", "i64"},
      {"unsigned int", "u32"}, {"int", "i32"}};
  std::size_t first = std::string::npos;
  std::string type;
  for (const auto& [c, t] : types) {
    for (const char* suffix : {" const*", "*"}) {
      const std::size_t at = params.find(std::string(c) + suffix);
      if (at != std::string::npos && (at == 0 || !std::isalnum(static_cast<unsigned char>(params[at - 1]))) &&
          at < first)
        first = at, type = t;
    }
  }
  return type;
}

GpuRecordedLaunch read_gpu_launch(const std::string& path) {
  std::string bytes;
  if (!read_text(path, bytes)) bad(path, "cannot open");
  GpuRecordedLaunch l;
  std::size_t at = 0;
  if (bytes.size() < sizeof(WlGpuLaunchHeader)) bad(path, "not a WarpLens GPU recording (too short)");
  take(bytes, at, &l.header, 1, path);
  if (std::memcmp(l.header.magic, WL_GPU_RECORD_MAGIC, 8) != 0) bad(path, "not a WarpLens GPU recording");
  if (l.header.version != WL_GPU_RECORD_VERSION)
    bad(path, "GPU recording version " + std::to_string(l.header.version) + " (this build reads " +
                  std::to_string(WL_GPU_RECORD_VERSION) + ")");
  if (l.header.name_bytes > 1u << 16) bad(path, "corrupt (kernel name of " + std::to_string(l.header.name_bytes) + " bytes)");
  l.mangled_name.resize(l.header.name_bytes);
  take(bytes, at, l.mangled_name.data(), l.mangled_name.size(), path);
  if (l.header.allocations > (bytes.size() - at) / sizeof(WlGpuAllocation)) bad(path, "truncated");
  l.allocations.resize(l.header.allocations);
  take(bytes, at, l.allocations.data(), l.allocations.size(), path);
  if (l.header.recorded_blocks > (bytes.size() - at) / 4) bad(path, "truncated");
  l.recorded_blocks.resize(l.header.recorded_blocks);
  take(bytes, at, l.recorded_blocks.data(), l.recorded_blocks.size(), path);
  if (l.header.records != (bytes.size() - at) / sizeof(WlGpuRecord) || (bytes.size() - at) % sizeof(WlGpuRecord))
    bad(path, "truncated (" + std::to_string(l.header.records) + " records announced)");
  l.records.resize(l.header.records);
  take(bytes, at, l.records.data(), l.records.size(), path);
  const std::uint64_t threads = 1ull * l.header.block[0] * l.header.block[1] * l.header.block[2];
  const std::uint64_t blocks = 1ull * l.header.grid[0] * l.header.grid[1] * l.header.grid[2];
  if (threads == 0 || threads > kMaxThreads || blocks == 0 || blocks > 0xFFFFFFFFull)
    bad(path, "corrupt (a launch of " + std::to_string(blocks) + " blocks of " + std::to_string(threads) + " threads)");
  for (const WlGpuRecord& r : l.records)
    if (r.thread >= threads || r.block >= blocks || r.kind > WL_GPU_SHUFFLE)
      bad(path, "corrupt (a record of thread " + std::to_string(r.thread) + " of block " + std::to_string(r.block) + ")");
  return l;
}

Trace gpu_recording_trace(const GpuRecording& recording, const GpuTraceOptions& options) {
  Trace trace;
  TraceMeta& meta = trace.meta;
  meta.family = kRecordedFamily;
  meta.backend = "gpu";
  meta.op = "";
  if (recording.launches.empty()) return trace;

  // Each launch's code, and whether one readable file of the program holds every body.
  std::vector<const SassFunction*> code;
  std::set<std::string> files;
  for (const GpuRecordedLaunch& l : recording.launches) {
    const SassFunction* f = nullptr;
    if (auto m = recording.modules.find(l.header.module); m != recording.modules.end())
      if (auto it = m->second.find(l.mangled_name); it != m->second.end()) f = &it->second;
    code.push_back(f);
    files.insert(f ? body_file(*f) : std::string());
  }
  std::string source_text;
  const std::string source = files.size() == 1 ? *files.begin() : std::string();
  bool use_source = false;
  if (!options.listing && !source.empty() && !library_file(source)) {
    use_source = read_text(source, source_text);
    for (std::size_t d = 0; !use_source && d < options.source_dirs.size(); ++d)
      use_source = read_text(options.source_dirs[d] + "/" + base_name(source), source_text);
  }

  Sites sites;
  if (use_source) {
    meta.variant_file = base_name(source);
    meta.sources.push_back({meta.variant_file, source_text});
    for (const SassFunction* f : code) {
      auto& m = sites.by_launch.emplace_back();
      if (f)
        for (const SassInstruction& i : f->instructions) m[i.offset] = std::uint16_t(std::min(line_in(i, source), 0xFFFFu));
    }
  } else {
    // The listing: each launch's kernel, its instructions one a line, each with the innermost
    // source line it came from.
    std::ostringstream listing;
    unsigned line = 1;
    listing << "// SASS of the kernels " << (options.program.empty() ? "recorded" : options.program + " ran")
            << ", as nvdisasm prints it; each line ends with the source line it came from.\n";
    ++line;
    std::set<const SassFunction*> listed;
    std::map<const SassFunction*, std::map<std::uint64_t, std::uint16_t>> listed_sites;
    for (std::size_t k = 0; k < code.size(); ++k) {
      const SassFunction* f = code[k];
      if (f && !listed.count(f)) {
        listed.insert(f);
        listing << "\n// " << demangle_kernel(f->name) << "\n";
        line += 2;
        auto& m = listed_sites[f];
        for (const SassInstruction& i : f->instructions) {
          char offset[32];
          std::snprintf(offset, sizeof offset, "/*%04llx*/ ", static_cast<unsigned long long>(i.offset));
          listing << offset << i.text << " ;";
          if (!i.inlined.empty()) listing << "  // " << base_name(i.inlined.front().file) << ":" << i.inlined.front().line;
          listing << "\n";
          m[i.offset] = std::uint16_t(std::min(line, 0xFFFFu));
          ++line;
        }
      }
      sites.by_launch.push_back(f ? listed_sites[f] : std::map<std::uint64_t, std::uint16_t>{});
    }
    meta.variant_file = short_kernel_name(demangle_kernel(recording.launches.front().mangled_name)) + ".sass";
    meta.sources.push_back({meta.variant_file, listing.str()});
  }

  // Buffers: the allocations the recorded accesses touched, in address order.
  const std::string type = pointer_parameter_type(demangle_kernel(recording.launches.front().mangled_name));
  meta.type = type;
  const unsigned type_bytes = type.empty() ? 0 : unsigned(std::atoi(type.c_str() + 1) / 8);
  std::map<std::uint64_t, std::uint64_t> allocations;  // base → bytes, every launch's
  for (const GpuRecordedLaunch& l : recording.launches)
    for (const WlGpuAllocation& a : l.allocations) allocations[a.address] = a.bytes;
  auto allocation_of = [&](std::uint64_t address) -> std::pair<std::uint64_t, std::uint64_t> {
    auto it = allocations.upper_bound(address);
    if (it == allocations.begin()) return {0, 0};
    --it;
    if (address >= it->first + it->second) return {0, 0};
    return {it->first, it->second};
  };
  std::map<std::uint64_t, unsigned> touched;  // base → smallest access size seen
  bool elsewhere = false;
  for (const GpuRecordedLaunch& l : recording.launches)
    for (const WlGpuRecord& r : l.records)
      if (r.kind == WL_GPU_GLOBAL) {
        const auto [base, bytes] = allocation_of(r.address);
        if (bytes) {
          auto [it, fresh] = touched.emplace(base, r.size);
          if (!fresh) it->second = std::min(it->second, r.size);
        } else {
          elsewhere = true;
        }
      }
  std::map<std::uint64_t, BufferId> buffer_of;
  for (const auto& [base, size] : touched) {
    if (meta.buffers.size() + 1 >= 255) break;
    BufferRecord b;
    b.id = BufferId(meta.buffers.size() + 1);
    const unsigned element = type_bytes && size >= type_bytes ? type_bytes : std::max(1u, size);
    b.type = element == type_bytes ? type : "u" + std::to_string(element * 8);
    b.elements = allocations[base] / element;
    b.name = "allocation " + std::to_string(b.id) + " (" + mib(allocations[base]) + ")";
    b.role = BufferRole::Temp;
    if (auto named = options.buffers.find(base); named != options.buffers.end()) {
      const BufferId id = b.id;
      b = named->second;
      b.id = id;
    }
    buffer_of[base] = b.id;
    meta.buffers.push_back(b);
  }
  BufferId other = kNoBuffer;
  if (elsewhere || touched.size() > buffer_of.size()) {
    BufferRecord b;
    b.id = other = BufferId(meta.buffers.size() + 1);
    b.name = "memory outside the program's allocations";
    b.type = "u32";
    meta.buffers.push_back(b);
  }

  std::set<std::uint32_t> recorded;
  bool every_block = false;
  std::uint32_t largest_grid = 0;
  for (std::size_t k = 0; k < recording.launches.size(); ++k) {
    const GpuRecordedLaunch& l = recording.launches[k];
    const WlGpuLaunchHeader& h = l.header;
    LaunchRecord launch;
    launch.name = short_kernel_name(demangle_kernel(l.mangled_name));
    launch.grid_dim = h.grid[0] * h.grid[1] * h.grid[2];
    launch.block_dim = h.block[0] * h.block[1] * h.block[2];
    launch.shared_bytes = h.static_shared_bytes;
    largest_grid = std::max(largest_grid, launch.grid_dim);
    meta.launches.push_back(launch);
    meta.events_dropped += h.dropped;
    if (l.recorded_blocks.empty()) every_block = true;
    recorded.insert(l.recorded_blocks.begin(), l.recorded_blocks.end());

    const auto& site_of = sites.by_launch[k];
    const SassFunction* f = code[k];
    std::map<std::uint64_t, std::pair<std::uint32_t, unsigned>> thread_state;  // (block, thread) → (seq, barriers)
    std::uint32_t time = 0;
    for (const WlGpuRecord& r : l.records) {
      auto& [next_seq, barriers] = thread_state[(std::uint64_t(r.block) << 16) | r.thread];
      Event e{};
      e.block = r.block;
      e.thread = r.thread;
      e.seq = next_seq++;
      e.step = plain_interval_step(barriers);
      e.launch = std::uint16_t(k);
      e.time = time++;
      const std::uint64_t offset = r.pc - h.function_pc;
      auto s = site_of.find(offset);
      e.site = s == site_of.end() ? 0 : s->second;
      switch (r.kind) {
        case WL_GPU_GLOBAL:
        case WL_GPU_SHARED: {
          const bool read = r.flags & WL_GPU_READ, write = r.flags & WL_GPU_WRITE;
          const bool shared = r.kind == WL_GPU_SHARED;
          e.op = read && write ? (shared ? OpKind::SharedAtomic : OpKind::GlobalAtomic)
                 : write       ? (shared ? OpKind::SharedStore : OpKind::GlobalStore)
                               : (shared ? OpKind::SharedLoad : OpKind::GlobalLoad);
          e.size = std::uint8_t(r.size);
          if (read && write) {
            const SassInstruction* i = f ? f->at(offset) : nullptr;
            e.aux = unsigned(i && sass_is_compare_and_swap(i->text) ? AtomicKind::Cas : AtomicKind::Add);
          }
          e.value[0] = r.value[0];
          e.value[1] = r.value[1];
          if (shared) {
            const std::uint64_t window = r.address & kSharedWindowMask;
            e.address = std::uint32_t(window >= h.shared_window_base ? window - h.shared_window_base : window);
          } else {
            const auto [base, bytes] = allocation_of(r.address);
            auto b = bytes ? buffer_of.find(base) : buffer_of.end();
            e.buffer = b != buffer_of.end() ? b->second : other;
            e.address = std::uint32_t(b != buffer_of.end() ? r.address - base : r.address);
          }
          break;
        }
        case WL_GPU_BARRIER:
          e.op = OpKind::Barrier;
          ++barriers;
          break;
        case WL_GPU_SYNCWARP:
          e.op = OpKind::WarpSync;
          e.aux = std::uint32_t(r.address);
          break;
        case WL_GPU_SHUFFLE: {
          e.op = OpKind::Shuffle;
          e.size = 4;
          e.aux = kUnknownLane;  // the lane operand is a register: the patch is not told it
          const SassInstruction* i = f ? f->at(offset) : nullptr;
          // Known only where both the lane and the segment are immediates.
          if (const auto shfl = i ? parse_sass_shuffle(i->text) : std::nullopt; shfl && shfl->lane_operand && shfl->clamp) {
            const CollectiveKind kind = shfl->mode == SassShuffle::Up     ? CollectiveKind::ShflUp
                                        : shfl->mode == SassShuffle::Down ? CollectiveKind::ShflDown
                                        : shfl->mode == SassShuffle::Bfly ? CollectiveKind::ShflXor
                                                                          : CollectiveKind::Shfl;
            const unsigned width = kWarpSize - ((*shfl->clamp >> 8) & 0x1f);
            e.aux = shuffle_source(kind, r.thread % kWarpSize, *shfl->lane_operand, width ? width : kWarpSize);
          }
          break;
        }
        default: break;
      }
      trace.events.push_back(e);
    }
  }
  meta.grid_dim = meta.launches.front().grid_dim;
  meta.block_dim = meta.launches.front().block_dim;
  meta.variant = meta.launches.front().name;
  // Every block recorded: each block of the grid, or where that is more than a trace lists
  // (2^20), the blocks that recorded something.
  if (every_block && largest_grid <= kMaxListedBlocks)
    for (std::uint32_t b = 0; b < largest_grid; ++b) recorded.insert(b);
  else if (every_block)
    for (const Event& e : trace.events) recorded.insert(e.block);
  for (std::uint32_t b : recorded)
    if (b < largest_grid) meta.recorded_blocks.push_back(b);
  meta.event_cap = 0;
  sort_canonical(trace.events);
  meta.steps = steps_used(trace.events);
  name_plain_steps(trace);
  return trace;
}

}  // namespace wl
