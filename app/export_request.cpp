#include "export_request.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "core/step.h"

namespace wl {

std::optional<LevelRange> parse_level_range(const std::string& text, std::string& error) {
  LevelRange range;
  if (text == "all") range.all = true;
  else if (text == "current") range.current = true;
  else {
    const std::size_t dots = text.find("..");
    const std::string from = dots == std::string::npos ? text : text.substr(0, dots);
    const std::string to = dots == std::string::npos ? text : text.substr(dots + 2);
    const auto a = parse_step_name(from), b = parse_step_name(to);
    if (!a || !b || *b < *a) {
      error = "invalid levels '" + text + "': expected all, current, or FROM..TO such as 0..3 or load..finish";
      return std::nullopt;
    }
    range.from = *a;
    range.to = *b;
  }
  return range;
}

std::vector<std::uint16_t> select_levels(const LevelRange& range, const std::vector<std::uint16_t>& steps,
                                         std::uint16_t current) {
  if (range.current) return {current};
  std::vector<std::uint16_t> chosen;
  for (const std::uint16_t s : steps)
    if (range.all || (s >= range.from && s <= range.to)) chosen.push_back(s);
  return chosen;
}

namespace {

// Where the one printf conversion of a pattern starts and ends ("%03d"), or npos when there is
// none; false when there are several, or one that is not an integer's.
bool find_conversion(const std::string& p, std::size_t& at, std::size_t& end) {
  at = std::string::npos;
  for (std::size_t i = 0; i < p.size(); ++i) {
    if (p[i] != '%') continue;
    if (i + 1 < p.size() && p[i + 1] == '%') {
      ++i;
      continue;
    }
    if (at != std::string::npos) return false;
    std::size_t j = i + 1;
    while (j < p.size() && (p[j] == '0' || p[j] == '-')) ++j;
    while (j < p.size() && p[j] >= '0' && p[j] <= '9') ++j;
    if (j >= p.size() || p[j] != 'd' || j - i > 4) return false;  // %d up to %09d
    at = i;
    end = j + 1;
  }
  return true;
}

bool writable_file(const std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path file(path);
  const fs::path folder = file.has_parent_path() ? file.parent_path() : fs::path(".");
  if (fs::is_directory(file, ec)) error = "cannot write '" + path + "': it is a folder";
  else if (!fs::is_directory(folder, ec)) error = "cannot write '" + path + "': folder '" + folder.string() + "' does not exist";
  else if (::access(folder.c_str(), W_OK) != 0) error = "cannot write '" + path + "': folder '" + folder.string() + "' is not writable";
  else return true;
  return false;
}

}  // namespace

bool check_frame_pattern(const std::string& pattern, std::string& error) {
  std::size_t at = 0, end = 0;
  if (pattern.empty() || !find_conversion(pattern, at, end)) {
    error = "invalid frame names '" + pattern + "': expected a prefix, or a pattern with one %d such as out-%03d.png";
    return false;
  }
  return true;
}

std::string frame_file_name(const std::string& pattern, int number) {
  std::size_t at = 0, end = 0;
  find_conversion(pattern, at, end);
  char digits[32];
  std::string name;
  if (at == std::string::npos) {  // a prefix
    std::snprintf(digits, sizeof digits, "%03d", number);
    const char last = pattern.back();
    name = pattern + (last == '/' || last == '-' || last == '_' ? "" : "-") + digits + ".png";
  } else {
    std::snprintf(digits, sizeof digits, pattern.substr(at, end - at).c_str(), number);
    name = pattern.substr(0, at) + digits + pattern.substr(end);
  }
  for (std::size_t i = 0; (i = name.find("%%", i)) != std::string::npos; ++i) name.erase(i, 1);
  return name;
}

bool check_export_paths(const ViewExportRequest& request, std::string& error) {
  if (!request.png.empty() && !writable_file(request.png, error)) return false;
  if (!request.frames.empty() && !writable_file(frame_file_name(request.frames, 1), error)) return false;
  if (!request.gif.empty() && !writable_file(request.gif, error)) return false;
  return true;
}

}  // namespace wl
