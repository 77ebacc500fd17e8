// `warplens record -- PROGRAM ARGS`: runs an unmodified CUDA program with the GPU tracer
// injected (kernels/plain/gpu/), and writes the launches it recorded as one trace, which any
// machine opens (`warplens --trace`), GPU or not.
#include <CLI/CLI.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/run_options.h"
#include "kernels/plain/gpu/gpu_recording.h"
#include "lab/child_process.h"
#include "record_toolchain.h"
#include "trace/trace_file.h"
#include "trace/trace_json.h"

namespace wl::cli {

namespace {

namespace fs = std::filesystem;

struct RecordOptions {
  std::string kernel, launches = "0", blocks = "0", out;
  std::string from, keep;  // a recording to read instead of running; a folder to keep the one made
  std::uint64_t capacity = 1ull << 22;
  bool listing = false;
  std::vector<std::string> program, source_dirs;
};

std::string tracer_dir() {
  if (const char* dir = std::getenv("WARPLENS_TRACER_DIR")) return dir;
  return WL_RECORD_TRACER_DIR;
}

// Runs the program with the tracer injected, its output the user's; returns its exit status.
int run_traced(const RecordOptions& o, const std::string& tracer, const std::string& patches, const std::string& folder,
               const std::string& blocks) {
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    setenv("CUDA_INJECTION64_PATH", tracer.c_str(), 1);
    setenv("WL_TRACER_OUT", folder.c_str(), 1);
    setenv("WL_TRACER_PATCHES", patches.c_str(), 1);
    setenv("WL_TRACER_KERNEL", o.kernel.c_str(), 1);
    setenv("WL_TRACER_LAUNCHES", o.launches.c_str(), 1);
    setenv("WL_TRACER_BLOCKS", blocks.c_str(), 1);
    setenv("WL_TRACER_CAPACITY", std::to_string(o.capacity).c_str(), 1);
    std::vector<char*> argv;
    for (const std::string& a : o.program) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "warplens: cannot run %s: %s\n", argv[0], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The module's code as nvdisasm lists it, with lines where the module has them; a listing the
// recording already holds (module-<M>.sass) is read as it is.
std::map<std::string, SassFunction> disassemble(const std::string& cubin, const std::string& listing, std::string& problem) {
  if (fs::exists(listing)) return parse_sass_listing(read_file(listing));
  const std::string nvdisasm = WL_RECORD_NVDISASM[0] ? WL_RECORD_NVDISASM : "nvdisasm";
  lab::ChildLimits limits;
  limits.seconds = 120;
  const lab::ChildOutcome r =
      lab::run_child({"/bin/sh", "-c", "\"$0\" -c -g -gi \"$1\" > \"$2\"", nvdisasm, cubin, listing}, limits);
  if (!r.ok()) {
    std::error_code ignored;
    fs::remove(listing, ignored);  // a partial listing would be read as whole by --from
    problem = "nvdisasm could not list the kernels' code (" + lab::describe_outcome(r, limits) +
              "): events carry no source line";
    return {};
  }
  return parse_sass_listing(read_file(listing));
}

// The launches a recording holds, as a trace written to o.out.
int convert(const RecordOptions& o, const std::string& folder, const std::vector<std::string>& files);

int record(const RecordOptions& o) {
  if (!o.from.empty()) {
    std::vector<std::string> files;
    for (unsigned k = 0; fs::exists(o.from + "/launch-" + std::to_string(k) + ".wlrec"); ++k)
      files.push_back("launch-" + std::to_string(k) + ".wlrec");
    if (files.empty()) {
      std::cerr << "warplens record: " << o.from << " holds no recorded launch (launch-0.wlrec)\n";
      return 1;
    }
    return convert(o, o.from, files);
  }
  if (o.program.empty()) {
    std::cerr << "warplens record: name the program to run after --, or a recording with --from\n";
    return 2;
  }
  const std::string dir = tracer_dir();
  const std::string tracer = dir + "/libwarplens-tracer.so", patches = dir + "/warplens-patches.fatbin";
  if (dir.empty() || !fs::exists(tracer) || !fs::exists(patches)) {
    std::cerr << "warplens record: this build has no GPU tracer (it needs the CUDA toolkit's Compute Sanitizer API "
                 "headers, compute-sanitizer/include, at build time); set WARPLENS_TRACER_DIR to a folder holding "
                 "libwarplens-tracer.so and warplens-patches.fatbin\n";
    return 1;
  }
  std::string blocks = o.blocks;
  if (blocks != "all") {
    std::vector<std::uint32_t> list;
    std::string error;
    if (!parse_block_list(blocks, 0, list, error)) {
      std::cerr << "warplens record: " << error << "\n";
      return 2;
    }
    blocks.clear();
    for (std::uint32_t b : list) blocks += (blocks.empty() ? "" : ",") + std::to_string(b);
  }
  char folder_template[] = "/tmp/warplens-record-XXXXXX";
  std::error_code made_error;
  const char* made = o.keep.empty() ? mkdtemp(folder_template)
                                    : (fs::create_directories(o.keep, made_error), made_error ? nullptr : o.keep.c_str());
  if (!made) {
    std::cerr << "warplens record: cannot make a folder for the recording (" << (o.keep.empty() ? "/tmp" : o.keep) << ")\n";
    return 1;
  }
  const std::string folder = made;
  struct Remove {
    std::string path;
    ~Remove() {
      std::error_code ignored;
      if (!path.empty()) fs::remove_all(path, ignored);
    }
  } remove{o.keep.empty() ? folder : std::string()};

  const int status = run_traced(o, tracer, patches, folder, blocks);
  if (status == 127) return 1;
  // What the tracer saw: each kernel launched, and the launches it recorded.
  std::vector<std::string> files, launched;
  std::istringstream summary(read_file(folder + "/launches.txt"));
  for (std::string line; std::getline(summary, line);) {
    std::istringstream fields(line);
    std::string what, a, b;
    std::getline(fields, what, '\t');
    std::getline(fields, a, '\t');
    std::getline(fields, b, '\t');
    if (what == "recorded") files.push_back(a);
    if (what == "launched") launched.push_back(short_kernel_name(b) + " (" + a + "x)");
  }
  if (files.empty()) {
    std::cerr << "warplens record: nothing was recorded";
    if (status != 0) std::cerr << "; " << o.program.front() << " exited with " << status;
    if (launched.empty()) {
      std::cerr << "; the program launched no kernel the tracer saw\n";
    } else {
      std::cerr << "; no launch matched --kernel '" << o.kernel << "' and --launch " << o.launches
                << ". The program launched:";
      for (std::size_t i = 0; i < launched.size() && i < 20; ++i) std::cerr << (i ? ", " : " ") << launched[i];
      std::cerr << (launched.size() > 20 ? ", ..." : "") << "\n";
    }
    return 1;
  }
  if (status != 0) std::cerr << "warplens record: " << o.program.front() << " exited with " << status << "; its recorded launches follow\n";
  return convert(o, folder, files);
}

int convert(const RecordOptions& o, const std::string& folder, const std::vector<std::string>& files) {
  GpuRecording recording;
  std::string problem;
  try {
    for (const std::string& f : files) recording.launches.push_back(read_gpu_launch(folder + "/" + f));
  } catch (const std::exception& e) {
    std::cerr << "warplens record: " << e.what() << "\n";
    return 1;
  }
  for (const GpuRecordedLaunch& l : recording.launches) {
    const std::uint32_t m = l.header.module;
    if (recording.modules.count(m)) continue;
    const std::string cubin = folder + "/module-" + std::to_string(m) + ".cubin";
    recording.modules[m] = disassemble(cubin, folder + "/module-" + std::to_string(m) + ".sass", problem);
  }
  if (!problem.empty()) std::cerr << "warplens record: " << problem << "\n";
  GpuTraceOptions options;
  options.listing = o.listing;
  options.source_dirs = o.source_dirs;
  options.program = o.program.empty() ? std::string() : fs::path(o.program.front()).filename().string();
  Trace trace = gpu_recording_trace(recording, options);
  try {
    const bool json = o.out.size() >= 5 && o.out.compare(o.out.size() - 5, 5, ".json") == 0;
    if (json) write_trace_json(trace, o.out);
    else write_trace(trace, o.out);
  } catch (const std::exception& e) {
    std::cerr << "warplens record: " << e.what() << "\n";
    return 1;
  }
  std::printf("%zu events of %zu launch(es) (%s) on the GPU written to %s; lines from %s\n", trace.events.size(),
              trace.meta.launches.size(), trace.meta.variant.c_str(), o.out.c_str(), trace.meta.variant_file.c_str());
  if (trace.overflowed())
    std::printf("INCOMPLETE: %llu records did not fit (raise --event-cap or record fewer blocks)\n",
                (unsigned long long)trace.meta.events_dropped);
  return 0;
}

}  // namespace

void register_record_command(CLI::App& app, CommandStatus& status) {
  CLI::App* c = app.add_subcommand(
      "record", "Run a CUDA program unchanged and record its kernels on the GPU: record [options] -- PROGRAM ARGS");
  auto o = std::make_shared<RecordOptions>();
  c->add_option("--kernel", o->kernel, "a regular expression searched in the kernel's name (default: any kernel)");
  c->add_option("--launch", o->launches, "which matching launches to record, from 0: 0,2 or all")->capture_default_str();
  c->add_option("--record-blocks", o->blocks, "blocks to record: 0,1,5-7 or all")->capture_default_str();
  c->add_option("--event-cap", o->capacity, "most records (one a thread's instruction) kept per launch")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t(1), std::uint64_t(1) << 28));
  c->add_flag("--listing", o->listing, "name lines of the SASS listing even where the kernel's source can be read");
  c->add_option("--out", o->out, "trace file: .json for JSON, anything else binary")->required();
  c->add_option("--source-dir", o->source_dirs, "where to find the kernel's file where its recorded path cannot be read");
  c->add_option("--keep-recording", o->keep, "keep the raw recording in this folder (for --from)");
  c->add_option("--from", o->from, "read a kept recording instead of running a program (any machine)");
  c->add_option("program", o->program, "the program and its arguments, after --");
  c->callback([&status, o] {
    status.ran = true;
    if (o->launches != "all")
      for (char ch : o->launches)
        if (!std::isdigit(static_cast<unsigned char>(ch)) && ch != ',') {
          std::cerr << "warplens record: --launch takes launch numbers (0,2) or all, not '" << o->launches << "'\n";
          status.exit_code = 2;
          return;
        }
    status.exit_code = record(*o);
  });
}

}  // namespace wl::cli
