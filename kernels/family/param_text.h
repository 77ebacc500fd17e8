// A family's parameters as people type them, on the command line of either program.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace wl {

// {"bins=256", "skew=2"} → out["bins"] = 256, out["skew"] = 2. False, with a message in `error`,
// at the first item that is not name=value with a value that is a whole number. Whether the
// family takes the name is validate()'s question (run_request.h).
bool parse_params(const std::vector<std::string>& items, std::map<std::string, std::uint64_t>& out,
                  std::string& error);

}  // namespace wl
