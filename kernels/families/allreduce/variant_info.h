// What the host knows of an all-reduce variant without its code. Plain data: the app and the CLI
// read it without the templates.
#pragma once

namespace wl::allreduce {

struct AllReduceVariantInfo {
  const char* id;
  const char* lesson;  // one line: what it changes and why
  const char* origin;  // where it comes from
  bool powers_of_two = false;  // runs on 2, 4, 8 GPUs only (partners at distance 2^k)
  bool pitfall = false;        // deliberately wrong; shown as a lesson, not used for timing
  bool deterministic_trace = true;  // same events on every run (no timing-dependent order)
  bool second_buffer = false;  // needs a second output-sized buffer a rank (ping-pong)
  bool grid_over_n = false;    // its grid strides over all n elements, not over a chunk: a block a block of n
  bool channels = false;       // one block a channel (`--param channels`), each with a flag a rank (pipelined.h)
};

}  // namespace wl::allreduce
