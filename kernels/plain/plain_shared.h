// The static __shared__ arrays of a plain-CUDA library, named as the learner's file names them,
// and laid out as nvcc lays out one kernel's: the file's arrays share one section of the library
// (warplens_plain.h), so a kernel's `XY` may lie 4 KiB in, after another kernel's `sdata`; on a
// GPU each kernel's arrays start at byte 0, in the order they are declared, each aligned to its
// type. The lab's build writes the table (symbols from the library, order and alignment from the
// source); the run marks the arrays the kernel touched, then lays those out.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace wl {

struct PlainSharedSymbol {
  std::uint32_t section_offset = 0;  // from the start of the library's shared section
  std::uint32_t bytes = 0;
  std::string name;                  // "sdata"
};

// An array the running kernel declares, in source order, with its type's alignment.
struct PlainSharedDecl {
  std::string name;
  unsigned align = 0;  // 0: a type the build could not size (then as lay_out_plain_shared says)
};

// A variable of the library that is not shared memory (a __device__ or __constant__ one): memory
// a kernel may touch that is no buffer of the run, so never an out-of-bounds access of one.
struct PlainLibraryObject {
  std::uint64_t address = 0;  // from where the library is loaded
  std::uint64_t bytes = 0;
  std::string name;
};

class PlainSharedTable {
 public:
  std::vector<PlainSharedSymbol> symbols;  // by section offset
  std::vector<PlainSharedDecl> declared;   // the kernel's own, then the file's, in source order
  std::string dynamic_name;                // its `extern __shared__` array's (or SharedMemory<T>()'s) name
  std::vector<PlainLibraryObject> objects; // the library's other variables, by address

  // One row a line: "symbol OFFSET BYTES NAME", "declared NAME ALIGN", "dynamic NAME",
  // "object ADDRESS BYTES NAME".
  static bool parse(const std::string& text, PlainSharedTable& out, std::string& error);
  std::string text() const;

  // The symbol holding section byte `offset`; nullptr for none (alignment padding).
  const PlainSharedSymbol* symbol_at(std::uint32_t offset) const;
  // Whether [address, address + bytes) (from the library's load address) is in one of `objects`.
  bool in_object(std::uint64_t address, unsigned bytes) const;
};

// Where the touched symbols go: symbol i (of table.symbols) at offsets[i] in the kernel's shared
// memory, and the static part's size; untouched symbols get none.
struct PlainSharedLayout {
  std::vector<std::uint32_t> offsets;  // kNotLaidOut for untouched
  std::uint32_t static_bytes = 0;
  static constexpr std::uint32_t kNotLaidOut = ~std::uint32_t(0);
};

// Declared arrays first, in declaration order, then any other touched symbol by section offset;
// each aligned to its declared type (else to the largest power of two, up to 16, that divides its
// size and its section offset), packed from byte 0.
PlainSharedLayout lay_out_plain_shared(const PlainSharedTable& table, const std::vector<bool>& touched);

// Rewrites the shared addresses of `trace` (recorded against the section, the dynamic part at
// round16(section_bytes)) to `layout`'s, the launches' shared bytes with them, and names the
// arrays in trace.meta.shared_arrays (the dynamic one after the static part, if it has a name).
void apply_plain_shared_layout(Trace& trace, const PlainSharedTable& table, const PlainSharedLayout& layout,
                               std::uint32_t section_bytes);

}  // namespace wl
