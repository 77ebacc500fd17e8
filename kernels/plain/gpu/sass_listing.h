// A kernel's machine code as `nvdisasm -c -g -gi` prints it: each instruction's offset, text and
// source location, the inlined calls it sits in included. The GPU recording's events are joined
// to it by their pc (gpu_recording.h): their lines, and the listing the Source view shows for a
// kernel built without line information.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wl {

struct SassLocation {
  std::string file;  // as the line table names it (an absolute path where nvcc was given one)
  unsigned line = 0;
};

struct SassInstruction {
  std::uint64_t offset = 0;  // from the function's start
  std::string text;          // "@!P0 LDS R9, [R7+0x200]"
  // Where it came from, innermost first: an intrinsic's header line, the calls it was inlined
  // into, and last the line in the kernel's own body. Empty without line information.
  std::vector<SassLocation> inlined;
};

struct SassFunction {
  std::string name;  // mangled
  std::vector<SassInstruction> instructions;  // by offset
  const SassInstruction* at(std::uint64_t offset) const;  // null where no instruction starts
};

// Every function of the listing, by mangled name.
std::map<std::string, SassFunction> parse_sass_listing(std::string_view text);

// A SHFL instruction's mode and immediate lane operand: "SHFL.BFLY PT, R2, R7, 0x10, 0x1f".
struct SassShuffle {
  enum Mode { Idx, Up, Down, Bfly } mode = Idx;
  std::optional<unsigned> lane_operand;  // empty where a register gives it
  std::optional<unsigned> clamp;         // the c operand, (32 - width) << 8 | 0x1f; empty: a register
};
std::optional<SassShuffle> parse_sass_shuffle(std::string_view text);

// Whether an instruction is a compare-and-swap: "ATOMS.CAST.SPIN P0, [R2], R4, R5" (the loop a
// float atomicAdd on shared memory becomes on sm_90), "ATOMG.E.CAS.STRONG.GPU ...".
bool sass_is_compare_and_swap(std::string_view text);

}  // namespace wl
