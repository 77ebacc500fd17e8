// What a kernel functor may promise about its launches, so that the compiler can budget its
// registers: blocks of at most max_threads, and min_blocks such blocks resident on one
// multiprocessor (CUDA's __launch_bounds__). A kernel that holds many values a thread takes
// every register it can use unless told, and then fewer of its blocks fit a multiprocessor,
// leaving fewer loads in flight. The simulator ignores it. A functor declares it as
// `static constexpr LaunchBounds kBounds{...}`; min_blocks 0 leaves the registers unbounded.
#pragma once

namespace wl {

struct LaunchBounds {
  unsigned max_threads = 1024;
  unsigned min_blocks = 0;
};

}  // namespace wl
