#include "trace/value_decode.h"

#include <cstring>

#include "trace/event_info.h"

namespace wl {
namespace {

// Element `index` of width `bytes` from the 16 bytes value[0] (low) then value[1] (high).
std::uint64_t element_bits(const Event& e, unsigned index, unsigned bytes) {
  const unsigned bit = index * bytes * 8;
  const std::uint64_t word = e.value[bit / 64];
  const std::uint64_t shifted = word >> (bit % 64);
  return bytes >= 8 ? shifted : shifted & ((std::uint64_t(1) << (bytes * 8)) - 1);
}

Number as_number(std::uint64_t bits, std::optional<ValueType> type) {
  if (!type) return bits;
  switch (*type) {
    case ValueType::I32: return std::int64_t(std::int32_t(std::uint32_t(bits)));
    case ValueType::U32: return std::uint64_t(std::uint32_t(bits));
    case ValueType::F32: {
      float f;
      const std::uint32_t b = std::uint32_t(bits);
      std::memcpy(&f, &b, 4);
      return double(f);
    }
    case ValueType::F64: {
      double d;
      std::memcpy(&d, &bits, 8);
      return d;
    }
  }
  return bits;
}

// The elements of an access of `size` bytes: typed when they are whole elements of the
// launch type, else unsigned integers of up to 8 bytes each.
void append_elements(const Event& e, unsigned size, std::optional<ValueType> type, std::vector<Number>& out) {
  if (size == 0) return;
  if (size > 16) size = 16;  // never read past value[1], even for an unvalidated event
  const unsigned es = type ? value_type_bytes(*type) : 0;
  if (es != 0 && size % es == 0) {
    for (unsigned k = 0; k < size / es; ++k) out.push_back(as_number(element_bits(e, k, es), type));
    return;
  }
  const unsigned chunk = size > 8 ? 8 : size;
  for (unsigned k = 0; k < size / chunk; ++k) out.push_back(element_bits(e, k, chunk));
}

}  // namespace

std::optional<ValueType> value_type_from_name(std::string_view name) {
  if (name == "i32") return ValueType::I32;
  if (name == "u32") return ValueType::U32;
  if (name == "f32") return ValueType::F32;
  if (name == "f64") return ValueType::F64;
  return std::nullopt;
}

unsigned value_type_bytes(ValueType t) { return t == ValueType::F64 ? 8 : 4; }

EventValueTypes::EventValueTypes(const TraceMeta& meta) : run_(value_type_from_name(meta.type)) {
  for (const BufferRecord& b : meta.buffers) buffers_[b.id] = value_type_from_name(b.type);
}

std::optional<ValueType> EventValueTypes::of(const Event& e) const {
  return is_global_access(e.op) ? buffers_[e.buffer] : run_;
}

std::vector<Number> decode_values(const Event& e, std::optional<ValueType> type) {
  std::vector<Number> out;
  if (is_memory_access(e.op)) {
    const bool atomic = e.op == OpKind::GlobalAtomic || e.op == OpKind::SharedAtomic;
    append_elements(e, atomic && e.size > 8 ? 8 : e.size, type, out);
  } else if (e.op == OpKind::Shuffle) {
    const unsigned size = e.size == 0 || e.size > 8 ? 8 : e.size;
    const unsigned es = type ? value_type_bytes(*type) : 0;
    if (es == size) {
      out.push_back(as_number(element_bits(e, 0, size), type));
      out.push_back(as_number(element_bits(e, 8 / size, size), type));
    } else {
      out.push_back(element_bits(e, 0, size));
      out.push_back(element_bits(e, 8 / size, size));
    }
  } else if (e.op == OpKind::Vote) {
    out.push_back(e.value[0]);
    out.push_back(e.value[1]);
  }
  return out;
}

}  // namespace wl
