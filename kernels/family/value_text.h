// A value as a result line shows it: enough digits to give back the same bits.
#pragma once
#include <limits>
#include <sstream>
#include <string>

namespace wl {

template <class T>
std::string value_text(T v) {
  std::ostringstream out;
  out.precision(std::numeric_limits<T>::max_digits10);
  out << v;
  return out.str();
}

}  // namespace wl
