// The executables' operator new: allocations of 32 MiB and more (a run's events, the views'
// models) ask the kernel for transparent huge pages. A simulator run at 2^20 touches about
// 9 GB of fresh memory over its life; at 4 KiB a page that was as many page faults as the run
// spent on its own work (2.2 M faults, 10 s of 18 on the 2-core machine), and Debian's kernel
// gives huge pages only where they are asked for (transparent_hugepage=madvise). Everything
// else is malloc's; delete is free, so the two always pair.
#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#define WL_BIG_PAGES_OFF 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define WL_BIG_PAGES_OFF 1
#endif
#endif

// A sanitizer's own new and delete check how memory is paired and freed: they stay.
#if !defined(WL_BIG_PAGES_OFF)
namespace {

constexpr std::size_t kBigAllocation = std::size_t(32) << 20;  // malloc's largest mmap threshold: always a mapping of its own
constexpr std::uintptr_t kHugePage = std::uintptr_t(2) << 20;  // x86-64's and arm64's (4 KiB base pages) transparent huge page

void* allocate(std::size_t size) {
  void* p = std::malloc(size == 0 ? 1 : size);
  if (!p) throw std::bad_alloc();
  if (size >= kBigAllocation) {
    // The whole huge pages inside the block; advice, so a kernel without them just says no.
    const auto first = (reinterpret_cast<std::uintptr_t>(p) + kHugePage - 1) & ~(kHugePage - 1);
    const auto last = (reinterpret_cast<std::uintptr_t>(p) + size) & ~(kHugePage - 1);
    if (last > first) madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
  }
  return p;
}

}  // namespace

void* operator new(std::size_t size) { return allocate(size); }
void* operator new[](std::size_t size) { return allocate(size); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#endif
