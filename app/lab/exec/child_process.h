// Runs a program as a child process with a time limit and a memory limit, and says how it ended:
// the learner's code runs only there, so its crash, hang or runaway memory ends the child, never
// the app. POSIX (fork, exec, rlimits).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace wl::lab {

struct ChildLimits {
  double seconds = 10;                 // wall-clock; then the child and its own children are killed
  std::uint64_t memory_bytes = 0;      // address space (RLIMIT_AS); 0: none
  std::vector<std::pair<std::string, std::string>> environment;  // set in the child only (the GPU tracer's)
  // The child's stdin, stdout and stderr are this process's (a program run from the CLI speaks
  // to the user); ChildOutcome::output stays empty.
  bool pass_output = false;
  // Output kept, at most: a child printing forever must not fill the app's memory. A listing a
  // build reads (objdump's of a whole program) asks for more.
  std::size_t most_output = std::size_t(1) << 20;
};

struct ChildOutcome {
  bool started = false;   // false: fork or exec failed (output says why)
  bool timed_out = false; // killed at the time limit
  int exit_code = -1;     // when it exited
  int signal = 0;         // when a signal ended it (not the time limit's)
  std::string output;     // stdout and stderr together, at most 1 MiB kept
  double seconds = 0;     // how long it ran

  bool ok() const { return started && !timed_out && signal == 0 && exit_code == 0; }
};

ChildOutcome run_child(const std::vector<std::string>& argv, const ChildLimits& limits);

// "crashed with SIGSEGV (segmentation fault)", "ran past its time limit of 10 s", "exited with 3";
// empty when it exited with 0.
std::string describe_outcome(const ChildOutcome& outcome, const ChildLimits& limits);

// This program's own executable (/proc/self/exe), to run it again as the child.
std::string self_executable();

}  // namespace wl::lab
