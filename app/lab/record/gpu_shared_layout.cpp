#include "lab/record/gpu_shared_layout.h"

#include <algorithm>
#include <cctype>
#include <regex>
#include <sstream>

namespace wl::lab {
namespace {

// The source's name of a PTX variable: `sdata` for a function's static `_ZZ6reduceIfE...E5sdata`
// (with or without a `_0` discriminator), `xy` for `_ZN2ns2xyE`, the name itself when unmangled.
std::string source_name(const std::string& ptx_name) {
  if (ptx_name.rfind("_Z", 0) != 0) return ptx_name;
  // <length><identifier> pieces; a local static's name follows its function's encoding and an E.
  auto piece_at = [&](std::size_t at, std::string& id) {
    std::size_t digits = at;
    while (digits < ptx_name.size() && std::isdigit(static_cast<unsigned char>(ptx_name[digits]))) ++digits;
    if (digits == at) return std::string::npos;
    const std::size_t length = std::stoul(ptx_name.substr(at, digits - at));
    if (digits + length > ptx_name.size()) return std::string::npos;
    id = ptx_name.substr(digits, length);
    return digits + length;
  };
  std::string id;
  if (ptx_name.rfind("_ZZ", 0) == 0) {
    for (std::size_t e = ptx_name.rfind('E'); e != std::string::npos && e > 0; e = ptx_name.rfind('E', e - 1))
      if (piece_at(e + 1, id) != std::string::npos) return id;
    return ptx_name;
  }
  if (ptx_name.rfind("_ZN", 0) == 0) {  // ns::...::name, each a piece, up to the closing E
    std::string last;
    for (std::size_t at = 3; at < ptx_name.size() && ptx_name[at] != 'E';) {
      at = piece_at(at, last);
      if (at == std::string::npos) return ptx_name;
    }
    return last.empty() ? ptx_name : last;
  }
  return ptx_name;
}

}  // namespace

std::string ptx_shared_table(const std::string& ptx) {
  static const std::regex entry(R"(^\s*\.(?:visible\s+)?\.entry\s+([A-Za-z_$][\w$]*)\s*\()");
  // An array of bytes (`.b8 sdata[1024]`), or a scalar (`.u32 block_sum`), or an array of one.
  static const std::regex array(
      R"(^\s*\.shared\s+\.align\s+(\d+)\s+\.[bsuf](8|16|32|64)\s+([A-Za-z_$][\w$]*)(?:\[(\d+)\])?;)");
  std::istringstream in(ptx);
  std::string line, kernel, out;
  std::uint64_t offset = 0;
  std::smatch m;
  while (std::getline(in, line)) {
    if (std::regex_search(line, m, entry)) {
      kernel = m[1];
      offset = 0;
    } else if (!kernel.empty() && std::regex_search(line, m, array)) {
      const std::uint64_t align = std::max<std::uint64_t>(1, std::stoull(m[1]));
      const std::uint64_t bytes = std::stoull(m[2]) / 8 * (m[4].matched ? std::stoull(m[4]) : 1);
      offset = (offset + align - 1) / align * align;
      out += kernel + " " + std::to_string(offset) + " " + std::to_string(bytes) + " " + source_name(m[3]) + "\n";
      offset += bytes;
    }
  }
  return out;
}

std::vector<SharedArrayRecord> gpu_shared_arrays(const std::string& table, const std::string& kernel,
                                                 std::uint32_t static_bytes) {
  std::vector<SharedArrayRecord> out;
  std::istringstream in(table);
  std::uint64_t end = 0;
  for (std::string k; in >> k;) {
    SharedArrayRecord r;
    if (!(in >> r.offset >> r.bytes >> r.name)) break;
    if (k != kernel) continue;
    end = std::max<std::uint64_t>(end, std::uint64_t(r.offset) + r.bytes);
    out.push_back(std::move(r));
  }
  if (end > static_bytes || static_bytes - end >= 16) out.clear();  // ptxas may round the end up
  return out;
}

}  // namespace wl::lab
