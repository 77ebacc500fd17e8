// What the toy family's variants share: their arguments and their plain-data description.
#pragma once
#include <cstdint>

#include "kernels/dialect/dialect.h"

namespace wl::copy_twice {

template <class T>
struct CopyArgs {
  Global<const T> in;
  Global<T> out;
};

struct CopyVariantInfo {
  const char* id;
  const char* lesson;
  const char* origin;
  bool pitfall = false;
  bool deterministic_trace = true;
};

}  // namespace wl::copy_twice
