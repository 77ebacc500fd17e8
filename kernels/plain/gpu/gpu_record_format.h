// The raw recording the GPU tracer writes (sanitizer_tracer.cpp, sanitizer_patches.cu) and the
// program reads back (gpu_recording.h). One record is one instruction of one thread, with the
// lanes of its warp that executed it beside it. (One record a warp would be smaller, but a
// patch may not assume its warp's lanes call it together: a warp-wide exchange there can hang.)
// Plain C with fixed widths, shared by device and host code; little-endian like every machine
// WarpLens runs on.
//
// A recording is a folder: launch-<K>.wlrec for each recorded launch (a WlGpuLaunchHeader, the
// kernel's mangled name, the allocations live at the launch, then the records) and
// module-<M>.cubin, the module each launch's header names, for its line table.
#pragma once
#include <stdint.h>

#define WL_GPU_RECORD_MAGIC "WLGPUREC"
#define WL_GPU_RECORD_VERSION 1u

typedef enum {
  WL_GPU_GLOBAL = 0,    /* a global access; flags: WL_GPU_READ / WL_GPU_WRITE, both for an atomic */
  WL_GPU_SHARED = 1,    /* a shared access; address is the offset in the block's shared window */
  WL_GPU_BARRIER = 2,   /* __syncthreads: address = barrier index, size = thread count (0: all) */
  WL_GPU_SYNCWARP = 3,  /* __syncwarp: address = its mask */
  WL_GPU_SHUFFLE = 4    /* a SHFL instruction: no lane or value is given to the patch */
} WlGpuRecordKind;

enum { WL_GPU_READ = 1, WL_GPU_WRITE = 2, WL_GPU_ATOMSYS = 4 };

typedef struct {
  uint64_t pc;        /* absolute; the launch header gives the function's start */
  uint64_t address;   /* global: the address; shared: the offset in the shared window */
  uint64_t value[2];  /* a load's value (read just before it), a store's; 0 for atomics */
  uint32_t block;     /* linear block index */
  uint32_t mask;      /* __activemask() at the instruction: the warp's lanes that executed it */
  uint16_t thread;    /* linear thread index in the block */
  uint8_t kind;       /* WlGpuRecordKind */
  uint8_t flags;
  uint32_t size;      /* bytes of an access; a barrier's thread count */
} WlGpuRecord;

/* A device allocation live at the launch, to name the buffer an address falls in. */
typedef struct {
  uint64_t address;
  uint64_t bytes;
} WlGpuAllocation;

typedef struct {
  char magic[8];
  uint32_t version;
  uint32_t name_bytes;        /* the mangled kernel name follows the header */
  uint32_t grid[3], block[3];
  uint32_t static_shared_bytes;
  uint32_t shared_window_base; /* where the block's shared memory starts in its window (the driver reserves the first KiB on sm_80+) */
  uint32_t module;            /* module-<module>.cubin */
  uint32_t reserved;
  uint64_t function_pc, function_bytes;
  uint64_t launch_index;      /* this launch's index among the program's launches of the kernel */
  uint64_t records;           /* records in the file */
  uint64_t dropped;           /* records past the buffer: the recording is incomplete */
  uint32_t allocations;       /* WlGpuAllocation entries after the name */
  uint32_t recorded_blocks;   /* 0: every block; else that many uint32 block indices after the allocations */
} WlGpuLaunchHeader;

/* The device state of one launch: where its patches write. */
typedef struct {
  unsigned long long reserved;  /* records asked for; past capacity they are dropped */
  unsigned long long capacity;
  WlGpuRecord* records;
  const uint32_t* block_bits;   /* recorded blocks, a bit each; null: every block */
  uint32_t block_words;
  uint32_t enabled;             /* 0: a launch not recorded (its patches return at once) */
  uint32_t shared_values;       /* read each shared load's value before it (1), or leave it 0 */
} WlGpuLaunchState;

#ifdef __cplusplus
static_assert(sizeof(WlGpuRecord) == 48, "the record layout is the recording's format");
#endif
