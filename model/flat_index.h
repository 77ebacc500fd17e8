// A table from 64-bit keys to 32-bit values (an index into the caller's own pool), open
// addressed in one array, emptied in O(1) by moving to a new stamp. The model's passes look up
// millions of locations, threads and lines, and empty their tables once a thread, warp or
// launch: a node-based std::unordered_map spent more time allocating and chasing pointers than
// the passes spent on their own work.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace wl {

class FlatIndex {
 public:
  // The value stored under `key`, `fresh` put there first when the key is new (`added` says).
  // The reference lasts until the next find_or_add.
  std::uint32_t& find_or_add(std::uint64_t key, std::uint32_t fresh, bool& added) {
    if (2 * (used_ + 1) > slots_.size()) grow();
    for (std::size_t at = slot_of(key);; at = (at + 1) & (slots_.size() - 1)) {
      Slot& s = slots_[at];
      if (s.stamp != stamp_) {
        s = {key, fresh, stamp_};
        ++used_;
        added = true;
        return s.value;
      }
      if (s.key == key) {
        added = false;
        return s.value;
      }
    }
  }
  // The value under `key`, or nullptr.
  const std::uint32_t* find(std::uint64_t key) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t at = slot_of(key);; at = (at + 1) & (slots_.size() - 1)) {
      const Slot& s = slots_[at];
      if (s.stamp != stamp_) return nullptr;
      if (s.key == key) return &s.value;
    }
  }
  void clear() {
    used_ = 0;
    if (++stamp_ != 0) return;
    for (Slot& s : slots_) s.stamp = 0;  // the stamp wrapped: every slot free again
    stamp_ = 1;
  }
  std::size_t size() const { return used_; }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t value = 0;
    std::uint32_t stamp = 0;  // the slot holds a key while this equals stamp_
  };
  std::size_t slot_of(std::uint64_t key) const {
    return std::size_t((key * 0x9E3779B97F4A7C15ull) >> 29) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<Slot> old(std::max<std::size_t>(64, 2 * slots_.size()));
    old.swap(slots_);
    const std::uint32_t live = stamp_;
    stamp_ = 1;
    used_ = 0;
    bool added = false;
    for (const Slot& s : old)
      if (s.stamp == live) find_or_add(s.key, s.value, added);
  }

  std::vector<Slot> slots_;
  std::uint32_t stamp_ = 1;
  std::size_t used_ = 0;
};

}  // namespace wl
