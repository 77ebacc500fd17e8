// The CUDA runtime a whole program runs on here (kernels/plain/README.md, "Programs"): its
// cudaMalloc'd memory in this process, its launches run by the simulator (SimGrid) one after
// another in program order, the chosen ones recorded into one trace, and CUDA's error rules (a
// launch's bad configuration is the next cudaGetLastError's; a kernel's fault is sticky: every
// later call returns it). One a process: the program's library is bound to it
// (program_abi.h's table), and the child that runs a program (app/lab/exec/program_exec) owns it.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "kernels/host/run_recorder.h"
#include "kernels/plain/plain_kernel.h"
#include "kernels/plain/plain_thread.h"
#include "kernels/plain/program_abi.h"
#include "trace/trace.h"

namespace wl {

// Which launches and blocks to record, as `record` takes them (app/cli/record_command.cpp).
struct ProgramPlan {
  std::string kernel;                    // a regular expression searched in the kernel's name; empty: any
  bool all_launches = false;             // of the launches that match
  std::set<unsigned> launches{0};
  bool all_blocks = false;
  std::vector<std::uint32_t> blocks{0};  // those past a launch's grid are left out of it
  std::uint64_t event_cap = std::uint64_t(1) << 22;  // events kept per launch
  const WlProgramDevice* device = nullptr;           // what the program reads of its GPU
  std::uint64_t memory_bytes = 0;        // device memory it may allocate (0: the device's)
  std::string file;                      // the kernels' file, as a fault names it
  bool device_variables = false;         // it declares __device__ variables: the trace gets their buffer
};

// A launch the program made, recorded or not.
struct ProgramLaunch {
  std::string kernel, arguments;
  unsigned line = 0;
  WlPlainDim grid{1, 1, 1}, block{1, 1, 1};
  std::uint64_t shared_bytes = 0;
  int recorded = -1;      // its index among the trace's launches; -1: not recorded
  int error = 0;          // the cudaError_t it returned or made sticky
  std::string what;       // why it failed, in a sentence
  double ms = 0;          // the simulator's time for it
};

class ProgramRuntime {
 public:
  // `library`: the program's, loaded (no entry); `name`: the program, for the trace.
  ProgramRuntime(const PlainKernel& library, ProgramPlan plan, std::string name);
  ~ProgramRuntime();
  ProgramRuntime(const ProgramRuntime&) = delete;
  ProgramRuntime& operator=(const ProgramRuntime&) = delete;

  const WlProgramRuntime& table() const;
  // Called after each recorded launch, and by exit(): the trace so far (finished), to be kept
  // where a later crash of the program cannot take it.
  std::function<void(const Trace&)> on_recorded;
  // exit() in the program: keep what there is, then exit the process with `code`.
  std::function<void(int code)> on_exit;

  Trace finished_trace() const;  // the trace so far, in canonical order with its steps named
  const std::vector<ProgramLaunch>& launches() const { return launches_; }
  double simulated_ms() const { return clock_ms_; }

  // The table's calls (program_abi.h), on the runtime bound now.
  int malloc(void** p, std::uint64_t bytes, WlProgramMemory kind, const char* name, unsigned element_bytes,
             const char* type, unsigned line);
  int free(void* p, WlProgramMemory kind, unsigned line);
  int memcpy(void* to, const void* from, std::uint64_t bytes, int direction, int symbol, unsigned line);
  int memset(void* p, int value, std::uint64_t bytes, unsigned line);
  int launch(const WlProgramLaunch& l);
  int synchronize(unsigned line);
  int last_error(bool clear);
  int refuse(int code, const char* call, const std::string& why, unsigned line);
  double now_ms(unsigned line);
  std::uint64_t free_bytes() const;
  [[noreturn]] void exit(int code);

 private:
  struct Allocation {
    std::unique_ptr<char[]> memory;
    std::uint64_t bytes = 0;
    WlProgramMemory kind = WL_PROGRAM_DEVICE;
    std::string name, type;
    unsigned element_bytes = 0, line = 0;
    BufferId id = kNoBuffer;  // in the trace, once a recorded launch saw it
    bool copied_in = false, copied_out = false;  // by cudaMemcpy: the trace calls it input or output
  };
  // The allocation holding [p, p + bytes), or nullptr.
  Allocation* find(const void* p, std::uint64_t bytes);
  int fail(int code);  // the error a call returns: the sticky one where a kernel failed
  bool records(const std::string& kernel);
  std::vector<PlainBuffer> buffers(const WlProgramLaunch& l, bool recorded);
  void lay_out_shared(std::size_t events_before);

  const PlainKernel& library_;
  ProgramPlan plan_;
  std::string name_;
  std::optional<std::regex> kernel_pattern_;
  std::map<const char*, Allocation> allocations_;  // by base
  std::uint64_t allocated_ = 0;
  int last_ = 0, sticky_ = 0;
  unsigned matched_ = 0;  // launches that matched plan_.kernel so far
  double clock_ms_ = 0;
  bool told_clock_ = false;
  std::set<std::pair<std::string, unsigned>> told_;  // (call, line) said once
  std::vector<ProgramLaunch> launches_;
  std::set<std::uint32_t> recorded_blocks_;
  BufferId library_buffer_ = kNoBuffer;
  enum class SharedNames { None, Kept, Dropped } shared_names_ = SharedNames::None;  // the __device__ variables', once a recorded launch needs it
  Trace trace_;
  RunRecorder recorder_{&trace_};
};

// "d_idata" of "(void **)&d_idata": the variable a cudaMalloc call names.
std::string program_variable_name(const std::string& argument);

}  // namespace wl
