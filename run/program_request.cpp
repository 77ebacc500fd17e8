#include "run/program_request.h"

#include <filesystem>
#include <fstream>
#include <regex>

namespace wl {

namespace fs = std::filesystem;

bool is_program_source(const std::string& path) {
  const std::string ext = fs::path(path).extension().string();
  return ext == ".cu" || ext == ".cpp" || ext == ".cc" || ext == ".c" || ext == ".cxx";
}

bool parse_program_words(const std::vector<std::string>& words, ProgramRequest& out, std::string& error) {
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "--") {
      out.arguments.assign(words.begin() + std::ptrdiff_t(i) + 1, words.end());
      break;
    }
    const bool flag_i = w.rfind("-I", 0) == 0, flag_d = w.rfind("-D", 0) == 0;
    if (flag_i || flag_d) {
      std::string value = w.substr(2);
      if (value.empty()) {
        if (i + 1 == words.size()) {
          error = w + " needs a value";
          return false;
        }
        value = words[++i];
      }
      (flag_i ? out.include_dirs : out.defines).push_back(value);
    } else if (is_program_source(w)) {
      out.files.push_back(w);
    } else {
      error = "'" + w + "' is neither a source file (.cu, .cpp, .cc, .c) nor -I or -D; the program's own arguments go after a second --";
      return false;
    }
  }
  if (out.files.empty()) {
    error = "name the program's source files (.cu, .cpp) after --";
    return false;
  }
  return true;
}

std::string settle_program(const ProgramRequest& request, SettledProgram& out) {
  out = SettledProgram{};
  out.request = request;
  if (request.files.empty()) return "name the program's source files (.cu, .cpp)";
  bool any_cuda = false;
  for (const std::string& f : request.files) {
    std::ifstream in(f, std::ios::binary);
    if (!in) return "cannot read " + f;
    if (!is_program_source(f)) return f + " is not a source file (.cu, .cpp, .cc, .c)";
    any_cuda = any_cuda || fs::path(f).extension() == ".cu";
  }
  if (!any_cuda) return "none of the files is a .cu file: the program's kernels are in one";
  for (const std::string& d : request.include_dirs)
    if (!fs::is_directory(d)) return "-I " + d + ": no such folder";
  ProgramPlan& plan = out.plan;
  plan.kernel = request.kernel;
  if (!request.kernel.empty()) {
    try {
      std::regex check(request.kernel);
    } catch (const std::regex_error&) {
      return "--kernel '" + request.kernel + "' is not a regular expression";
    }
  }
  if (request.launches == "all") {
    plan.all_launches = true;
  } else {
    plan.launches.clear();
    std::vector<std::uint32_t> list;
    std::string error;
    if (!parse_block_list(request.launches, 0, list, error))
      return "--launch takes launch numbers (0,2 or 1-3) or all, not '" + request.launches + "'";
    plan.launches.insert(list.begin(), list.end());
  }
  if (request.record_blocks == "all") {
    plan.all_blocks = true;
  } else {
    std::string error;
    if (!parse_block_list(request.record_blocks, 0, plan.blocks, error)) return error;
  }
  if (request.event_cap == 0) return "--event-cap must be at least 1";
  plan.event_cap = request.event_cap;
  plan.device = find_program_device(request.gpu);
  if (!plan.device) return "--gpu " + request.gpu + ": the simulator stands for " + program_device_names();
  if (!(request.seconds > 0)) return "--time-limit must be more than 0 seconds";
  if (request.memory_mib < 64) return "--memory-limit must be at least 64 MiB";
  // The program's device memory lives in the child's, beside the simulator's own needs.
  plan.memory_bytes = (request.memory_mib << 20) / 4 * 3;
  out.name = fs::path(request.files.front()).stem().string();
  for (const std::string& f : request.files)
    if (fs::path(f).extension() == ".cu") {
      out.name = fs::path(f).stem().string();
      break;
    }
  return {};
}

}  // namespace wl
