// The run nothing names: the family and variant a request, the command line, the app and a
// lesson start on. Here, below kernels and model, because both need it;
// tests/kernels/default_run_test.cpp holds it to the family list (kernels/families/families.txt).
#pragma once

namespace wl {

inline constexpr const char* kDefaultFamily = "reduce";       // the family list's first
inline constexpr const char* kDefaultVariant = "sequential";  // its first lesson's, sequential addressing

}  // namespace wl
