// A bug in a kernel found by the simulator. Each kind is a lesson, so the message names the
// block, thread and source line, and says what the hardware would have done.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace wl {

enum class KernelErrorKind {
  BarrierDivergence,      // some threads wait at __syncthreads while others skip it or exit
  SharedOutOfBounds,
  SharedUninitializedRead,
  SharedOverAllocation,   // shared<T>() asked for more than the launch provides
  GlobalOutOfBounds,
  ShuffleMask,            // a warp collective whose mask leaves out lanes that take part
  Deadlock,               // no thread can move: a warp collective that never completes
  SpinHang,               // every resident block spins and no other block can start
  MisalignedVector,       // a 16-byte access that does not start on a whole vector
  MissingBarrier,         // a read of shared memory that another thread writes only afterwards
  AssertionFailed,        // assert() in a kernel, false
};

const char* kernel_error_kind_name(KernelErrorKind kind);

class KernelError : public std::runtime_error {
 public:
  KernelError(KernelErrorKind kind, const std::string& message, unsigned block, unsigned thread,
              unsigned line, std::uint16_t step = 0, std::uint32_t lanes = 0, unsigned rank = 0)
      : std::runtime_error(message), kind_(kind), block_(block), thread_(thread), line_(line),
        step_(step), lanes_(lanes), rank_(rank) {}
  KernelErrorKind kind() const { return kind_; }
  unsigned block() const { return block_; }
  unsigned thread() const { return thread_; }
  unsigned line() const { return line_; }
  std::uint16_t step() const { return step_; }  // the thread's step when it failed
  // The lanes of the thread's warp the error is about: those a mask left out, else the thread's.
  std::uint32_t lanes() const { return lanes_; }
  unsigned rank() const { return rank_; }  // the GPU of a run over several

 private:
  KernelErrorKind kind_;
  unsigned block_, thread_, line_;
  std::uint16_t step_;
  std::uint32_t lanes_;
  unsigned rank_;
};

}  // namespace wl
