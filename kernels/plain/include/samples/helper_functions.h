// helper_functions.h: the command-line parsing and host timers that NVIDIA's cuda-samples programs
// take from Common/, written anew for WarpLens (standard C++ only: nvcc, or clang on the simulator).
#ifndef WARPLENS_SAMPLES_HELPER_FUNCTIONS_H
#define WARPLENS_SAMPLES_HELPER_FUNCTIONS_H

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#ifndef EXIT_WAIVED
#define EXIT_WAIVED 2
#endif

// --- the command line: "--name", "-name", "--name=value"
// The value after "name=" in argument `arg` ("" for a bare flag), or nullptr where it is another name.
inline const char* wlMatchArgument(const char* arg, const char* name) {
  if (*arg != '-') return nullptr;
  while (*arg == '-') ++arg;
  const size_t length = std::strlen(name);
  if (std::strncmp(arg, name, length) != 0) return nullptr;
  if (arg[length] == '\0') return arg + length;
  if (arg[length] == '=') return arg + length + 1;
  return nullptr;
}
inline const char* wlFindArgument(int argc, const char** argv, const char* name) {
  for (int i = 1; i < argc; ++i)
    if (const char* value = wlMatchArgument(argv[i], name)) return value;
  return nullptr;
}

inline bool checkCmdLineFlag(const int argc, const char** argv, const char* name) {
  return wlFindArgument(argc, argv, name) != nullptr;
}
inline int getCmdLineArgumentInt(const int argc, const char** argv, const char* name) {
  const char* value = wlFindArgument(argc, argv, name);
  return value ? std::atoi(value) : 0;
}
inline float getCmdLineArgumentFloat(const int argc, const char** argv, const char* name) {
  const char* value = wlFindArgument(argc, argv, name);
  return value ? static_cast<float>(std::atof(value)) : 0.0f;
}
// Points *value at the text after "name=" (inside argv); false where the argument is absent.
inline bool getCmdLineArgumentString(const int argc, const char** argv, const char* name, char** value) {
  const char* found = wlFindArgument(argc, argv, name);
  if (!found || !*found) return false;
  *value = const_cast<char*>(found);
  return true;
}
inline bool checkCmdLineFlag(const int argc, char** argv, const char* name) {
  return checkCmdLineFlag(argc, const_cast<const char**>(argv), name);
}
inline int getCmdLineArgumentInt(const int argc, char** argv, const char* name) {
  return getCmdLineArgumentInt(argc, const_cast<const char**>(argv), name);
}
inline float getCmdLineArgumentFloat(const int argc, char** argv, const char* name) {
  return getCmdLineArgumentFloat(argc, const_cast<const char**>(argv), name);
}
inline bool getCmdLineArgumentString(const int argc, char** argv, const char* name, char** value) {
  return getCmdLineArgumentString(argc, const_cast<const char**>(argv), name, value);
}

// --- host timers, in milliseconds (std::chrono's steady clock)
class StopWatchInterface {
 public:
  void start() {
    begin_ = Clock::now();
    running_ = true;
  }
  void stop() {
    if (!running_) return;
    total_ms_ += since(begin_);
    running_ = false;
    ++sessions_;
  }
  void reset() {
    total_ms_ = 0;
    sessions_ = 0;
    if (running_) begin_ = Clock::now();
  }
  // The time of every finished session, and of the running one so far.
  float getTime() const { return static_cast<float>(total_ms_ + (running_ ? since(begin_) : 0.0)); }
  float getAverageTime() const { return sessions_ ? static_cast<float>(total_ms_ / sessions_) : 0.0f; }

 private:
  typedef std::chrono::steady_clock Clock;
  static double since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
  }
  Clock::time_point begin_{};
  double total_ms_ = 0;
  int sessions_ = 0;
  bool running_ = false;
};

inline bool sdkCreateTimer(StopWatchInterface** timer) {
  *timer = new StopWatchInterface();
  return true;
}
inline bool sdkDeleteTimer(StopWatchInterface** timer) {
  delete *timer;
  *timer = nullptr;
  return true;
}
inline bool sdkStartTimer(StopWatchInterface** timer) {
  if (*timer) (*timer)->start();
  return *timer != nullptr;
}
inline bool sdkStopTimer(StopWatchInterface** timer) {
  if (*timer) (*timer)->stop();
  return *timer != nullptr;
}
inline bool sdkResetTimer(StopWatchInterface** timer) {
  if (*timer) (*timer)->reset();
  return *timer != nullptr;
}
inline float sdkGetTimerValue(StopWatchInterface** timer) { return *timer ? (*timer)->getTime() : 0.0f; }
inline float sdkGetAverageTimerValue(StopWatchInterface** timer) {
  return *timer ? (*timer)->getAverageTime() : 0.0f;
}

#endif  // WARPLENS_SAMPLES_HELPER_FUNCTIONS_H
