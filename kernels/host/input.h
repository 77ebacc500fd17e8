// Input data for a run of any family. Deterministic for a given seed on every platform (splitmix64,
// not <random>'s implementation-defined distributions), and never all zeros.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace wl {

enum class Pattern { Random, Ones, Ascending, AllEqual, Skewed, Image };

// The grey level (0 .. 255) of pixel i of the generated test image, read row by row: a 256 x 256
// scene (a shaded background, a bright disc, a dark bar, sensor noise) repeated as often as n
// needs. Its histogram has the peaks and valleys of a photograph, not of random numbers.
unsigned image_pixel(std::uint64_t i);

// The patterns by name, in Pattern's order (run/run_words.h reads them: parse_pattern).
const std::vector<std::string>& pattern_names();

// The next number of the generator every input uses (splitmix64); advances state.
std::uint64_t splitmix64(std::uint64_t& state);

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
