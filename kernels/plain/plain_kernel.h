// A plain-CUDA kernel library (built by the lab from a learner's .cu file), loaded into the
// process that runs it on the simulator: its entry, where its static shared memory lies, and
// the source line of every instrumented access (a table the build wrote beside the library).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/plain/plain_abi.h"

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
};

class PlainKernel {
 public:
  // Loads `library`, whose entry runs the kernel `name`, and binds the simulator's hooks;
  // nullptr and `error` set when it cannot.
  static std::unique_ptr<PlainKernel> load(const std::string& library, const std::string& name, const PlainLines& lines,
                                           std::string& error);
  ~PlainKernel();
  PlainKernel(const PlainKernel&) = delete;
  PlainKernel& operator=(const PlainKernel&) = delete;

  const std::string& name() const { return name_; }
  WlPlainEntry entry() const { return entry_; }
  char* shared_begin() const { return shared_begin_; }
  std::uint32_t shared_bytes() const { return std::uint32_t(shared_end_ - shared_begin_); }
  unsigned line_of(const void* return_address) const;

 private:
  PlainKernel() = default;
  std::string name_;
  void* handle_ = nullptr;
  WlPlainEntry entry_ = nullptr;
  char* shared_begin_ = nullptr;
  char* shared_end_ = nullptr;
  std::uintptr_t base_ = 0;  // where the library is mapped: offsets in `lines_` are from here
  PlainLines lines_;
};

// The kernel the plain contracts run. One a process: the lab's child loads the file it runs.
void set_plain_kernel(const PlainKernel* kernel);
const PlainKernel* plain_kernel();

}  // namespace wl
