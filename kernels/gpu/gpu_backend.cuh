// The GPU side of the backend interface a family's driver uses: device buffers (named and
// typed in the trace) and launches, instrumented or not. Knows no family: a launch runs a
// kernel functor, kernel(ctx), on every thread. Included only by .cu files.
#pragma once
#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <type_traits>
#include <vector>

#include "kernels/dialect/launch_bounds.h"
#include "kernels/gpu/cuda_check.cuh"
#include "kernels/gpu/gpu_measure.h"
#include "kernels/gpu/gpu_context.cuh"
#include "kernels/host/record_options.h"
#include "kernels/host/run_recorder.h"

namespace wl {

// A kernel functor's launch bounds (kernels/dialect/launch_bounds.h); none declared: unbounded.
template <class Kernel, class = void>
constexpr LaunchBounds kBoundsOf{};
template <class Kernel>
constexpr LaunchBounds kBoundsOf<Kernel, std::void_t<decltype(Kernel::kBounds)>> = Kernel::kBounds;

template <class Kernel, class Rec>
__device__ __forceinline__ void run_family_kernel(const Kernel& kernel, Rec rec) {
  GpuCtx<Rec> ctx(rec);
  kernel(ctx);
  ctx.leave();
}

// The __global__ wrappers: one instantiation per kernel functor and recorder.
template <class Kernel, class Rec>
__global__ void family_kernel(Kernel kernel, Rec rec) {
  run_family_kernel(kernel, rec);
}
template <class Kernel, class Rec, unsigned kMaxThreads, unsigned kMinBlocks>
__global__ void __launch_bounds__(kMaxThreads, kMinBlocks) bounded_family_kernel(Kernel kernel, Rec rec) {
  run_family_kernel(kernel, rec);
}

// The wrapper that runs Kernel with Rec. Only the unrecorded kernel, the one that is timed, is
// held to min_blocks: a recorder needs registers of its own, and squeezed it would spill.
template <class Kernel, class Rec>
constexpr auto family_entry() {
  constexpr LaunchBounds b = kBoundsOf<Kernel>;
  if constexpr (b.min_blocks == 0)
    return &family_kernel<Kernel, Rec>;
  else if constexpr (std::is_same_v<Rec, NoRecorder>)
    return &bounded_family_kernel<Kernel, Rec, b.max_threads, b.min_blocks>;
  else
    return &bounded_family_kernel<Kernel, Rec, b.max_threads, 1>;
}

// Before a launch: a block larger than the kernel can run (its registers a thread decide), or
// more shared memory than the device gives a block, is a clear error, not a failed launch; and
// a launch may use more than the 48 KiB of dynamic shared memory every kernel gets once the
// kernel's limit is raised.
template <class Kernel, class Rec>
void prepare_launch(const LaunchRecord& what) {
  cudaFuncAttributes kernel{};
  WL_CUDA(cudaFuncGetAttributes(&kernel, family_entry<Kernel, Rec>()));
  if (what.block_dim > unsigned(kernel.maxThreadsPerBlock))
    throw GpuError(what.name + " runs blocks of at most " + std::to_string(kernel.maxThreadsPerBlock) +
                   " threads on this GPU (" + std::to_string(kernel.numRegs) + " registers a thread); asked for " +
                   std::to_string(what.block_dim));
  constexpr unsigned kDefaultLimit = 48 * 1024;  // every GPU gives a block this much
  if (what.shared_bytes <= kDefaultLimit) return;
  int device = 0, most_shared = 0;
  WL_CUDA(cudaGetDevice(&device));
  WL_CUDA(cudaDeviceGetAttribute(&most_shared, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  const std::size_t needed = what.shared_bytes + kernel.sharedSizeBytes;
  if (needed > std::size_t(most_shared))
    throw GpuError(what.name + " needs " + std::to_string((needed + 1023) / 1024) + " KiB of shared memory a block at blocks of " +
                   std::to_string(what.block_dim) + "; this GPU gives a block at most " +
                   std::to_string(most_shared / 1024) + " KiB: take a smaller block");
  WL_CUDA(cudaFuncSetAttribute(family_entry<Kernel, Rec>(), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 int(what.shared_bytes)));
}

template <class T>
__global__ void fill_kernel(T* p, std::uint64_t n, T value) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(blockDim.x) * gridDim.x)
    p[i] = value;
}

class GpuBackend {
 public:
  // trace: where to record, or nullptr (timing runs).
  GpuBackend(RecordOptions options, Trace* trace)
      : options_(std::move(options)), recorder_(trace && options_.record ? trace : nullptr) {}
  ~GpuBackend() {
    for (void* p : allocations_) cudaFree(p);
  }
  GpuBackend(const GpuBackend&) = delete;
  GpuBackend& operator=(const GpuBackend&) = delete;

  template <class T>
  Global<T> alloc(std::uint64_t n, const std::string& name, BufferRole role) {
    T* p = device_alloc<T>(n);
    if (role != BufferRole::Input) writable_.push_back({p, std::max<std::uint64_t>(n, 1) * sizeof(T)});
    return Global<T>{p, n, recorder_.add_buffer(name, element_type_name<T>(), role, n)};
  }
  template <class T>
  Global<const T> upload(const std::vector<T>& input) {
    Global<T> device = alloc<T>(input.size(), "input", BufferRole::Input);
    if (!input.empty())
      WL_CUDA(cudaMemcpy(device.ptr, input.data(), input.size() * sizeof(T), cudaMemcpyHostToDevice));
    return Global<const T>{device.ptr, device.size, device.buffer};
  }
  template <class T>
  void fill(Global<T> g, T value) {
    // A value of one repeated byte (zero, above all) is a memset, not a kernel: a launch is what
    // a short run waits on (a histogram's bins, cleared before each run: 0.5-1 us of 7-9 at 2^20).
    unsigned char bytes[sizeof(T)];
    memcpy(bytes, &value, sizeof(T));
    if (std::all_of(bytes, bytes + sizeof(T), [&](unsigned char b) { return b == bytes[0]; })) {
      if (g.size) WL_CUDA(cudaMemsetAsync(g.ptr, bytes[0], g.size * sizeof(T)));
      return;
    }
    const unsigned blocks = unsigned(std::min<std::uint64_t>((g.size + 255) / 256, 1024));
    fill_kernel<<<blocks, 256>>>(g.ptr, g.size, value);
    WL_CUDA(cudaGetLastError());
  }
  // A copy between buffers outside any kernel, in stream order with the launches: no events.
  // Its destination is written, whatever its role (an in-place kernel's copy of its input), so a
  // replay for clocks puts it back too.
  template <class T>
  void copy(Global<const T> from, Global<T> to) {
    const std::uint64_t n = std::min(from.size, to.size);
    if (n) WL_CUDA(cudaMemcpyAsync(to.ptr, from.ptr, n * sizeof(T), cudaMemcpyDeviceToDevice));
    const auto same = [&](const Writable& w) { return w.ptr == static_cast<void*>(to.ptr); };
    if (std::none_of(writable_.begin(), writable_.end(), same))
      writable_.push_back({to.ptr, std::max<std::uint64_t>(to.size, 1) * sizeof(T)});
  }
  template <class T>
  T read(Global<T> g, std::uint64_t i) {
    T v;
    WL_CUDA(cudaMemcpy(&v, g.ptr + i, sizeof(T), cudaMemcpyDeviceToHost));
    return v;
  }
  template <class T>
  std::vector<T> read_all(Global<T> g) {
    std::vector<T> v(g.size);
    if (g.size) WL_CUDA(cudaMemcpy(v.data(), g.ptr, g.size * sizeof(T), cudaMemcpyDeviceToHost));
    return v;
  }
  // Whether every block of `what` fits on the GPU at once, as a cooperative launch needs (the
  // recorded build may fit fewer blocks to a multiprocessor than the timed one).
  template <class Kernel>
  bool can_launch_cooperatively(const LaunchRecord& what, bool record) {
    return record ? fits_at_once<Kernel, DeviceRecorder>(what) : fits_at_once<Kernel, NoRecorder>(what);
  }
  // Runs `kernel(ctx)` on every thread of the launch `what` describes (grid, block, shared
  // bytes); with `record`, the recorded blocks' events go into the trace. `cooperative`: every
  // block resident at once (cudaLaunchCooperativeKernel; can_launch_cooperatively says whether
  // the grid fits), so blocks may wait on one another whatever order they start in.
  template <class Kernel>
  void launch(const LaunchRecord& what, bool record, const Kernel& kernel, bool cooperative = false) {
    if (!record) {
      prepare_launch<Kernel, NoRecorder>(what);
      start(what, kernel, NoRecorder{}, cooperative);
      return;
    }
    prepare_launch<Kernel, DeviceRecorder>(what);  // before the trace takes the launch: it may refuse
    recorder_.begin_launch(what);
    std::vector<WarpClock> clocks = replay_for_clocks(what, kernel, cooperative);
    recorder_.add_clocks(std::move(clocks), sm_clock_mhz_);
    DeviceRecorder rec = make_recorder(what.grid_dim);
    start(what, kernel, rec, cooperative);
    WL_CUDA(cudaDeviceSynchronize());
    unsigned long long offered = 0;
    WL_CUDA(cudaMemcpy(&offered, rec.count, sizeof offered, cudaMemcpyDeviceToHost));
    const unsigned long long kept = std::min<unsigned long long>(offered, rec.cap);
    std::vector<Event> events(kept);
    WL_CUDA(cudaMemcpy(events.data(), rec.events, kept * sizeof(Event), cudaMemcpyDeviceToHost));
    recorder_.add_events(std::move(events), offered - kept);
  }
  void finish_trace() { recorder_.finish(); }

 private:
  template <class Kernel, class Rec>
  static void start(const LaunchRecord& what, const Kernel& kernel, Rec rec, bool cooperative) {
    const dim3 grid(what.grid_dim), block(what.block_dim);
    if (cooperative) {
      void* args[] = {const_cast<Kernel*>(&kernel), &rec};
      WL_CUDA(cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(family_entry<Kernel, Rec>()), grid, block, args,
                                          what.shared_bytes, 0));
    } else {
      family_entry<Kernel, Rec>()<<<grid, block, what.shared_bytes>>>(kernel, rec);
      WL_CUDA(cudaGetLastError());
    }
  }
  template <class Kernel, class Rec>
  static bool fits_at_once(const LaunchRecord& what) {
    int device = 0, cooperative = 0, multiprocessors = 0, per_multiprocessor = 0;
    WL_CUDA(cudaGetDevice(&device));
    WL_CUDA(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
    if (!cooperative) return false;
    prepare_launch<Kernel, Rec>(what);  // the kernel's shared memory limit, raised where needed
    WL_CUDA(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, device));
    WL_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_multiprocessor, family_entry<Kernel, Rec>(),
                                                          int(what.block_dim), what.shared_bytes));
    return std::uint64_t(what.grid_dim) <= std::uint64_t(per_multiprocessor) * std::uint64_t(multiprocessors);
  }
  // Device memory that is not one of the run's buffers (the recorder's own).
  template <class T>
  T* device_alloc(std::uint64_t n) {
    void* p = nullptr;
    WL_CUDA(cudaMalloc(&p, std::max<std::uint64_t>(n, 1) * sizeof(T)));
    allocations_.push_back(p);
    return static_cast<T*>(p);
  }
  DeviceRecorder make_recorder(unsigned grid) {
    DeviceRecorder rec = recorder_for_blocks(grid, nullptr);
    rec.cap = options_.event_cap;
    rec.events = device_alloc<Event>(rec.cap);
    rec.count = device_alloc<unsigned long long>(1);
    WL_CUDA(cudaMemset(rec.count, 0, sizeof(unsigned long long)));
    return rec;
  }
  // A recorder of the requested blocks that records nothing yet; `recorded`: how many there are.
  DeviceRecorder recorder_for_blocks(unsigned grid, unsigned* recorded) {
    std::vector<unsigned> bits((grid + 31) / 32, 0);
    for (std::uint32_t b : options_.blocks)
      if (b < grid) bits[b / 32] |= 1u << (b % 32);
    if (recorded) {
      *recorded = 0;
      for (unsigned word : bits) *recorded += unsigned(__builtin_popcount(word));
    }
    unsigned* device_bits = device_alloc<unsigned>(bits.size());
    WL_CUDA(cudaMemcpy(device_bits, bits.data(), bits.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
    DeviceRecorder rec;
    rec.block_bits = device_bits;
    rec.block_bit_words = unsigned(bits.size());
    return rec;
  }

  // The launch replayed with events off and only the warps' clocks on, so that the clocks time
  // the kernel, not its recording (it is the recorded build, though: a kernel that declares
  // launch bounds has more registers there than in the timed one, so blocks may fit fewer to a
  // multiprocessor). Every buffer the kernel may write is put back after each
  // replay: the recorded launch that follows starts from the same memory. The first replay
  // warms the caches; the SM clock is measured just before the second, whose clocks are kept.
  template <class Kernel>
  std::vector<WarpClock> replay_for_clocks(const LaunchRecord& what, const Kernel& kernel, bool cooperative) {
    std::vector<void*> saved;
    for (const Writable& w : writable_) {
      saved.push_back(device_alloc<unsigned char>(w.bytes));
      WL_CUDA(cudaMemcpy(saved.back(), w.ptr, w.bytes, cudaMemcpyDeviceToDevice));
    }
    unsigned recorded = 0;
    DeviceRecorder rec = recorder_for_blocks(what.grid_dim, &recorded);
    rec.warps_per_block = (what.block_dim + 31) / 32;
    const std::size_t slots = std::size_t(recorded) * rec.warps_per_block * kMaxClocksPerWarp;
    rec.clocks = device_alloc<WarpClock>(slots);
    for (int replay = 0; replay < 2; ++replay) {
      WL_CUDA(cudaMemset(rec.clocks, 0xFF, std::max<std::size_t>(slots, 1) * sizeof(WarpClock)));  // unused: cycle ~0
      if (replay == 1) sm_clock_mhz_ = measure_sm_clock_mhz();
      start(what, kernel, rec, cooperative);
      WL_CUDA(cudaDeviceSynchronize());
      for (std::size_t i = 0; i < writable_.size(); ++i)
        WL_CUDA(cudaMemcpy(writable_[i].ptr, saved[i], writable_[i].bytes, cudaMemcpyDeviceToDevice));
    }
    std::vector<WarpClock> all(slots), taken;
    if (slots) WL_CUDA(cudaMemcpy(all.data(), rec.clocks, slots * sizeof(WarpClock), cudaMemcpyDeviceToHost));
    for (const WarpClock& c : all)
      if (c.cycle != ~0ull) taken.push_back(c);
    return taken;
  }

  struct Writable {
    void* ptr;
    std::size_t bytes;
  };

  RecordOptions options_;
  RunRecorder recorder_;
  std::vector<void*> allocations_;
  std::vector<Writable> writable_;  // every buffer but the inputs: what a replay puts back
  double sm_clock_mhz_ = 0;
};

}  // namespace wl
