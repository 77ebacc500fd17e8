// Input data for a reduction. Deterministic for a given seed on every platform (splitmix64,
// not <random>'s implementation-defined distributions), and never all zeros.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wl {

enum class Pattern { Random, Ones, Ascending, AllEqual, Skewed };

const std::vector<std::string>& pattern_names();
bool parse_pattern(std::string_view name, Pattern& out);

// Values suited to the operator: sums of random integers stay far from overflow in f32,
// products of random floats stay near 1 so they neither overflow nor vanish.
template <class T>
std::vector<T> make_input(Pattern pattern, std::uint64_t n, std::uint64_t seed, std::string_view op);
// The same values written into out[0 .. n), for callers that own the memory (a family's input
// bytes: at n = 2^31 a second copy would be another 8 GiB).
template <class T>
void fill_input(T* out, Pattern pattern, std::uint64_t n, std::uint64_t seed, std::string_view op);

// Bytes of physical memory on this machine, or 0 when it cannot be told.
std::uint64_t physical_memory_bytes();

}  // namespace wl
