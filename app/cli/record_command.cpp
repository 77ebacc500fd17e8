// `warplens record -- PROGRAM ARGS`: runs an unmodified CUDA program with the GPU tracer
// injected (kernels/plain/gpu/), and writes the launches it recorded as one trace, which any
// machine opens (`warplens --trace`), GPU or not.
#include <CLI/CLI.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/run_options.h"
#include "kernels/plain/gpu/gpu_recording.h"
#include "lab/exec/program_run.h"
#include "lab/record/gpu_tracer.h"
#include "run/program_request.h"
#include "trace/trace_file.h"
#include "trace/trace_json.h"

namespace wl::cli {

namespace {

namespace fs = std::filesystem;

struct RecordOptions {
  std::string backend = "auto";  // gpu: the program is an executable; sim: its source files
  std::string gpu = kDefaultProgramDevice;
  double seconds = kProgramDefaultSeconds;
  std::uint64_t memory_mib = kLabDefaultMemory >> 20;
  std::string kernel, launches = "0", blocks = "0", out;
  std::string from, keep;  // a recording to read instead of running; a folder to keep the one made
  std::uint64_t capacity = 1ull << 22;
  bool listing = false;
  std::vector<std::string> program, source_dirs;
};

// Runs the program with the tracer injected, its output the user's; returns its exit status.
int run_traced(const RecordOptions& o, const lab::GpuTracer& tracer, const lab::TracerRequest& request) {
  const pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    for (const auto& [name, value] : lab::tracer_environment(tracer, request)) setenv(name.c_str(), value.c_str(), 1);
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

// The launches a recording holds, as a trace written to o.out.
int convert(const RecordOptions& o, const std::string& folder, const std::vector<std::string>& files);

bool write_out(const Trace& trace, const std::string& out) {
  try {
    const bool json = out.size() >= 5 && out.compare(out.size() - 5, 5, ".json") == 0;
    if (json) write_trace_json(trace, out);
    else write_trace(trace, out);
    return true;
  } catch (const std::exception& e) {
    std::cerr << "warplens record: " << e.what() << "\n";
    return false;
  }
}

// `record --backend sim -- FILES [-I DIR] [-D X] [-- ARGS]`: the program built from its sources
// and run on the simulator (lab/exec/program_run.h), its output the user's, its exit status
// record's.
int record_on_simulator(const RecordOptions& o) {
  ProgramRequest request;
  std::string error;
  if (!parse_program_words(o.program, request, error)) {
    std::cerr << "warplens record: " << error << "\n";
    return 2;
  }
  request.kernel = o.kernel;
  request.launches = o.launches;
  request.record_blocks = o.blocks;
  request.event_cap = o.capacity;
  request.gpu = o.gpu;
  request.seconds = o.seconds;
  request.memory_mib = o.memory_mib;
  SettledProgram program;
  if (const std::string problem = settle_program(request, program); !problem.empty()) {
    std::cerr << "warplens record: " << problem << "\n";
    return 2;
  }
  const lab::ProgramRun run = lab::run_program(program, /*pass_output=*/true);
  if (!run.ran) {
    std::cerr << run.build.build.output;  // clang's messages, at the program's lines
    std::cerr << "warplens record: " << run.problem << "\n";
    return 1;
  }
  if (!run.ended.empty()) std::cerr << "warplens record: " << run.ended << "; its recorded launches are kept\n";
  if (!run.problem.empty()) std::cerr << "warplens record: " << run.problem << "\n";
  if (!run.trace) {
    std::cerr << "warplens record: nothing was recorded";
    if (run.launches.empty()) {
      std::cerr << "; the program launched no kernel\n";
    } else {
      std::cerr << "; no launch matched --kernel '" << o.kernel << "' and --launch " << o.launches << ". The program launched:";
      for (std::size_t i = 0; i < run.launches.size() && i < 20; ++i) std::cerr << (i ? ", " : " ") << run.launches[i].kernel;
      std::cerr << (run.launches.size() > 20 ? ", ...\n" : "\n");
    }
    return run.exit_code > 0 ? run.exit_code : 1;
  }
  if (!write_out(*run.trace, o.out)) return 1;
  std::printf("%zu events of %zu launch(es) (%s) on the simulator written to %s; lines from %s\n",
              run.trace->events.size(), run.trace->meta.launches.size(), run.trace->meta.variant.c_str(), o.out.c_str(),
              run.trace->meta.variant_file.c_str());
  if (run.trace->overflowed())
    std::printf("INCOMPLETE: %llu events did not fit (raise --event-cap or record fewer blocks)\n",
                (unsigned long long)run.trace->meta.events_dropped);
  if (!run.ended.empty()) return 1;
  return run.exit_code;
}

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
  if (o.backend == "sim" || (o.backend == "auto" && is_program_source(o.program.front()))) return record_on_simulator(o);
  if (is_program_source(o.program.front())) {
    std::cerr << "warplens record: on the GPU, record runs a built program; " << o.program.front()
              << " is a source file (build it with nvcc, or record it with --backend sim)\n";
    return 2;
  }
  std::string why;
  const std::optional<lab::GpuTracer> tracer = lab::find_gpu_tracer(why);
  if (!tracer) {
    std::cerr << "warplens record: " << why << "\n";
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

  lab::TracerRequest request;
  request.folder = folder;
  request.kernel = o.kernel;
  request.launches = o.launches;
  request.blocks = blocks;
  request.capacity = o.capacity;
  const int status = run_traced(o, *tracer, request);
  if (status == 127) return 1;
  const lab::RecordingSummary seen = lab::read_recording_summary(folder);
  const std::vector<std::string>& files = seen.recorded;
  const std::vector<std::string>& launched = seen.launched;
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
  const int converted = convert(o, folder, files);
  return converted != 0 ? converted : status;  // the program's own status, as on the simulator
}

int convert(const RecordOptions& o, const std::string& folder, const std::vector<std::string>& files) {
  GpuRecording recording;
  std::string problem;
  try {
    recording = lab::read_recording(folder, files, problem);
  } catch (const std::exception& e) {
    std::cerr << "warplens record: " << e.what() << "\n";
    return 1;
  }
  if (!problem.empty()) std::cerr << "warplens record: " << problem << "\n";
  GpuTraceOptions options;
  options.listing = o.listing;
  options.source_dirs = o.source_dirs;
  options.program = o.program.empty() ? std::string() : fs::path(o.program.front()).filename().string();
  Trace trace = gpu_recording_trace(recording, options);
  if (!write_out(trace, o.out)) return 1;
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
      "record",
      "Run a CUDA program unchanged and record its kernels: on the GPU, record [options] -- PROGRAM ARGS; on the "
      "simulator, record --backend sim [options] -- FILES.cu [FILES.cpp] [-I DIR] [-D X] [-- ARGS]");
  auto o = std::make_shared<RecordOptions>();
  c->add_option("--backend", o->backend,
                 "gpu: run a built program with the GPU tracer; sim: build its sources and run them on the simulator; "
                 "auto: sim where the program is named by its sources")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "sim", "gpu"}));
  c->add_option("--gpu", o->gpu, "on the simulator: the GPU the program's device queries see (" + program_device_names() + ")")
      ->capture_default_str();
  c->add_option("--time-limit", o->seconds, "on the simulator: seconds the program may run; then it is stopped, its recorded launches kept")
      ->capture_default_str()
      ->check(CLI::Range(0.1, 86400.0));
  c->add_option("--memory-limit", o->memory_mib, "on the simulator: MiB of memory the program may use")
      ->capture_default_str()
      ->check(CLI::Range(std::uint64_t(64), std::uint64_t(1) << 30));
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
  c->add_option("program", o->program, "the program and its arguments (or its sources, flags, -- and arguments), after --");
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
