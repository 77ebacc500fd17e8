// A CUDA failure turned into a message for the user (no GPU, old driver, out of memory...).
#pragma once
#include <stdexcept>
#include <string>

namespace wl {

class GpuError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace wl
