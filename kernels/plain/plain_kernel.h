// A plain-CUDA kernel library (built by the lab from a learner's .cu file), loaded into the
// process that runs it on the simulator: its entry, where its static shared memory lies, and
// the source line of every instrumented access (a table the build wrote beside the library).
#pragma once
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/plain/plain_abi.h"
#include "kernels/plain/plain_shared.h"

namespace wl {

// Return address (an offset in the library) -> source line of the learner's file.
class PlainLines {
 public:
  PlainLines() = default;
  explicit PlainLines(std::vector<std::pair<std::uint64_t, unsigned>> by_offset);
  // The table's text form: one "offset line" pair a line, offset in hex.
  static bool parse(const std::string& text, PlainLines& out, std::string& error);
  std::string text() const;
  unsigned line_at(std::uint64_t offset) const;  // 0: not an instrumented access of the file
  bool empty() const { return by_offset_.empty(); }

 private:
  std::vector<std::pair<std::uint64_t, unsigned>> by_offset_;  // sorted
  // Every offset's line, for a library of up to kDenseOffsets bytes of code: every access and
  // basic block looks its line up, millions of times a run, so a lookup is one load.
  static constexpr std::uint64_t kDenseOffsets = std::uint64_t(1) << 22;
  std::vector<std::uint32_t> dense_;
};

class PlainKernel {
 public:
  // Loads `library`, whose entry runs the kernel `name`, and binds the simulator's hooks;
  // nullptr and `error` set when it cannot. A whole program's library (`name` empty) has no
  // entry: its main launches its kernels (program_runtime.h).
  static std::unique_ptr<PlainKernel> load(const std::string& library, const std::string& name, const PlainLines& lines,
                                           PlainSharedTable shared, std::string& error);
  ~PlainKernel();
  PlainKernel(const PlainKernel&) = delete;
  PlainKernel& operator=(const PlainKernel&) = delete;

  const std::string& name() const { return name_; }
  WlPlainEntry entry() const { return entry_; }
  char* shared_begin() const { return shared_begin_; }
  std::uint32_t shared_bytes() const { return std::uint32_t(shared_end_ - shared_begin_); }
  unsigned line_of(const void* return_address) const;

  // The file's static shared arrays (plain_shared.h), and which of them the run touched.
  const PlainSharedTable& shared_table() const { return shared_; }
  void touch_shared(std::uint32_t section_offset) const;
  std::vector<bool> touched_shared() const;
  void forget_touched_shared() const;  // a program's next launch: its kernel's arrays alone
  // "sdata[3]": the element of `size` bytes at `offset` of a block's shared memory as the run lays
  // it out now (the section, then the dynamic part at round16(shared_bytes())); "shared[k]" where
  // no array is known.
  std::string shared_element(std::uint32_t offset, unsigned size) const;
  // Whether [p, p + size) is one of the library's own variables (__device__, __constant__).
  bool in_library_object(const void* p, unsigned size) const {
    return shared_.in_object(reinterpret_cast<std::uintptr_t>(p) - base_, size);
  }
  std::uint32_t library_offset(const void* p) const { return std::uint32_t(reinterpret_cast<std::uintptr_t>(p) - base_); }

 private:
  PlainKernel() = default;
  std::string name_;
  void* handle_ = nullptr;
  WlPlainEntry entry_ = nullptr;
  char* shared_begin_ = nullptr;
  char* shared_end_ = nullptr;
  std::uintptr_t base_ = 0;  // where the library is mapped: offsets in `lines_` are from here
  PlainLines lines_;
  PlainSharedTable shared_;
  std::unique_ptr<std::atomic<bool>[]> touched_;  // a symbol of shared_ each; blocks may run on several OS threads
};

// The kernel the plain contracts run. One a process: the lab's child loads the file it runs.
void set_plain_kernel(const PlainKernel* kernel);
const PlainKernel* plain_kernel();

}  // namespace wl
