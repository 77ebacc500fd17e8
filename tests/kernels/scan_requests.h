// What the scan tests share: a request for a variant.
#pragma once
#include <cstdint>
#include <string>

#include "kernels/family/run_request.h"

namespace wl::test {

inline RunRequest scan_request(const std::string& variant, const std::string& op, const std::string& type,
                               std::uint64_t n, unsigned block, bool exclusive = false) {
  RunRequest r;
  r.family = "scan";
  r.variant = variant;
  r.op = op;
  r.type = type;
  r.n = n;
  r.block = block;
  r.params["exclusive"] = exclusive;
  return r;
}

}  // namespace wl::test
