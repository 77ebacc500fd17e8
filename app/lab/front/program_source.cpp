#include "lab/front/program_source.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <utility>
#include <vector>

#include "lab/front/plain_source.h"

namespace wl::lab {
namespace {

bool launch_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// `s` on one line, runs of white space one space, as a C string literal's contents.
std::string one_line_literal(const std::string& s) {
  std::string out;
  bool space = false;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::string one_line(const std::string& s) {
  std::string out = s;
  std::replace(out.begin(), out.end(), '\n', ' ');
  return out;
}

// Where the kernel expression before a `<<<` at `at` begins: `ns::kernel<T, 256>`.
std::size_t kernel_begin(const std::string& code, std::size_t at) {
  std::size_t i = at;
  while (i > 0 && std::isspace(static_cast<unsigned char>(code[i - 1]))) --i;
  if (i > 0 && code[i - 1] == '>') {  // template arguments: back to their '<'
    int depth = 0;
    while (i > 0) {
      const char c = code[--i];
      if (c == '>') ++depth;
      else if (c == '<' && --depth == 0) break;
    }
    while (i > 0 && std::isspace(static_cast<unsigned char>(code[i - 1]))) --i;
  }
  while (i > 0 && (launch_name_char(code[i - 1]) || code[i - 1] == ':')) --i;
  return i;
}

}  // namespace

std::string program_unsupported(const std::string& text) {
  static const std::vector<std::pair<std::regex, const char*>> calls = {
      {std::regex(R"(\b(cudaGraph\w*|cudaStreamBeginCapture|cudaStreamEndCapture)\b)"), "CUDA graphs"},
      {std::regex(R"(\b(cudaMallocArray|cudaMemcpyToArray|cudaMemcpy2DToArray|cudaArray_t|cudaMalloc3DArray)\b)"), "CUDA arrays"},
      {std::regex(R"(\b(cudaLaunchCooperativeKernel|cudaLaunchCooperativeKernelMultiDevice)\b)"), "a cooperative launch"},
      {std::regex(R"(\b(cudaIpc\w*|cudaDeviceEnablePeerAccess|cudaMemcpyPeer\w*)\b)"), "several GPUs' memory"},
  };
  const std::string code = code_only(text);
  std::size_t first = std::string::npos;
  std::string what;
  for (const auto& [re, name] : calls) {
    std::smatch m;
    if (std::regex_search(code, m, re) && std::size_t(m.position(0)) < first) {
      first = std::size_t(m.position(0));
      what = std::string(name) + " (" + m.str(0) + ")";
    }
  }
  if (first == std::string::npos) return plain_unsupported(text);
  const std::string plain = plain_unsupported(text);
  const unsigned line = unsigned(std::count(code.begin(), code.begin() + std::ptrdiff_t(first), '\n')) + 1;
  const std::string mine = "line " + std::to_string(line) + " uses " + what + ", which the simulator does not run: run it with --backend gpu";
  // The earlier of the two: plain_unsupported's sentence starts with its line.
  if (!plain.empty() && std::stoul(plain.substr(5)) < line) return plain;
  return mine;
}

std::string program_compile_source(const std::string& text, const std::string& path) {
  const std::string code = code_only(text);
  std::string out;
  std::size_t copied = 0;
  for (std::size_t at = code.find("<<<"); at != std::string::npos; at = code.find("<<<", at + 3)) {
    const std::size_t config_end = code.find(">>>", at + 3);
    if (config_end == std::string::npos) break;
    std::size_t open = config_end + 3;
    while (open < code.size() && std::isspace(static_cast<unsigned char>(code[open]))) ++open;
    if (open >= code.size() || code[open] != '(') continue;  // not a launch: clang says what it is
    int depth = 0;
    std::size_t close = open;
    for (; close < code.size(); ++close) {
      if (code[close] == '(') ++depth;
      else if (code[close] == ')' && --depth == 0) break;
    }
    const std::size_t begin = kernel_begin(code, at);
    if (close >= code.size() || begin < copied || begin == at) continue;
    const std::string kernel = text.substr(begin, at - begin), config = text.substr(at + 3, config_end - at - 3);
    const std::string arguments = text.substr(open + 1, close - open - 1);
    std::string call = "::wl_program::launch([](auto... wl_a) { " + one_line(kernel) + "(wl_a...); }, \"" +
                       one_line_literal(kernel) + "\", \"" + one_line_literal(arguments) + "\", __LINE__, " +
                       one_line(config) + ")(" + one_line(arguments) + ")";
    // The launch's own newlines follow it, so the code after it keeps its line.
    call += std::string(std::size_t(std::count(text.begin() + std::ptrdiff_t(begin), text.begin() + std::ptrdiff_t(close), '\n')), '\n');
    out += text.substr(copied, begin - copied) + call;
    copied = close + 1;
    at = close;
  }
  out += text.substr(copied);
  return plain_compile_source(out, path, "");
}

}  // namespace wl::lab
