#include "kernels/plain/plain_kernel.h"

#include <dlfcn.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <sstream>

#include "kernels/plain/plain_thread.h"

namespace wl {
namespace {
const PlainKernel* current_kernel = nullptr;
}

PlainLines::PlainLines(std::vector<std::pair<std::uint64_t, unsigned>> by_offset) : by_offset_(std::move(by_offset)) {
  std::sort(by_offset_.begin(), by_offset_.end());
  if (!by_offset_.empty() && by_offset_.back().first < kDenseOffsets) {
    dense_.assign(by_offset_.back().first + 1, 0);
    for (const auto& [offset, line] : by_offset_) dense_[offset] = line;
  }
}

bool PlainLines::parse(const std::string& text, PlainLines& out, std::string& error) {
  std::vector<std::pair<std::uint64_t, unsigned>> pairs;
  std::istringstream in(text);
  std::string row;
  for (unsigned k = 1; std::getline(in, row); ++k) {
    if (row.empty()) continue;
    std::uint64_t offset = 0;
    unsigned line = 0;
    if (std::sscanf(row.c_str(), "%" SCNx64 " %u", &offset, &line) != 2) {
      error = "line " + std::to_string(k) + " of the line table is not 'offset line'";
      return false;
    }
    pairs.emplace_back(offset, line);
  }
  out = PlainLines(std::move(pairs));
  return true;
}

std::string PlainLines::text() const {
  std::string out;
  char row[48];
  for (const auto& [offset, line] : by_offset_) {
    std::snprintf(row, sizeof row, "%" PRIx64 " %u\n", offset, line);
    out += row;
  }
  return out;
}

unsigned PlainLines::line_at(std::uint64_t offset) const {
  if (!dense_.empty()) return offset < dense_.size() ? dense_[offset] : 0;
  const auto it = std::lower_bound(by_offset_.begin(), by_offset_.end(), std::make_pair(offset, 0u));
  return it != by_offset_.end() && it->first == offset ? it->second : 0;
}

std::unique_ptr<PlainKernel> PlainKernel::load(const std::string& library, const std::string& name,
                                               const PlainLines& lines, PlainSharedTable shared, std::string& error) {
  std::unique_ptr<PlainKernel> k(new PlainKernel());
  k->name_ = name;
  // Lazily: the file's host code may call what another file of its program defines (the
  // samples' isPow2), which the lab never runs, so an unresolved function must not stop the load.
  k->handle_ = dlopen(library.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (!k->handle_) {
    error = std::string("cannot load the built kernel: ") + dlerror();
    return nullptr;
  }
  const auto bind = reinterpret_cast<WlPlainBind>(dlsym(k->handle_, "wl_plain_bind"));
  const auto section = reinterpret_cast<WlPlainSharedSection>(dlsym(k->handle_, "wl_plain_shared_section"));
  k->entry_ = reinterpret_cast<WlPlainEntry>(dlsym(k->handle_, "wl_plain_entry"));
  if (!bind || !section || (!k->entry_ && !name.empty())) {
    error = "the built kernel lacks its glue (wl_plain_bind, wl_plain_shared_section or wl_plain_entry)";
    return nullptr;
  }
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void*>(bind), &info) || !info.dli_fbase) {
    error = "cannot tell where the built kernel is loaded";
    return nullptr;
  }
  k->base_ = reinterpret_cast<std::uintptr_t>(info.dli_fbase);
  section(&k->shared_begin_, &k->shared_end_);
  if (!k->shared_begin_ || k->shared_end_ < k->shared_begin_) k->shared_begin_ = k->shared_end_ = nullptr;
  k->lines_ = lines;
  k->shared_ = std::move(shared);
  k->touched_ = std::make_unique<std::atomic<bool>[]>(k->shared_.symbols.size());
  bind(&plain_hooks());
  return k;
}

PlainKernel::~PlainKernel() {
  if (current_kernel == this) current_kernel = nullptr;
  if (handle_) dlclose(handle_);
}

unsigned PlainKernel::line_of(const void* return_address) const {
  return lines_.line_at(reinterpret_cast<std::uintptr_t>(return_address) - base_);
}

void PlainKernel::touch_shared(std::uint32_t section_offset) const {
  if (const PlainSharedSymbol* s = shared_.symbol_at(section_offset))
    touched_[std::size_t(s - shared_.symbols.data())].store(true, std::memory_order_relaxed);
}

std::vector<bool> PlainKernel::touched_shared() const {
  std::vector<bool> out(shared_.symbols.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = touched_[i].load(std::memory_order_relaxed);
  return out;
}

void PlainKernel::forget_touched_shared() const {
  for (std::size_t i = 0; i < shared_.symbols.size(); ++i) touched_[i].store(false, std::memory_order_relaxed);
}

std::string PlainKernel::shared_element(std::uint32_t offset, unsigned size) const {
  const unsigned element = size ? size : 4;
  const std::uint32_t dynamic_at = plain_shared_bytes(*this, 0);  // the static part, rounded as the dynamic part starts
  if (offset < dynamic_at) {  // in an array, or past the end of the one before (sdata[256] of 256)
    const PlainSharedSymbol* before = nullptr;
    for (const PlainSharedSymbol& s : shared_.symbols)
      if (s.section_offset <= offset) before = &s;
    if (before) return before->name + "[" + std::to_string((offset - before->section_offset) / element) + "]";
  } else if (!shared_.dynamic_name.empty()) {
    return shared_.dynamic_name + "[" + std::to_string((offset - dynamic_at) / element) + "]";
  }
  return "shared[" + std::to_string(offset / element) + "]";
}

void set_plain_kernel(const PlainKernel* kernel) { current_kernel = kernel; }
const PlainKernel* plain_kernel() { return current_kernel; }

}  // namespace wl
