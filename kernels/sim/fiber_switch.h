// AddressSanitizer keeps its own idea of which stack is running; Boost.Context's switches are
// invisible to it, and without being told it misreads a fiber's frames (an exception thrown in
// a simulated thread then trips it). The simulator announces every switch through these two
// calls, which compile to nothing in a build without AddressSanitizer.
#pragma once
#include <cstddef>

#if defined(__SANITIZE_ADDRESS__)
#define WL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WL_ASAN 1
#endif
#endif
#if defined(WL_ASAN)
#include <sanitizer/common_interface_defs.h>
#endif

namespace wl {

struct StackBounds {
  const void* bottom = nullptr;
  std::size_t size = 0;
};

// Just before switching to the stack `to`. `fake` keeps the side being left's fake stack for
// its return; nullptr says the side being left will never run again.
inline void before_switch(void** fake, StackBounds to) {
#if defined(WL_ASAN)
  __sanitizer_start_switch_fiber(fake, to.bottom, to.size);
#else
  (void)fake;
  (void)to;
#endif
}

// First thing after arriving: `fake` as before_switch stored it when this side left (nullptr
// on a fiber's first entry); `from`, when given, receives the stack just left.
inline void after_switch(void* fake, StackBounds* from) {
#if defined(WL_ASAN)
  __sanitizer_finish_switch_fiber(fake, from ? &from->bottom : nullptr, from ? &from->size : nullptr);
#else
  (void)fake;
  (void)from;
#endif
}

}  // namespace wl
