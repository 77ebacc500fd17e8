// The GPU block context of a launch on several GPUs at once (an all-reduce): the dialect of
// GpuCtx, recorded or not, plus rank(), ranks() and rank_barrier() on NCCL's device API. One LSA
// barrier session a block, index blockIdx.x, for the whole kernel: its destructor stores the
// barrier's epoch back and waits for the block, so every thread must leave the kernel normally.
#pragma once
#include <cuda/atomic>
#include <nccl_device.h>

#include "kernels/gpu/gpu_context.cuh"

namespace wl {

template <class Rec>
class GpuRankCtx : public GpuCtx<Rec> {
 public:
  // `comm` must outlive the context: the kernel's parameter, not a copy.
  __device__ GpuRankCtx(const Rec& rec, const ncclDevComm& comm)
      : GpuCtx<Rec>(rec), comm_(comm), barrier_(ncclCoopCta(), comm, ncclTeamTagLsa(), blockIdx.x) {}

  __device__ unsigned rank() const { return unsigned(comm_.lsaRank); }
  __device__ unsigned ranks() const { return unsigned(comm_.lsaSize); }
  // Every thread of the block, then block blockIdx.x of every rank; stores before it are seen
  // by every rank after it (release on arrival, acquire on the wait).
  __device__ void rank_barrier(WL_LINE) {
    this->record_rank_barrier(line);
    barrier_.sync(ncclCoopCta(), cuda::memory_order_acq_rel);
  }

 private:
  const ncclDevComm& comm_;
  ncclLsaBarrierSession<ncclCoopCta> barrier_;
};

// The __global__ wrapper of a launch on several ranks: kernel(ctx) on every thread.
template <class Kernel, class Rec>
__global__ void rank_kernel(Kernel kernel, Rec rec, ncclDevComm comm) {
  GpuRankCtx<Rec> ctx(rec, comm);
  kernel(ctx);
  ctx.leave();
}

// The pointer through which rank `viewer` reaches each rank's copy of each window: out[w * ranks
// + q] for window w on rank q (ncclGetLsaPointer is device code only).
// A template, so that every .cu file including this header may instantiate it.
template <int = 0>
__global__ void lsa_pointers_kernel(const ncclWindow_t* windows, unsigned count, unsigned ranks, void** out) {
  for (unsigned w = threadIdx.x; w < count; w += blockDim.x)
    for (unsigned q = 0; q < ranks; ++q) out[w * ranks + q] = ncclGetLsaPointer(windows[w], 0, int(q));
}

}  // namespace wl
