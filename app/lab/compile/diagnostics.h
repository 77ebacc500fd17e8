// What a compiler said about a learner's file, parsed: gcc's and clang's "file:line:column:
// severity: message" and nvcc's "file(line): severity: message", each once, with the line in the
// learner's words; and, for a dialect kernel, what the dialect calls the CUDA names it used.
#pragma once
#include <string>
#include <vector>

namespace wl::lab {

struct Diagnostic {
  std::string file;  // as the compiler printed it
  unsigned line = 0, column = 0;
  std::string severity;  // "error", "warning", "note"
  std::string message;
  bool in_lab_file = false;  // in the learner's file (else in a header it includes)
};

// The parsed diagnostics of a compiler's output, each once (the kernel is compiled for several
// types, and an error in it comes once per type); `lab_path` marks those in the learner's file.
std::vector<Diagnostic> parse_diagnostics(const std::string& output, const std::string& lab_path);

// "mine.h:12:7: error: 'x' was not declared in this scope", one a line, errors first; then, where
// an error in a dialect kernel names CUDA's own spelling (threadIdx, __syncthreads, ...), the line
// dialect_hint gives. A plain-CUDA file (`dialect` false) gets no such line: CUDA is its language.
std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics, bool dialect = true);

// "in the dialect (kernels/dialect/README.md), threadIdx.x is ctx.thread_idx(); ...": what the
// dialect calls each CUDA name the errors mention, in one line; empty when they mention none.
std::string dialect_hint(const std::vector<Diagnostic>& diagnostics);

}  // namespace wl::lab
