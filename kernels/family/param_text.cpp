#include "kernels/family/param_text.h"

#include <stdexcept>

namespace wl {

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

}  // namespace wl
