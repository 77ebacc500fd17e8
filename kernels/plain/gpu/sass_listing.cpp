#include "kernels/plain/gpu/sass_listing.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <regex>

namespace wl {

const SassInstruction* SassFunction::at(std::uint64_t offset) const {
  auto it = std::lower_bound(instructions.begin(), instructions.end(), offset,
                             [](const SassInstruction& i, std::uint64_t o) { return i.offset < o; });
  return it != instructions.end() && it->offset == offset ? &*it : nullptr;
}

namespace {

std::string_view trim_left(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  return s;
}

// `File "<path>", line <n>` at the start of s; the rest after it in `rest`.
bool take_location(std::string_view s, SassLocation& out, std::string_view& rest) {
  constexpr std::string_view kFile = "File \"";
  if (s.substr(0, kFile.size()) != kFile) return false;
  s.remove_prefix(kFile.size());
  const std::size_t quote = s.find('"');
  if (quote == std::string_view::npos) return false;
  out.file = std::string(s.substr(0, quote));
  s.remove_prefix(quote + 1);
  constexpr std::string_view kLine = ", line ";
  if (s.substr(0, kLine.size()) != kLine) return false;
  s.remove_prefix(kLine.size());
  out.line = 0;
  while (!s.empty() && std::isdigit(static_cast<unsigned char>(s.front()))) {
    out.line = out.line * 10 + unsigned(s.front() - '0');
    s.remove_prefix(1);
  }
  rest = s;
  return true;
}

}  // namespace

// Written without <regex>: a library's module lists hundreds of thousands of instructions.
std::map<std::string, SassFunction> parse_sass_listing(std::string_view text) {
  std::map<std::string, SassFunction> functions;
  SassFunction* current = nullptr;
  std::vector<SassLocation> pending;  // the //## lines since the last instruction
  std::vector<SassLocation> last;     // they hold until the next //## lines
  bool fresh = false;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trim_left(text.substr(start, end - start));
    start = end + 1;
    constexpr std::string_view kSection = ".section\t.text.", kSectionSpace = ".section .text.";
    if (line.substr(0, kSection.size()) == kSection || line.substr(0, kSectionSpace.size()) == kSectionSpace) {
      std::string_view name = line.substr(kSection.size());
      name = name.substr(0, name.find_first_of(", \t"));
      current = &functions[std::string(name)];
      current->name = std::string(name);
      pending.clear(), last.clear();
      fresh = false;
      continue;
    }
    if (!current) continue;
    constexpr std::string_view kLocation = "//## ";
    if (line.substr(0, kLocation.size()) == kLocation) {
      SassLocation at;
      std::string_view rest;
      if (!take_location(line.substr(kLocation.size()), at, rest)) continue;
      if (!fresh) pending.clear();
      fresh = true;
      pending.push_back(std::move(at));
      continue;
    }
    if (line.substr(0, 2) != "/*") continue;
    const std::size_t close = line.find("*/");
    if (close == std::string_view::npos || close == 2) continue;
    std::uint64_t offset = 0;
    bool hex = true;
    for (char c : line.substr(2, close - 2)) {
      if (!std::isxdigit(static_cast<unsigned char>(c))) hex = false;
      else offset = offset * 16 + unsigned(std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    if (!hex) continue;
    std::string_view body = trim_left(line.substr(close + 2));
    const std::size_t semi = body.find(';');
    if (semi == std::string_view::npos) continue;
    body = body.substr(0, semi);
    while (!body.empty() && (body.back() == ' ' || body.back() == '\t')) body.remove_suffix(1);
    if (fresh) last = pending;
    fresh = false;
    current->instructions.push_back({offset, std::string(body), last});
  }
  for (auto& [name, f] : functions)
    std::stable_sort(f.instructions.begin(), f.instructions.end(),
                     [](const SassInstruction& a, const SassInstruction& b) { return a.offset < b.offset; });
  return functions;
}

std::optional<SassShuffle> parse_sass_shuffle(std::string_view text) {
  static const std::regex shfl(R"(SHFL\.(IDX|UP|DOWN|BFLY)\S*\s+\S+,\s*\S+,\s*\S+,\s*(\S+),\s*(\S+))");
  const std::string s(text);
  std::smatch m;
  if (!std::regex_search(s, m, shfl)) return std::nullopt;
  SassShuffle out;
  const std::string mode = m[1].str();
  out.mode = mode == "UP" ? SassShuffle::Up : mode == "DOWN" ? SassShuffle::Down : mode == "BFLY" ? SassShuffle::Bfly
                                                                                                    : SassShuffle::Idx;
  auto immediate = [](const std::string& operand) -> std::optional<unsigned> {
    if (operand.rfind("0x", 0) == 0) return unsigned(std::strtoul(operand.c_str() + 2, nullptr, 16));
    if (!operand.empty() && std::isdigit(static_cast<unsigned char>(operand[0])))
      return unsigned(std::strtoul(operand.c_str(), nullptr, 10));
    return std::nullopt;
  };
  out.lane_operand = immediate(m[2].str());
  out.clamp = immediate(m[3].str());
  return out;
}

bool sass_is_compare_and_swap(std::string_view text) {
  static const std::regex cas(R"((^|\s)ATOM[GS]?(\.\w+)*\.CAST?(\.|\s))");
  const std::string s(text);
  return std::regex_search(s, cas);
}

}  // namespace wl
