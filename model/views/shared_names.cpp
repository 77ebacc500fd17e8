#include "model/views/shared_names.h"

namespace wl {

unsigned run_type_bytes(const TraceMeta& meta) {
  return meta.type == "f64" || meta.type == "i64" || meta.type == "u64" ? 8 : 4;
}

std::string shared_slot_name(const TraceMeta& meta, std::uint64_t slot) {
  const unsigned bytes = run_type_bytes(meta);
  return shared_element_name(meta, slot * bytes, bytes);
}

}  // namespace wl
