#include "run/run_words.h"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <stdexcept>

namespace wl {
namespace {

// One count: "2^k" or a decimal number; 0 only where `zero_ok`.
bool parse_count(std::string_view text, bool zero_ok, std::uint64_t& n) {
  if (text.empty()) return false;
  const bool power = text.size() > 2 && text.substr(0, 2) == "2^";
  const std::string_view digits = power ? text.substr(2) : text;
  unsigned long long value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || error != std::errc() || end != digits.data() + digits.size()) return false;  // past 2^64 too
  if (power) {
    if (value > 62) return false;
    n = std::uint64_t(1) << value;
  } else {
    n = value;
  }
  return n > 0 || zero_ok;
}

// A comma-separated list of counts and ranges of powers of two ("2^a..2^b"). `what` names an
// item in messages: "a size (2^20, 1048576 or 2^10..2^28)".
bool parse_counts(std::string_view text, bool zero_ok, const std::string& what, std::vector<std::uint64_t>& out,
                  std::string& error) {
  out.clear();
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    const std::size_t dots = item.find("..");
    std::uint64_t first = 0, last = 0;
    if (dots == std::string_view::npos) {
      if (!parse_count(item, zero_ok, first)) {
        error = "'" + std::string(item) + "' is not " + what;
        return false;
      }
      out.push_back(first);
    } else {
      const std::string_view a = item.substr(0, dots), b = item.substr(dots + 2);
      if (a.substr(0, 2) != "2^" || b.substr(0, 2) != "2^" || !parse_count(a, false, first) ||
          !parse_count(b, false, last) || first > last) {
        error = "'" + std::string(item) + "' is not a range of powers of two (2^10..2^28)";
        return false;
      }
      for (std::uint64_t n = first; n <= last; n *= 2) out.push_back(n);
    }
    start = comma + 1;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return true;
}

}  // namespace

bool parse_size(std::string_view text, std::uint64_t& n, std::string& error) {
  if (parse_count(text, true, n)) return true;
  error = "n must be a non-negative whole number such as 1048576 or a power of two such as 2^20, not '" +
          std::string(text) + "'";
  return false;
}

bool parse_sizes(std::string_view text, std::vector<std::uint64_t>& sizes, std::string& error) {
  return parse_counts(text, false, "a size (2^20, 1048576 or 2^10..2^28)", sizes, error);
}

bool parse_param_sweep(std::string_view text, std::string& name, std::vector<std::uint64_t>& values,
                       std::string& error) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == text.size()) {
    error = "'" + std::string(text) + "' is not name=values (cols=1024,2048,4096 or cols=2^10..2^15)";
    return false;
  }
  name = std::string(text.substr(0, eq));
  return parse_counts(text.substr(eq + 1), true, "a value of " + name + " (4096, 2^12 or 2^10..2^15)", values, error);
}

bool parse_block_list(const std::string& text, std::uint32_t grid, std::vector<std::uint32_t>& out,
                      std::string& error) {
  out.clear();
  if (text == "all") {
    if (grid >= (1u << 20)) {
      error = "--record-blocks all: the first launch has " + std::to_string(grid) + " blocks; record at most 2^20";
      return false;
    }
    for (std::uint32_t b = 0; b < grid; ++b) out.push_back(b);
    return true;
  }
  // A block number: digits only (std::stoul would take "-11" as 2^64 - 11), below 2^32.
  auto number = [](std::string_view digits, std::uint32_t& value) {
    const auto [end, problem] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    return !digits.empty() && problem == std::errc() && end == digits.data() + digits.size();
  };
  std::stringstream items(text);
  std::string item;
  while (std::getline(items, item, ',')) {
    const std::size_t dash = item.find('-');
    std::uint32_t first = 0, last = 0;
    const bool ok = number(std::string_view(item).substr(0, dash), first) &&
                    (dash == std::string::npos ? (last = first, true) : number(std::string_view(item).substr(dash + 1), last));
    // At most 2^20 blocks in all: more could never be recorded, and a list of many large
    // ranges would otherwise take gigabytes (both found by tools/fuzz.sh).
    if (!ok || last < first || std::uint64_t(last - first) + out.size() >= (1u << 20)) {
      error = "bad block list '" + text + "' (expected e.g. 0,1,4-7 or all; at most 2^20 blocks)";
      return false;
    }
    for (std::uint64_t b = first; b <= last; ++b) out.push_back(std::uint32_t(b));
  }
  return true;
}

bool parse_params(const std::vector<std::string>& items, std::map<std::string, std::uint64_t>& out,
                  std::string& error) {
  for (const std::string& item : items) {
    const std::size_t eq = item.find('=');
    try {
      std::size_t used = 0;
      if (eq == std::string::npos || eq == 0) throw std::invalid_argument(item);
      const std::string value = item.substr(eq + 1);
      const std::uint64_t number = std::stoull(value, &used);
      if (used != value.size() || value.find_first_not_of("0123456789") != std::string::npos)
        throw std::invalid_argument(item);
      out[item.substr(0, eq)] = number;
    } catch (const std::exception&) {
      error = "bad parameter '" + item + "' (expected name=value, e.g. bins=256)";
      return false;
    }
  }
  return true;
}

bool parse_backend(std::string_view name, BackendChoice& out) {
  if (name == "auto") out = BackendChoice::Auto;
  else if (name == "sim") out = BackendChoice::Simulator;
  else if (name == "gpu") out = BackendChoice::Gpu;
  else return false;
  return true;
}

bool parse_pattern(std::string_view name, Pattern& out) {
  const auto& names = pattern_names();
  for (std::size_t i = 0; i < names.size(); ++i)
    if (name == names[i]) {
      out = Pattern(i);
      return true;
    }
  return false;
}

}  // namespace wl
