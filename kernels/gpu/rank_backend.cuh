// The GPU side of the backend interface for a launch on several GPUs at once (an all-reduce):
// one rank a GPU, one NCCL communicator over them, every buffer a symmetric window that each
// rank's kernels reach through NCCL's LSA pointers, and one LSA barrier a block. Knows no family:
// a launch runs kernel.seen_from(view)(ctx) on every rank, `view` turning each buffer into the
// pointer that rank reaches it by. A recorded launch records each rank's blocks as a launch of its
// own, as the simulator does, with each rank's warp clocks from a replay. Included only by .cu files.
#pragma once
#include <algorithm>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "kernels/gpu/cuda_check.cuh"
#include "kernels/gpu/event_timer.cuh"
#include "kernels/gpu/gpu_measure.h"
#include "kernels/gpu/nccl_api.h"
#include "kernels/gpu/rank_context.cuh"
#include "kernels/gpu/timing_plan.h"
#include "kernels/host/record_options.h"
#include "kernels/host/run_recorder.h"

namespace wl {

// One communicator over GPUs 0 .. ranks - 1, and a stream on each, made once a process: NCCL's
// initialisation takes far longer than a run.
struct RankGroup {
  std::vector<ncclComm_t> comms;
  std::vector<cudaStream_t> streams;
};
inline const RankGroup& rank_group(const NcclApi& api, unsigned ranks) {
  static std::map<unsigned, RankGroup> groups;
  static std::mutex lock;
  std::lock_guard<std::mutex> hold(lock);
  auto it = groups.find(ranks);
  if (it != groups.end()) return it->second;
  RankGroup g;
  g.comms.resize(ranks);
  nccl_check(api, api.CommInitAll(g.comms.data(), int(ranks), nullptr), "ncclCommInitAll");
  g.streams.resize(ranks);
  for (unsigned r = 0; r < ranks; ++r) {
    WL_CUDA(cudaSetDevice(int(r)));
    WL_CUDA(cudaStreamCreateWithFlags(&g.streams[r], cudaStreamNonBlocking));
  }
  return groups.emplace(ranks, std::move(g)).first->second;
}

class GpuRanksBackend {
 public:
  // trace: where to record, or nullptr (timing runs).
  GpuRanksBackend(RecordOptions options, unsigned ranks, Trace* trace = nullptr)
      : options_(std::move(options)), ranks_(ranks), recorder_(trace && options_.record ? trace : nullptr), trace_(trace) {
    std::string why_not;
    api_ = load_nccl(&why_not);
    if (!api_) throw GpuError(why_not);
    int devices = 0;
    WL_CUDA(cudaGetDeviceCount(&devices));
    if (int(ranks) > devices)
      throw GpuError(std::to_string(ranks) + " GPUs asked for, " + std::to_string(devices) + " here");
    const RankGroup& group = rank_group(*api_, ranks);
    comms_ = group.comms;
    streams_ = group.streams;
    owned_.resize(ranks);
  }
  ~GpuRanksBackend() {
    for (unsigned r = 0; r < ranks_; ++r) {
      cudaSetDevice(int(r));
      cudaStreamSynchronize(streams_[r]);
    }
    for (unsigned r = 0; r < dev_.size(); ++r) api_->DevCommDestroy(comms_[r], &dev_[r]);
    for (unsigned r = 0; r < windows_.size(); ++r)
      for (ncclWindow_t w : windows_[r])
        if (w) api_->CommWindowDeregister(comms_[r], w);
    for (const Buffer& b : buffers_) {
      if (!b.ptr) continue;
      cudaSetDevice(int(b.rank));
      api_->MemFree(b.ptr);
    }
    for (const auto& [device, p] : scratch_) {
      cudaSetDevice(device);
      cudaFree(p);
    }
  }
  GpuRanksBackend(const GpuRanksBackend&) = delete;
  GpuRanksBackend& operator=(const GpuRanksBackend&) = delete;

  // The host's input where it is: copy() reads it across the bus (unified addressing).
  // Numbered first, as on the simulator, so both traces number their buffers alike.
  template <class T>
  Global<const T> upload(const std::vector<T>& input) {
    const BufferId id = recorder_.add_buffer("input", element_type_name<T>(), BufferRole::Input, input.size());
    buffers_.resize(std::max<std::size_t>(buffers_.size(), id + 1));  // no device memory: the host's
    return Global<const T>{input.data(), input.size(), id};
  }
  // On GPU `rank`, in memory NCCL can map into every rank (ncclMemAlloc). Each rank must allocate
  // the same buffers in the same order: the k-th of each rank form one symmetric window.
  template <class T>
  Global<T> alloc(std::uint64_t n, const std::string& name, BufferRole role, unsigned rank) {
    if (rank >= ranks_) throw GpuError("a buffer on rank " + std::to_string(rank) + " of " + std::to_string(ranks_));
    const std::size_t bytes = std::max<std::size_t>(n * sizeof(T), 4096);  // a window is at least a page
    WL_CUDA(cudaSetDevice(int(rank)));
    void* p = nullptr;
    nccl_check(*api_, api_->MemAlloc(&p, bytes), "ncclMemAlloc");
    const BufferId id = recorder_.add_buffer(name, element_type_name<T>(), role, n, rank);
    buffers_.resize(std::max<std::size_t>(buffers_.size(), id + 1));
    buffers_[id] = Buffer{rank, unsigned(owned_[rank].size()), p, bytes};
    owned_[rank].push_back(id);
    return Global<T>{static_cast<T*>(p), n, id};
  }
  template <class T>
  void fill(Global<T> g, T value) {
    if (g.size == 0) return;
    const std::vector<T> values(g.size, value);
    WL_CUDA(cudaSetDevice(int(buffers_.at(g.buffer).rank)));
    WL_CUDA(cudaMemcpy(g.ptr, values.data(), g.size * sizeof(T), cudaMemcpyHostToDevice));
  }
  template <class T>
  void copy(Global<const T> from, Global<T> to) {
    const std::uint64_t n = std::min(from.size, to.size);
    if (n == 0) return;
    WL_CUDA(cudaSetDevice(int(buffers_.at(to.buffer).rank)));
    WL_CUDA(cudaMemcpy(to.ptr, from.ptr, n * sizeof(T), cudaMemcpyDefault));  // host or device: unified addressing
  }
  template <class T>
  std::vector<T> read_all(Global<T> g) {
    synchronize();
    std::vector<std::remove_const_t<T>> out(g.size);
    if (g.size) WL_CUDA(cudaMemcpy(out.data(), g.ptr, g.size * sizeof(T), cudaMemcpyDefault));
    return out;
  }
  void finish_trace() { recorder_.finish(); }

  // kernel.seen_from(view) on each rank at once: every rank launched before any is waited for,
  // since their blocks wait for each other at rank barriers.
  template <class Kernel>
  void launch_on_ranks(const LaunchRecord& what, unsigned ranks, bool record, const Kernel& kernel) {
    if (ranks != ranks_) throw GpuError("a launch on " + std::to_string(ranks) + " ranks, of " + std::to_string(ranks_));
    // Blocks wait for their peers on the other ranks: all of a rank's must be resident at once,
    // or a waiting block could keep a peer's partner from ever starting.
    int multiprocessors = 0;
    WL_CUDA(cudaDeviceGetAttribute(&multiprocessors, cudaDevAttrMultiProcessorCount, 0));
    if (what.grid_dim > unsigned(multiprocessors))
      throw GpuError(std::to_string(what.grid_dim) + " blocks a rank, more than the " + std::to_string(multiprocessors) +
                     " multiprocessors that can hold them all at once (--sm-count)");
    prepare(what.grid_dim);
    if (what.grid_dim > barriers_) throw GpuError("a launch of more blocks than the barriers made for it");
    if (trace_) trace_->meta.ranks = std::uint16_t(ranks_);
    if (!record) {
      for (unsigned r = 0; r < ranks_; ++r) start(what, kernel, r, NoRecorder{});
      return;
    }
    std::vector<DeviceRecorder> recs(ranks_);
    for (unsigned r = 0; r < ranks_; ++r) {
      recs[r] = make_recorder(r, what.grid_dim);
      LaunchRecord on_rank = what;
      on_rank.rank = std::uint16_t(r);
      recorder_.begin_launch(on_rank);
    }
    std::vector<WarpClock> clocks = replay_for_clocks(what, kernel);
    recorder_.add_clocks(std::move(clocks), sm_clock_mhz_, ranks_);
    for (unsigned r = 0; r < ranks_; ++r) start(what, kernel, r, recs[r]);
    synchronize();
    std::vector<Event> events;
    unsigned long long dropped = 0;
    for (unsigned r = 0; r < ranks_; ++r) {
      unsigned long long offered = 0;
      WL_CUDA(cudaMemcpy(&offered, recs[r].count, sizeof offered, cudaMemcpyDeviceToHost));
      const unsigned long long kept = std::min<unsigned long long>(offered, recs[r].cap);
      std::vector<Event> mine(kept);
      if (kept) WL_CUDA(cudaMemcpy(mine.data(), recs[r].events, kept * sizeof(Event), cudaMemcpyDeviceToHost));
      for (Event& e : mine) e.launch = std::uint16_t(r);  // the rank: add_events makes it the launch
      events.insert(events.end(), mine.begin(), mine.end());
      dropped += offered - kept;
    }
    recorder_.add_events(std::move(events), dropped, ranks_);
  }

  // The median over plan.repeats samples of one run(): in each, every rank's time from its
  // start event to its stop event, the slowest rank's taken (what the all-reduce cost).
  template <class F>
  double median_ms(F&& run, const TimingPlan& plan) {
    const int runs = std::max(plan.back_to_back, 1);
    for (int i = 0; i < plan.warmup; ++i) run();
    synchronize();
    std::vector<cudaEvent_t> start(ranks_), stop(ranks_);
    for (unsigned r = 0; r < ranks_; ++r) {
      WL_CUDA(cudaSetDevice(int(r)));
      WL_CUDA(cudaEventCreate(&start[r]));
      WL_CUDA(cudaEventCreate(&stop[r]));
    }
    std::vector<float> times;
    for (int s = 0; s < plan.repeats; ++s) {
      for (unsigned r = 0; r < ranks_; ++r) {  // held, so the events time the GPUs, not the host
        WL_CUDA(cudaSetDevice(int(r)));
        hold_gpu<<<1, 1, 0, streams_[r]>>>(kHoldNs * ranks_ + kHoldPerRunNs * (runs - 1));
        WL_CUDA(cudaEventRecord(start[r], streams_[r]));
      }
      for (int i = 0; i < runs; ++i) run();
      for (unsigned r = 0; r < ranks_; ++r) {
        WL_CUDA(cudaSetDevice(int(r)));
        WL_CUDA(cudaEventRecord(stop[r], streams_[r]));
      }
      float slowest = 0;
      for (unsigned r = 0; r < ranks_; ++r) {
        WL_CUDA(cudaEventSynchronize(stop[r]));
        float ms = 0;
        WL_CUDA(cudaEventElapsedTime(&ms, start[r], stop[r]));
        slowest = std::max(slowest, ms);
      }
      times.push_back(slowest / float(runs));
    }
    for (unsigned r = 0; r < ranks_; ++r) {
      cudaSetDevice(int(r));
      cudaEventDestroy(start[r]);
      cudaEventDestroy(stop[r]);
    }
    std::sort(times.begin(), times.end());
    return times.empty() ? 0 : double(times[times.size() / 2]);
  }

  void synchronize() {
    for (unsigned r = 0; r < ranks_; ++r) {
      WL_CUDA(cudaSetDevice(int(r)));
      WL_CUDA(cudaStreamSynchronize(streams_[r]));
    }
  }
  const NcclApi& api() const { return *api_; }
  ncclComm_t comm(unsigned rank) const { return comms_[rank]; }
  cudaStream_t stream(unsigned rank) const { return streams_[rank]; }
  unsigned ranks() const { return ranks_; }

 private:
  struct Buffer {
    unsigned rank = 0, index = 0;  // its rank, and its place among that rank's buffers
    void* ptr = nullptr;
    std::size_t bytes = 0;
  };

  template <class Kernel, class Rec>
  void start(const LaunchRecord& what, const Kernel& kernel, unsigned r, Rec rec) {
    WL_CUDA(cudaSetDevice(int(r)));
    const Kernel seen = kernel.seen_from([&](auto g) { return view(r, g); });
    rank_kernel<<<what.grid_dim, what.block_dim, what.shared_bytes, streams_[r]>>>(seen, rec, dev_[r]);
    WL_CUDA(cudaGetLastError());
  }
  // Device memory on GPU r that is none of the run's buffers (a recorder's).
  template <class T>
  T* scratch(unsigned r, std::uint64_t n) {
    WL_CUDA(cudaSetDevice(int(r)));
    void* p = nullptr;
    WL_CUDA(cudaMalloc(&p, std::max<std::uint64_t>(n, 1) * sizeof(T)));
    scratch_.push_back({int(r), p});
    return static_cast<T*>(p);
  }
  // A recorder of rank r's requested blocks that records nothing yet; `recorded`: how many.
  DeviceRecorder recorder_for_blocks(unsigned r, unsigned grid, unsigned* recorded = nullptr) {
    std::vector<unsigned> bits((grid + 31) / 32, 0);
    for (std::uint32_t b : options_.blocks)
      if (b < grid) bits[b / 32] |= 1u << (b % 32);
    if (recorded) {
      *recorded = 0;
      for (unsigned word : bits) *recorded += unsigned(__builtin_popcount(word));
    }
    DeviceRecorder rec;
    unsigned* device_bits = scratch<unsigned>(r, bits.size());
    WL_CUDA(cudaMemcpy(device_bits, bits.data(), bits.size() * sizeof(unsigned), cudaMemcpyHostToDevice));
    rec.block_bits = device_bits;
    rec.block_bit_words = unsigned(bits.size());
    return rec;
  }
  // Records the requested blocks' events of rank r's launch, up to the event cap.
  DeviceRecorder make_recorder(unsigned r, unsigned grid) {
    DeviceRecorder rec = recorder_for_blocks(r, grid);
    rec.cap = options_.event_cap;
    rec.events = scratch<Event>(r, rec.cap);
    rec.count = scratch<unsigned long long>(r, 1);
    WL_CUDA(cudaMemset(rec.count, 0, sizeof(unsigned long long)));
    return rec;
  }

  // The launch replayed on every rank with events off and only the warps' clocks on, as
  // GpuBackend does on one GPU (its comment says why): every rank's buffers are put back after
  // each replay, the first replay warms the caches, the second's clocks are kept. Each clock's
  // launch field holds its rank. A rank's clocks are its own GPU's: comparable within a rank only.
  template <class Kernel>
  std::vector<WarpClock> replay_for_clocks(const LaunchRecord& what, const Kernel& kernel) {
    std::vector<std::pair<const Buffer*, void*>> saved;
    for (const Buffer& b : buffers_) {
      if (!b.ptr) continue;
      void* copy = scratch<unsigned char>(b.rank, b.bytes);
      WL_CUDA(cudaMemcpy(copy, b.ptr, b.bytes, cudaMemcpyDefault));
      saved.emplace_back(&b, copy);
    }
    std::vector<DeviceRecorder> recs(ranks_);
    std::vector<std::size_t> slots(ranks_);
    for (unsigned r = 0; r < ranks_; ++r) {
      unsigned recorded = 0;
      recs[r] = recorder_for_blocks(r, what.grid_dim, &recorded);
      recs[r].warps_per_block = (what.block_dim + 31) / 32;
      slots[r] = std::size_t(recorded) * recs[r].warps_per_block * kMaxClocksPerWarp;
      recs[r].clocks = scratch<WarpClock>(r, slots[r]);
    }
    for (int replay = 0; replay < 2; ++replay) {
      for (unsigned r = 0; r < ranks_; ++r) {
        WL_CUDA(cudaSetDevice(int(r)));
        WL_CUDA(cudaMemset(recs[r].clocks, 0xFF, std::max<std::size_t>(slots[r], 1) * sizeof(WarpClock)));  // unused: cycle ~0
      }
      if (replay == 1) {
        WL_CUDA(cudaSetDevice(0));
        sm_clock_mhz_ = measure_sm_clock_mhz();  // the trace holds one clock rate: rank 0's
      }
      for (unsigned r = 0; r < ranks_; ++r) start(what, kernel, r, recs[r]);
      synchronize();
      for (const auto& [b, copy] : saved) {
        WL_CUDA(cudaSetDevice(int(b->rank)));
        WL_CUDA(cudaMemcpy(b->ptr, copy, b->bytes, cudaMemcpyDefault));
      }
    }
    std::vector<WarpClock> taken;
    for (unsigned r = 0; r < ranks_; ++r) {
      std::vector<WarpClock> all(slots[r]);
      WL_CUDA(cudaSetDevice(int(r)));
      if (slots[r]) WL_CUDA(cudaMemcpy(all.data(), recs[r].clocks, slots[r] * sizeof(WarpClock), cudaMemcpyDeviceToHost));
      for (WarpClock& c : all)
        if (c.cycle != ~0ull) {
          c.launch = std::uint16_t(r);
          taken.push_back(c);
        }
    }
    return taken;
  }

  // Once, before the first launch: the windows (collective: every rank's k-th buffer together),
  // a device communicator a rank with `grid` LSA barriers, and each rank's pointers to every
  // rank's copy of every window.
  void prepare(unsigned grid) {
    if (!dev_.empty()) return;
    const unsigned count = unsigned(owned_[0].size());
    for (unsigned r = 1; r < ranks_; ++r)
      if (owned_[r].size() != count) throw GpuError("ranks allocated different buffers: no symmetric windows");
    windows_.assign(ranks_, std::vector<ncclWindow_t>(count, nullptr));
    nccl_check(*api_, api_->GroupStart(), "ncclGroupStart");
    for (unsigned r = 0; r < ranks_; ++r)
      for (unsigned k = 0; k < count; ++k) {
        const Buffer& b = buffers_[owned_[r][k]];
        api_->CommWindowRegister(comms_[r], b.ptr, b.bytes, &windows_[r][k], NCCL_WIN_COLL_SYMMETRIC);
      }
    nccl_check(*api_, api_->GroupEnd(), "ncclCommWindowRegister");
    ncclDevCommRequirements reqs;
    std::memset(&reqs, 0, sizeof reqs);  // 2.28 has no initializer; zero is "none" for every field
    reqs.lsaBarrierCount = int(grid);
    dev_.resize(ranks_);
    nccl_check(*api_, api_->GroupStart(), "ncclGroupStart");
    for (unsigned r = 0; r < ranks_; ++r) api_->DevCommCreate(comms_[r], &reqs, &dev_[r]);
    const ncclResult_t created = api_->GroupEnd();
    if (created != ncclSuccess) {
      dev_.clear();
      throw GpuError(std::string("these GPUs cannot reach each other's memory by load and store (NCCL: ") +
                     api_->GetErrorString(created) + ")");
    }
    barriers_ = grid;
    mapped_.assign(ranks_, std::vector<void*>(std::size_t(count) * ranks_, nullptr));
    for (unsigned r = 0; r < ranks_; ++r) {
      WL_CUDA(cudaSetDevice(int(r)));
      ncclWindow_t* windows = nullptr;
      void** pointers = nullptr;
      WL_CUDA(cudaMalloc(&windows, count * sizeof(ncclWindow_t)));
      WL_CUDA(cudaMalloc(&pointers, mapped_[r].size() * sizeof(void*)));
      WL_CUDA(cudaMemcpy(windows, windows_[r].data(), count * sizeof(ncclWindow_t), cudaMemcpyHostToDevice));
      lsa_pointers_kernel<<<1, 32, 0, streams_[r]>>>(windows, count, ranks_, pointers);
      WL_CUDA(cudaGetLastError());
      WL_CUDA(cudaStreamSynchronize(streams_[r]));
      WL_CUDA(cudaMemcpy(mapped_[r].data(), pointers, mapped_[r].size() * sizeof(void*), cudaMemcpyDeviceToHost));
      cudaFree(windows);
      cudaFree(pointers);
    }
  }
  // Buffer g as rank `viewer` reaches it; views of no buffer stay as they are.
  template <class T>
  Global<T> view(unsigned viewer, Global<T> g) const {
    if (g.buffer == kNoBuffer || g.buffer >= buffers_.size() || !buffers_[g.buffer].ptr) return g;
    const Buffer& b = buffers_[g.buffer];
    g.ptr = static_cast<T*>(mapped_[viewer][std::size_t(b.index) * ranks_ + b.rank]);
    return g;
  }

  RecordOptions options_;
  unsigned ranks_;
  RunRecorder recorder_;  // numbers the buffers; records into the trace when asked
  Trace* trace_;
  const NcclApi* api_ = nullptr;
  std::vector<ncclComm_t> comms_;
  std::vector<cudaStream_t> streams_;
  std::vector<Buffer> buffers_;    // by BufferId
  std::vector<std::vector<BufferId>> owned_;  // each rank's, in allocation order
  std::vector<std::vector<ncclWindow_t>> windows_;  // [rank][k]
  std::vector<ncclDevComm> dev_;
  unsigned barriers_ = 0;
  double sm_clock_mhz_ = 0;  // measured on rank 0 before the kept clock replay
  std::vector<std::vector<void*>> mapped_;  // [viewer][k * ranks + owner]
  std::vector<std::pair<int, void*>> scratch_;  // (device, pointer)
};

}  // namespace wl
