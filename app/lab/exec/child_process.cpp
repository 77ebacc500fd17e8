#include "lab/exec/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace wl::lab {
std::string self_executable() {
  char path[4096];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return {};
  path[n] = '\0';
  return path;
}

ChildOutcome run_child(const std::vector<std::string>& argv, const ChildLimits& limits) {
  ChildOutcome out;
  if (argv.empty()) return out;
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
    out.output = std::string("cannot make a pipe: ") + std::strerror(errno);
    return out;
  }
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = fork();
  if (pid < 0) {
    out.output = std::string("cannot start a process: ") + std::strerror(errno);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    return out;
  }
  if (pid == 0) {  // the child: its own process group, so the time limit kills its children too
    // Its own process group, unless it speaks to the terminal: a group apart could not read it.
    if (!limits.pass_output) {
      setpgid(0, 0);
      dup2(pipe_fds[1], STDOUT_FILENO);
      dup2(pipe_fds[1], STDERR_FILENO);
    }
    if (limits.memory_bytes) {
      const rlimit memory{rlim_t(limits.memory_bytes), rlim_t(limits.memory_bytes)};
      setrlimit(RLIMIT_AS, &memory);
    }
    for (const auto& [name, value] : limits.environment) setenv(name.c_str(), value.c_str(), 1);
    const rlimit no_core{0, 0};  // a crash should not leave a core file in the learner's folder
    setrlimit(RLIMIT_CORE, &no_core);
    execv(args[0], args.data());
    const std::string why = std::string("cannot run ") + args[0] + ": " + std::strerror(errno) + "\n";
    (void)!write(STDERR_FILENO, why.data(), why.size());
    _exit(127);
  }
  if (!limits.pass_output) setpgid(pid, pid);
  close(pipe_fds[1]);
  out.started = true;
  // Passed through: the pipe closes at once (the child writes elsewhere); the loop below waits.
  if (limits.pass_output) close(pipe_fds[0]), pipe_fds[0] = -1;
  const auto deadline = start + std::chrono::duration<double>(limits.seconds);
  bool open = true;
  int status = 0;
  bool reaped = false;
  while (true) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) {
      if (!limits.pass_output) kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      out.timed_out = true;
      break;
    }
    if (!open || limits.pass_output) {  // output closed: wait for the exit, a little at a time
      const pid_t done = waitpid(pid, &status, WNOHANG);
      if (done == pid) {
        reaped = true;
        break;
      }
      usleep(2000);
      continue;
    }
    pollfd p{pipe_fds[0], POLLIN, 0};
    const int wait_ms = int(std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now).count()) + 1;
    if (poll(&p, 1, std::min(wait_ms, 100)) > 0) {
      char buffer[4096];
      const ssize_t n = read(pipe_fds[0], buffer, sizeof buffer);
      if (n > 0) {
        if (out.output.size() < limits.most_output) out.output.append(buffer, std::size_t(n));
      } else if (n == 0 || errno != EINTR) {
        open = false;
      }
    }
  }
  if (pipe_fds[0] >= 0) close(pipe_fds[0]);
  if (!reaped) waitpid(pid, &status, 0);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (out.timed_out) return out;
  if (WIFEXITED(status)) out.exit_code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status)) out.signal = WTERMSIG(status);
  return out;
}

std::string describe_outcome(const ChildOutcome& o, const ChildLimits& limits) {
  if (!o.started) return o.output;
  char text[160];
  if (o.timed_out) {
    std::snprintf(text, sizeof text, "ran past its time limit of %g s and was stopped", limits.seconds);
    return text;
  }
  if (o.signal) {
    const char* name = sigabbrev_np(o.signal);
    std::snprintf(text, sizeof text, "crashed with SIG%s (%s)", name ? name : "?", strsignal(o.signal));
    std::string why = text;
    if (o.signal == SIGABRT || o.signal == SIGSEGV || o.signal == SIGBUS)
      if (limits.memory_bytes && o.output.find("bad_alloc") != std::string::npos)
        why += ": it ran out of its memory limit";
    return why;
  }
  if (o.exit_code != 0) {
    std::snprintf(text, sizeof text, "exited with status %d", o.exit_code);
    return text;
  }
  return {};
}

}  // namespace wl::lab
