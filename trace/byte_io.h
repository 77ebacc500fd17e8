// Little-endian byte encoding with bounds checks, and the FNV-1a checksum: the building
// blocks of the binary trace format. Written byte by byte, so the host's endianness and the
// compiler's struct padding never leak into a file.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace wl {

// FNV-1a, 64-bit. Continue a running hash by passing the previous result as `hash`.
constexpr std::uint64_t kFnvOffsetBasis = 0xcbf29ce484222325ull;
inline std::uint64_t fnv1a64(const std::uint8_t* data, std::size_t size,
                             std::uint64_t hash = kFnvOffsetBasis) {
  for (std::size_t i = 0; i < size; ++i) {
    hash ^= data[i];
    hash *= 0x100000001b3ull;
  }
  return hash;
}

class ByteWriter {
 public:
  explicit ByteWriter(std::vector<std::uint8_t>& out) : out_(out) {}
  void u8(std::uint8_t v) { out_.push_back(v); }
  void u16(std::uint16_t v) { put(v, 2); }
  void u32(std::uint32_t v) { put(v, 4); }
  void u64(std::uint64_t v) { put(v, 8); }
  void f64(double v) {
    std::uint64_t bits;
    std::memcpy(&bits, &v, 8);
    put(bits, 8);
  }
  void bytes(const void* p, std::size_t n) {
    auto b = static_cast<const std::uint8_t*>(p);
    out_.insert(out_.end(), b, b + n);
  }
  void str(const std::string& s) {
    u32(static_cast<std::uint32_t>(s.size()));
    bytes(s.data(), s.size());
  }

 private:
  void put(std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) out_.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  }
  std::vector<std::uint8_t>& out_;
};

// Reads from [begin, end); every read first checks that the bytes are there and otherwise
// returns false, leaving the caller to say what was missing.
class ByteReader {
 public:
  ByteReader(const std::uint8_t* begin, const std::uint8_t* end) : p_(begin), end_(end) {}
  std::size_t remaining() const { return static_cast<std::size_t>(end_ - p_); }
  bool u8(std::uint8_t& v) { return get(v, 1); }
  bool u16(std::uint16_t& v) { return get(v, 2); }
  bool u32(std::uint32_t& v) { return get(v, 4); }
  bool u64(std::uint64_t& v) { return get(v, 8); }
  bool f64(double& v) {
    std::uint64_t bits = 0;
    if (!get(bits, 8)) return false;
    std::memcpy(&v, &bits, 8);
    return true;
  }
  bool str(std::string& s, std::size_t max_length) {
    std::uint32_t n = 0;
    if (!u32(n) || n > max_length || n > remaining()) return false;
    s.assign(reinterpret_cast<const char*>(p_), n);
    p_ += n;
    return true;
  }

 private:
  template <class T>
  bool get(T& v, int n) {
    if (remaining() < std::size_t(n)) return false;
    std::uint64_t x = 0;
    for (int i = 0; i < n; ++i) x |= std::uint64_t(p_[i]) << (8 * i);
    v = static_cast<T>(x);
    p_ += n;
    return true;
  }
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

}  // namespace wl
