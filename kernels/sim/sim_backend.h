// The simulator's side of the backend interface a family's driver uses: buffers in host memory
// (named and typed in the trace), and launches run by SimGrid. Knows no family.
#pragma once
#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "kernels/dialect/views.h"
#include "kernels/host/record_options.h"
#include "kernels/host/run_recorder.h"
#include "kernels/sim/sim_context.h"
#include "kernels/sim/sim_grid.h"

namespace wl {

class SimBackend {
 public:
  // Records into `trace` when the options ask for recording.
  SimBackend(RecordOptions options, Trace& trace)
      : options_(std::move(options)), trace_(trace), recorder_(options_.record ? &trace : nullptr) {}

  // rank: the GPU whose memory it stands for, in a run over several.
  template <class T>
  Global<T> alloc(std::uint64_t n, const std::string& name, BufferRole role, unsigned rank = 0) {
    // Poisoned, so a read of a slot nothing wrote shows up as a wrong result.
    storage_.push_back(std::make_unique<unsigned char[]>(n * sizeof(T) + 16));
    std::memset(storage_.back().get(), 0xA5, n * sizeof(T) + 16);
    const BufferId id = recorder_.add_buffer(name, element_type_name<T>(), role, n, rank);
    return Global<T>{reinterpret_cast<T*>(storage_.back().get()), n, id};
  }
  // Kernels read a copy of the host's input, as a GPU's do: a kernel that writes its input in
  // place (`in[i] += in[i + s]`) leaves the host's untouched, so the check reads what was generated.
  template <class T>
  Global<const T> upload(const std::vector<T>& input) {
    storage_.push_back(std::make_unique<unsigned char[]>(input.size() * sizeof(T) + 16));
    if (!input.empty()) std::memcpy(storage_.back().get(), input.data(), input.size() * sizeof(T));
    const BufferId id = recorder_.add_buffer("input", element_type_name<T>(), BufferRole::Input, input.size());
    return Global<const T>{reinterpret_cast<const T*>(storage_.back().get()), input.size(), id};
  }
  template <class T>
  void fill(Global<T> g, T value) {
    std::fill(g.ptr, g.ptr + g.size, value);
  }
  // A copy between buffers outside any kernel: no events.
  template <class T>
  void copy(Global<const T> from, Global<T> to) {
    const std::uint64_t n = std::min(from.size, to.size);
    if (n) std::memcpy(to.ptr, from.ptr, n * sizeof(T));
  }
  template <class T>
  T read(Global<T> g, std::uint64_t i) {
    return g.ptr[i];
  }
  template <class T>
  std::vector<T> read_all(Global<T> g) {
    return std::vector<T>(g.ptr, g.ptr + g.size);
  }
  // Whether every block of `what` is resident at once here, as a cooperative launch needs.
  template <class Kernel>
  bool can_launch_cooperatively(const LaunchRecord& what, bool /*record*/) const {
    return what.grid_dim <= SimGrid::kMaxResidentBlocks;
  }
  // Runs `kernel(ctx)` on every thread of the launch `what` describes (grid, block, shared
  // bytes); with `record`, the recorded blocks' events go into the trace. `cooperative`: every
  // block must be resident at once, which a grid of up to kMaxResidentBlocks always is here.
  template <class Kernel>
  void launch(const LaunchRecord& what, bool record, const Kernel& kernel, bool cooperative = false) {
    if (cooperative && !can_launch_cooperatively<Kernel>(what, record))
      throw std::invalid_argument(what.name + ": a cooperative launch of " + std::to_string(what.grid_dim) +
                                  " blocks; the simulator holds " + std::to_string(SimGrid::kMaxResidentBlocks) + " at once");
    launch_on_ranks(what, 1, record, kernel);
  }
  // The same launch on `ranks` GPUs at once (an all-reduce): one grid of what.grid_dim blocks a
  // rank, all running together, ctx.rank() telling them apart; recorded as one launch a rank.
  // Every rank sees every buffer where it is, so the kernel runs as it is (no seen_from).
  template <class Kernel>
  void launch_on_ranks(const LaunchRecord& what, unsigned ranks, bool record, const Kernel& kernel) {
    SimLaunch launch;
    launch.grid_dim = what.grid_dim;
    launch.block_dim = what.block_dim;
    launch.shared_bytes = what.shared_bytes;
    launch.ranks = ranks;
    launch.progress = options_.progress;
    if (record) {
      launch.record_blocks = options_.blocks;
      launch.event_cap = options_.event_cap;
      for (unsigned r = 0; r < ranks; ++r) {
        LaunchRecord on_rank = what;
        on_rank.rank = std::uint16_t(r);
        recorder_.begin_launch(on_rank);
      }
    }
    trace_.meta.ranks = std::uint16_t(std::max<unsigned>(trace_.meta.ranks, ranks));
    SimGrid grid(launch, [&kernel](SimCtx& ctx) { kernel(ctx); });
    try {
      grid.run();
    } catch (const KernelError& e) {
      // The run up to the bug is the lesson: keep its events, and say where it stopped.
      if (record) recorder_.add_events(std::move(grid.events()), grid.events_dropped(), ranks);
      trace_.meta.fault = TraceFault{kernel_error_kind_name(e.kind()), e.what(), std::uint16_t(launches_ + e.rank()),
                                     e.block(), e.thread(), e.line(), e.step(), e.lanes()};
      throw;
    }
    if (record) recorder_.add_events(std::move(grid.events()), grid.events_dropped(), ranks);
    launches_ = std::uint16_t(launches_ + ranks);
  }
  void finish_trace() { recorder_.finish(); }

 private:
  RecordOptions options_;
  Trace& trace_;
  RunRecorder recorder_;
  std::uint16_t launches_ = 0;  // made so far: the index of the one running
  std::vector<std::unique_ptr<unsigned char[]>> storage_;
};

}  // namespace wl
