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

}  // namespace wl
