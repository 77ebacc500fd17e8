#include "kernels/sim/kernel_error.h"

namespace wl {

const char* kernel_error_kind_name(KernelErrorKind kind) {
  switch (kind) {
    case KernelErrorKind::BarrierDivergence: return "barrier divergence";
    case KernelErrorKind::SharedOutOfBounds: return "shared memory out of bounds";
    case KernelErrorKind::SharedUninitializedRead: return "read of uninitialized shared memory";
    case KernelErrorKind::SharedOverAllocation: return "shared memory over-allocation";
    case KernelErrorKind::MisalignedVector: return "misaligned 16-byte access";
    case KernelErrorKind::GlobalOutOfBounds: return "global memory out of bounds";
    case KernelErrorKind::ShuffleMask: return "warp collective mask";
    case KernelErrorKind::Deadlock: return "deadlock";
    case KernelErrorKind::SpinHang: return "spin-wait that never ends";
    case KernelErrorKind::MissingBarrier: return "missing barrier";
    case KernelErrorKind::AssertionFailed: return "assertion failed";
  }
  return "kernel error";
}

}  // namespace wl
