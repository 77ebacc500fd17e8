// The boundary between a plain-CUDA kernel library and the program that runs it on the
// simulator (kernels/plain/README.md). Plain C: the library is built by clang from a learner's
// .cu file and its glue (plain_glue.cpp); the program fills the hooks (plain_thread.cpp).
// Every call names its source line; memory accesses name their address and return address
// instead (SanitizerCoverage gives no line), which the program turns into a line.
#ifndef WARPLENS_PLAIN_ABI_H
#define WARPLENS_PLAIN_ABI_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// No version field: a library is cached under the program that built it (lab_build_key), so it
// always has this program's layout of the hooks.

// What a warp collective does (the simulator's CollectiveKind, as the library names it).
enum WlPlainCollective {
  WL_PLAIN_SHFL = 0,
  WL_PLAIN_SHFL_DOWN = 1,
  WL_PLAIN_SHFL_UP = 2,
  WL_PLAIN_SHFL_XOR = 3,
  WL_PLAIN_BALLOT = 4,
  WL_PLAIN_ANY = 5,
  WL_PLAIN_ALL = 6,
  WL_PLAIN_MATCH_ANY = 7,
  WL_PLAIN_REDUCE_ADD = 8,  // __reduce_*_sync: arg 1 for int, 0 for unsigned
  WL_PLAIN_REDUCE_MIN = 9,
  WL_PLAIN_REDUCE_MAX = 10,
};

// The read-modify-writes of CUDA's atomic functions.
enum WlPlainAtomic {
  WL_PLAIN_ATOMIC_ADD = 0,
  WL_PLAIN_ATOMIC_SUB = 1,
  WL_PLAIN_ATOMIC_MIN = 2,
  WL_PLAIN_ATOMIC_MAX = 3,
  WL_PLAIN_ATOMIC_EXCH = 4,
  WL_PLAIN_ATOMIC_CAS = 5,
  WL_PLAIN_ATOMIC_AND = 6,
  WL_PLAIN_ATOMIC_OR = 7,
  WL_PLAIN_ATOMIC_XOR = 8,
  WL_PLAIN_ATOMIC_INC = 9,  // atomicInc: old >= operand ? 0 : old + 1 (a ticket that wraps)
  WL_PLAIN_ATOMIC_DEC = 10, // atomicDec: old == 0 || old > operand ? operand : old - 1
};

// How an atomic's operand is to be read: the value type's bits.
enum WlPlainValue { WL_PLAIN_I32 = 0, WL_PLAIN_U32 = 1, WL_PLAIN_F32 = 2, WL_PLAIN_I64 = 3, WL_PLAIN_U64 = 4, WL_PLAIN_F64 = 5 };

struct WlPlainDim { unsigned x, y, z; };

struct WlPlainHooks {
  // Memory: called before the access; `pc` is the instrumented instruction's return address.
  void (*load)(const void* address, unsigned size, const void* pc);
  void (*store)(const void* address, unsigned size, const void* pc);
  // A basic block entered (SanitizerCoverage's trace-pc-guard): `id` numbers the block within
  // the library, `pc` is the callback's return address. Which lanes enter which blocks is how
  // divergence shows where no memory is touched.
  void (*enter)(unsigned id, const void* pc);
  // Indices of the calling thread.
  struct WlPlainDim (*thread_idx)(void);
  struct WlPlainDim (*block_idx)(void);
  struct WlPlainDim (*block_dim)(void);
  struct WlPlainDim (*grid_dim)(void);
  void* (*dynamic_shared)(void);  // the block's extern __shared__ array
  // Synchronisation.
  void (*syncthreads)(unsigned line);
  void (*syncwarp)(unsigned mask, unsigned line);
  void (*threadfence)(unsigned line);
  unsigned (*activemask)(void);
  // A warp collective of `size`-byte values: the value received (shuffles), the mask or
  // predicate (votes), the lanes holding an equal value (match).
  uint64_t (*collective)(enum WlPlainCollective kind, unsigned mask, uint64_t value, unsigned size, unsigned arg,
                         unsigned width, unsigned line);
  // old = *address; *address = kind(old, operand[, compare]); returns old's bits.
  uint64_t (*atomic)(enum WlPlainAtomic kind, enum WlPlainValue type, void* address, uint64_t operand,
                     uint64_t compare, unsigned line);
  // printf (puts, putchar) in a kernel: the text it wrote, kept with the thread that printed
  // it; `pc` is the call's return address.
  void (*print)(const char* text, const void* pc);
  // assert(expression) that failed at `line`: the run stops there (does not return).
  void (*assert_failed)(const char* expression, unsigned line);
};

// Exported by the library: the program binds its hooks before the first launch.
typedef void (*WlPlainBind)(const struct WlPlainHooks* hooks);
// Exported by the library: where its static __shared__ variables lie (all in one section;
// begin == end when it has none).
typedef void (*WlPlainSharedSection)(char** begin, char** end);
// Exported by the library: runs the chosen kernel for the calling thread with the contract's
// pointers and integers (the generated entry at the end of the compiled file).
typedef void (*WlPlainEntry)(void* const* pointers, const uint64_t* integers);

#ifdef __cplusplus
}
#endif
#endif
