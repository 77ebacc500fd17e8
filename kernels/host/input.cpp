#include "kernels/host/input.h"

#include <unistd.h>

#include <cmath>
#include <type_traits>

namespace wl {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

namespace {

double unit(std::uint64_t& state) {  // [0, 1)
  return double(splitmix64(state) >> 11) * 0x1.0p-53;
}

template <class T>
T random_value(std::uint64_t& state, std::string_view op) {
  const double u = unit(state);
  if constexpr (std::is_integral_v<T>) {
    if (op == "product") return T(2 * std::int64_t(u * 50) + 1) * (splitmix64(state) & 1 ? 1 : -1);
    if (op == "sum") return T(std::int64_t(u * 2001) - 1000);
    return T(std::int64_t(splitmix64(state) & 0xffffffffu) - 0x80000000ll);
  } else {
    if (op == "product") return T((0.99 + 0.02 * u) * (splitmix64(state) & 1 ? 1 : -1));
    if (op == "sum") return T(2 * u - 1);
    return T(2000 * u - 1000);
  }
}

}  // namespace

unsigned image_pixel(std::uint64_t i) {
  const int x = int(i % 256), y = int(i / 256 % 256);
  int v = 60 + y / 3;                                                   // background, lit from below
  const int dx = x - 150, dy = y - 110;
  if (dx * dx + dy * dy < 60 * 60) v = 215 - (dx * dx + dy * dy) / 120;  // a bright disc
  if (x >= 30 && x < 80 && y >= 40 && y < 220) v = 25;                  // a dark bar
  std::uint64_t state = std::uint64_t(y) * 256 + std::uint64_t(x);
  v += int(splitmix64(state) % 9) - 4;                                  // sensor noise
  return unsigned(v < 0 ? 0 : v > 255 ? 255 : v);
}

const std::vector<std::string>& pattern_names() {
  static const std::vector<std::string> names{"random", "ones", "ascending", "all-equal", "skewed", "image"};
  return names;
}

template <class T>
std::vector<T> make_input(Pattern pattern, std::uint64_t n, std::uint64_t seed, std::string_view op) {
  std::vector<T> v(n);
  fill_input(v.data(), pattern, n, seed, op);
  return v;
}

template <class T>
void fill_input(T* v, Pattern pattern, std::uint64_t n, std::uint64_t seed, std::string_view op) {
  std::uint64_t state = seed;
  for (std::uint64_t i = 0; i < n; ++i) {
    switch (pattern) {
      case Pattern::Random: v[i] = random_value<T>(state, op); break;
      case Pattern::Ones: v[i] = T(1); break;
      case Pattern::Ascending: v[i] = T(i % 1000 + 1); break;
      case Pattern::AllEqual: v[i] = T(3); break;
      case Pattern::Skewed:  // mostly small values, one in a hundred a thousand times larger
        v[i] = splitmix64(state) % 100 == 0 ? T(1000) : T(1 + splitmix64(state) % 3);
        break;
      case Pattern::Image: v[i] = T(image_pixel(i)); break;
    }
  }
}

std::uint64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page_size > 0 ? std::uint64_t(pages) * std::uint64_t(page_size) : 0;
}

#define WL_INPUT_TYPE(T)                                                                     \
  template std::vector<T> make_input(Pattern, std::uint64_t, std::uint64_t, std::string_view); \
  template void fill_input(T*, Pattern, std::uint64_t, std::uint64_t, std::string_view);
WL_INPUT_TYPE(std::int32_t)
WL_INPUT_TYPE(float)
WL_INPUT_TYPE(double)
#undef WL_INPUT_TYPE

}  // namespace wl
