#include "lab/compile/diagnostics.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <regex>
#include <sstream>

namespace wl::lab {
namespace {

namespace fs = std::filesystem;

// Whether `text` holds `word` whole, not inside a longer name (__shfl_sync in __shfl_down_sync).
bool names_word(const std::string& text, const std::string& word) {
  const auto is_name = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const std::size_t end = at + word.size();
    if ((at == 0 || !is_name(text[at - 1])) && (end == text.size() || !is_name(text[end]))) return true;
  }
  return false;
}

}  // namespace

std::vector<Diagnostic> parse_diagnostics(const std::string& output, const std::string& lab_path) {
  std::vector<Diagnostic> out;
  static const std::regex line_re(R"(^(.*?):(\d+):(\d+): (fatal error|error|warning|note): (.*)$)");
  // nvcc's CUDA front end: "file.cu(12): error: identifier "x" is undefined", "file.cu(3): warning
  // #177-D: ..." (no column).
  static const std::regex nvcc_re(R"(^(.*?)\((\d+)\): (error|warning)(?: #\d+(?:-D)?)?: (.*)$)");
  const std::string absolute = fs::absolute(lab_path).lexically_normal().string();
  std::istringstream lines(output);
  std::string line;
  std::smatch m;
  while (std::getline(lines, line)) {
    Diagnostic d;
    if (std::regex_match(line, m, line_re)) {
      d.file = m[1];
      d.line = unsigned(std::stoul(m[2]));
      d.column = unsigned(std::stoul(m[3]));
      d.severity = m[4] == "fatal error" ? "error" : std::string(m[4]);
      d.message = m[5];
    } else if (std::regex_match(line, m, nvcc_re)) {
      d.file = m[1];
      d.line = unsigned(std::stoul(m[2]));
      d.severity = m[3];
      d.message = m[4];
    } else {
      continue;
    }
    d.in_lab_file = d.file == absolute || d.file == lab_path;
    if (d.in_lab_file) d.file = lab_path;
    // The driver instantiates the kernel once per type: the same error comes once per type.
    const auto same = [&d](const Diagnostic& e) {
      return e.file == d.file && e.line == d.line && e.column == d.column && e.severity == d.severity &&
             e.message == d.message;
    };
    if (std::none_of(out.begin(), out.end(), same)) out.push_back(std::move(d));
  }
  return out;
}

std::string dialect_hint(const std::vector<Diagnostic>& diagnostics) {
  // CUDA's names a dialect kernel cannot use, and what kernels/dialect/README.md calls them.
  static const std::pair<const char*, const char*> kCudaNames[] = {
      {"threadIdx", "threadIdx.x is ctx.thread_idx()"},
      {"blockIdx", "blockIdx.x is ctx.block_idx()"},
      {"blockDim", "blockDim.x is ctx.block_dim()"},
      {"gridDim", "gridDim.x is ctx.grid_dim()"},
      {"__syncthreads", "__syncthreads() is ctx.sync()"},
      {"__syncwarp", "__syncwarp(mask) is ctx.syncwarp(mask)"},
      {"__threadfence", "__threadfence() is ctx.fence()"},
      {"__shared__", "__shared__ T s[n] is Shared<T> s = shared_array<T>(ctx, n)"},
      {"atomicAdd", "atomicAdd(&a[i], v) is ctx.atomic_add(a, i, v)"},
      {"__shfl_down_sync", "__shfl_down_sync(mask, v, d) is ctx.shfl_down(mask, v, d)"},
      {"__shfl_xor_sync", "__shfl_xor_sync(mask, v, d) is ctx.shfl_xor(mask, v, d)"},
      {"__shfl_sync", "__shfl_sync(mask, v, src) is ctx.shfl(mask, v, src)"},
  };
  std::string said;
  for (const auto& [name, dialect] : kCudaNames)
    if (std::any_of(diagnostics.begin(), diagnostics.end(),
                    [word = std::string(name)](const Diagnostic& d) { return d.severity == "error" && names_word(d.message, word); }))
      said += (said.empty() ? "" : "; ") + std::string(dialect);
  return said.empty() ? "" : "in the dialect (kernels/dialect/README.md), " + said;
}

std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics, bool dialect) {
  std::string out;
  for (const char* severity : {"error", "warning"})
    for (const Diagnostic& d : diagnostics)
      if (d.severity == severity)
        out += d.file + ":" + std::to_string(d.line) + (d.column ? ":" + std::to_string(d.column) : "") + ": " +
               d.severity + ": " + d.message + "\n";  // nvcc gives no column
  if (const std::string hint = dialect ? dialect_hint(diagnostics) : ""; !hint.empty()) out += hint + "\n";
  return out;
}

}  // namespace wl::lab
