// A plain kernel's steps named after its loop's variable as well as its barrier: "after line 29
// (3): s = 8". The trace records no variable; the file's `for` header does say what it is at each
// pass, where it is spelled in integers, blockDim.x and the kernel's integer template parameters
// (`for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)`): the header is worked through as the
// kernel runs it. A step whose barrier sits elsewhere, or a header spelled otherwise, keeps its
// name: nothing is guessed.
#pragma once
#include <map>
#include <string>

#include "trace/trace.h"

namespace wl::lab {

// Which value a name stands for: blockDim.x, and the kernel's integer template parameters.
struct PlainLoopContext {
  unsigned block_x = 0;
  std::map<std::string, long long> constants;
};

// Renames trace.meta.steps named "after line L" or "after line L (K)" (kernels/plain/plain_steps.h)
// where line L is a barrier that ends the body of a `for` loop of `text` (the step is the loop's
// next pass) or comes just before one (its first pass).
void name_loop_steps(Trace& trace, const std::string& text, const PlainLoopContext& context);

}  // namespace wl::lab
