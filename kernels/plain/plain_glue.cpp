// Compiled into every plain-CUDA kernel library, without instrumentation (lab_build): the
// SanitizerCoverage callbacks and the intrinsics the prelude (include/warplens_plain.h)
// declares, each forwarding to the hooks the program binds (plain_abi.h). Hidden, so the
// instrumented file's calls bind here even where the program defines the same names (a
// sanitizer runtime does).
#include <stdint.h>

#include "plain_abi.h"
#include "program_abi.h"

#define WL_HIDDEN __attribute__((visibility("hidden")))

namespace {
const WlPlainHooks* hooks = nullptr;
const WlProgramRuntime* runtime = nullptr;  // a whole program's (program_abi.h); none for a lab file
}

// Every static __shared__ variable is placed in this section (the prelude's __shared__); the
// linker names its bounds. Weak: a kernel with only dynamic shared memory has no such section.
extern "C" char __start_wl_shared[] __attribute__((weak, visibility("hidden")));
extern "C" char __stop_wl_shared[] __attribute__((weak, visibility("hidden")));

extern "C" {

__attribute__((visibility("default"))) void wl_plain_bind(const WlPlainHooks* h) { hooks = h; }
__attribute__((visibility("default"))) void wl_program_bind(const WlProgramRuntime* r) { runtime = r; }
WL_HIDDEN const WlProgramRuntime* wl_program_runtime() { return runtime; }
__attribute__((visibility("default"))) void wl_plain_shared_section(char** begin, char** end) {
  *begin = __start_wl_shared;
  *end = __stop_wl_shared;
}

// SanitizerCoverage: trace-loads and trace-stores call these before every access the
// instrumented file makes (trace-pc-guard must be on for them to be emitted at all), and
// trace-pc-guard at every basic block (and split edge) it enters.
#define WL_ACCESS(N, T)                                                                                   \
  WL_HIDDEN void __sanitizer_cov_load##N(T* p) { hooks->load(p, N, __builtin_return_address(0)); }    \
  WL_HIDDEN void __sanitizer_cov_store##N(T* p) { hooks->store(p, N, __builtin_return_address(0)); }
WL_ACCESS(1, uint8_t)
WL_ACCESS(2, uint16_t)
WL_ACCESS(4, uint32_t)
WL_ACCESS(8, uint64_t)
WL_ACCESS(16, __int128)
#undef WL_ACCESS
WL_HIDDEN void __sanitizer_cov_trace_pc_guard_init(uint32_t* begin, uint32_t* end) {
  static uint32_t blocks = 0;
  for (uint32_t* guard = begin; guard < end; ++guard)
    if (!*guard) *guard = ++blocks;
}
WL_HIDDEN void __sanitizer_cov_trace_pc_guard(uint32_t* guard) { hooks->enter(*guard, __builtin_return_address(0)); }

WL_HIDDEN WlPlainDim wl_plain_thread_idx() { return hooks->thread_idx(); }
WL_HIDDEN WlPlainDim wl_plain_block_idx() { return hooks->block_idx(); }
WL_HIDDEN WlPlainDim wl_plain_block_dim() { return hooks->block_dim(); }
WL_HIDDEN WlPlainDim wl_plain_grid_dim() { return hooks->grid_dim(); }
WL_HIDDEN void* wl_plain_dynamic_shared() { return hooks->dynamic_shared(); }
WL_HIDDEN void wl_plain_syncthreads(unsigned line) { hooks->syncthreads(line); }
WL_HIDDEN void wl_plain_syncwarp(unsigned mask, unsigned line) { hooks->syncwarp(mask, line); }
WL_HIDDEN void wl_plain_threadfence(unsigned line) { hooks->threadfence(line); }
WL_HIDDEN unsigned wl_plain_activemask() { return hooks->activemask(); }
WL_HIDDEN uint64_t wl_plain_collective(WlPlainCollective kind, unsigned mask, uint64_t value, unsigned size,
                                       unsigned arg, unsigned width, unsigned line) {
  return hooks->collective(kind, mask, value, size, arg, width, line);
}
WL_HIDDEN uint64_t wl_plain_atomic(WlPlainAtomic kind, WlPlainValue type, void* address, uint64_t operand,
                                   uint64_t compare, unsigned line) {
  return hooks->atomic(kind, type, address, operand, compare, line);
}
// printf and the calls clang turns it into (puts, putchar): what a kernel prints goes to the
// program with the thread that printed it, not to the child's stdout, where it would be lost.
int vsnprintf(char* to, unsigned long size, const char* format, __builtin_va_list args);
WL_HIDDEN int printf(const char* format, ...) {
  char text[1024];
  __builtin_va_list args;
  __builtin_va_start(args, format);
  const int n = vsnprintf(text, sizeof text, format, args);
  __builtin_va_end(args);
  hooks->print(text, __builtin_return_address(0));
  return n;
}
WL_HIDDEN int puts(const char* text) {
  char line[1024];
  unsigned n = 0;
  while (text[n] && n + 2 < sizeof line) line[n] = text[n], ++n;
  line[n] = '\n';
  line[n + 1] = 0;
  hooks->print(line, __builtin_return_address(0));
  return int(n + 1);
}
WL_HIDDEN int putchar(int c) {
  const char text[2] = {char(c), 0};
  hooks->print(text, __builtin_return_address(0));
  return c;
}
// A program's exit() keeps its recording first (the runtime then exits the process).
void _exit(int code) __attribute__((noreturn));
WL_HIDDEN __attribute__((noreturn)) void exit(int code) {
  if (runtime) runtime->exit(code);
  _exit(code);
}
// glibc's assert calls this; defined here, hidden, the file's failed assert stops its thread at
// the assert's line instead of aborting the process.
WL_HIDDEN __attribute__((noreturn)) void __assert_fail(const char* expression, const char*, unsigned line, const char*) {
  hooks->assert_failed(expression, line);
  __builtin_trap();  // assert_failed does not return
}

}  // extern "C"
