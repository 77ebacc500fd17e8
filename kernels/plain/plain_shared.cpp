#include "kernels/plain/plain_shared.h"

#include <algorithm>
#include <sstream>

namespace wl {
namespace {
// (Names here are unique to this file: the sanitized build compiles a library's sources together.)

constexpr std::uint32_t kWidestAlign = 16;  // a float4's, the widest access a kernel makes

std::uint32_t shared_align_up(std::uint32_t v, std::uint32_t align) { return (v + align - 1) / align * align; }
std::uint32_t shared_dynamic_start(std::uint32_t v) { return shared_align_up(v, 16); }

// The largest power of two up to kWidestAlign dividing v (kWidestAlign for 0).
std::uint32_t largest_pow2_dividing(std::uint32_t v) {
  std::uint32_t a = 1;
  while (a < kWidestAlign && v % (2 * a) == 0) a *= 2;
  return a;
}

// An array of a type the build could not size: no more aligned than its size and its place in
// the section (where clang aligned it) allow.
std::uint32_t guessed_align(const PlainSharedSymbol& s) {
  return std::min(largest_pow2_dividing(s.bytes), largest_pow2_dividing(s.section_offset));
}

bool touches_shared(OpKind op) {
  return op == OpKind::SharedLoad || op == OpKind::SharedStore || op == OpKind::SharedAtomic;
}

}  // namespace

bool PlainSharedTable::parse(const std::string& text, PlainSharedTable& out, std::string& error) {
  out = PlainSharedTable();
  std::istringstream in(text);
  std::string row;
  for (unsigned k = 1; std::getline(in, row); ++k) {
    if (row.empty()) continue;
    std::istringstream words(row);
    std::string kind;
    words >> kind;
    if (kind == "symbol") {
      PlainSharedSymbol s;
      if (words >> s.section_offset >> s.bytes >> s.name) {
        out.symbols.push_back(std::move(s));
        continue;
      }
    } else if (kind == "declared") {
      PlainSharedDecl d;
      if (words >> d.name >> d.align && d.align <= kWidestAlign) {
        out.declared.push_back(std::move(d));
        continue;
      }
    } else if (kind == "dynamic") {
      if (words >> out.dynamic_name) continue;
    } else if (kind == "object") {
      PlainLibraryObject o;
      if (words >> o.address >> o.bytes >> o.name) {
        out.objects.push_back(std::move(o));
        continue;
      }
    }
    error = "line " + std::to_string(k) + " of the shared-array table is not 'symbol', 'declared', 'dynamic' or 'object'";
    return false;
  }
  std::sort(out.symbols.begin(), out.symbols.end(),
            [](const PlainSharedSymbol& a, const PlainSharedSymbol& b) { return a.section_offset < b.section_offset; });
  std::sort(out.objects.begin(), out.objects.end(),
            [](const PlainLibraryObject& a, const PlainLibraryObject& b) { return a.address < b.address; });
  return true;
}

std::string PlainSharedTable::text() const {
  std::string out;
  for (const PlainSharedSymbol& s : symbols)
    out += "symbol " + std::to_string(s.section_offset) + " " + std::to_string(s.bytes) + " " + s.name + "\n";
  for (const PlainSharedDecl& d : declared) out += "declared " + d.name + " " + std::to_string(d.align) + "\n";
  if (!dynamic_name.empty()) out += "dynamic " + dynamic_name + "\n";
  for (const PlainLibraryObject& o : objects)
    out += "object " + std::to_string(o.address) + " " + std::to_string(o.bytes) + " " + o.name + "\n";
  return out;
}

const PlainSharedSymbol* PlainSharedTable::symbol_at(std::uint32_t offset) const {
  auto it = std::upper_bound(symbols.begin(), symbols.end(), offset,
                             [](std::uint32_t o, const PlainSharedSymbol& s) { return o < s.section_offset; });
  if (it == symbols.begin()) return nullptr;
  --it;
  return offset < it->section_offset + it->bytes ? &*it : nullptr;
}

bool PlainSharedTable::in_object(std::uint64_t address, unsigned bytes) const {
  auto it = std::upper_bound(objects.begin(), objects.end(), address,
                             [](std::uint64_t a, const PlainLibraryObject& o) { return a < o.address; });
  if (it == objects.begin()) return false;
  --it;
  return address + bytes <= it->address + it->bytes;
}

PlainSharedLayout lay_out_plain_shared(const PlainSharedTable& table, const std::vector<bool>& touched) {
  PlainSharedLayout layout;
  layout.offsets.assign(table.symbols.size(), PlainSharedLayout::kNotLaidOut);
  std::vector<std::size_t> order;  // symbol indices, in layout order
  std::vector<unsigned> align(table.symbols.size(), 0);
  for (const PlainSharedDecl& d : table.declared)
    for (std::size_t i = 0; i < table.symbols.size(); ++i)
      if (i < touched.size() && touched[i] && !align[i] && table.symbols[i].name == d.name) {
        align[i] = d.align ? d.align : guessed_align(table.symbols[i]);
        order.push_back(i);
      }
  for (std::size_t i = 0; i < table.symbols.size(); ++i)
    if (i < touched.size() && touched[i] && !align[i]) {
      align[i] = guessed_align(table.symbols[i]);
      order.push_back(i);
    }
  std::uint32_t at = 0;
  for (std::size_t i : order) {
    at = shared_align_up(at, align[i]);
    layout.offsets[i] = at;
    at += table.symbols[i].bytes;
  }
  layout.static_bytes = at;
  return layout;
}

void apply_plain_shared_layout(Trace& trace, const PlainSharedTable& table, const PlainSharedLayout& layout,
                               std::uint32_t section_bytes) {
  const std::uint32_t old_dynamic = shared_dynamic_start(section_bytes), new_dynamic = shared_dynamic_start(layout.static_bytes);
  for (Event& e : trace.events) {
    if (!touches_shared(e.op)) continue;
    if (e.address >= old_dynamic) {
      e.address = e.address - old_dynamic + new_dynamic;
      continue;
    }
    const PlainSharedSymbol* s = table.symbol_at(e.address);
    const std::size_t i = s ? std::size_t(s - table.symbols.data()) : 0;
    if (s && layout.offsets[i] != PlainSharedLayout::kNotLaidOut)
      e.address = layout.offsets[i] + (e.address - s->section_offset);
  }
  for (LaunchRecord& l : trace.meta.launches) {
    const std::uint32_t dynamic = l.shared_bytes > old_dynamic ? l.shared_bytes - old_dynamic : 0;
    l.shared_bytes = new_dynamic + dynamic;
  }
  trace.meta.shared_arrays.clear();
  for (std::size_t i = 0; i < table.symbols.size(); ++i)
    if (layout.offsets[i] != PlainSharedLayout::kNotLaidOut)
      trace.meta.shared_arrays.push_back({table.symbols[i].name, layout.offsets[i], table.symbols[i].bytes});
  std::uint32_t dynamic_bytes = 0;
  for (const LaunchRecord& l : trace.meta.launches)
    dynamic_bytes = std::max(dynamic_bytes, l.shared_bytes - new_dynamic);
  if (!table.dynamic_name.empty() && dynamic_bytes)
    trace.meta.shared_arrays.push_back({table.dynamic_name, new_dynamic, dynamic_bytes});
  std::sort(trace.meta.shared_arrays.begin(), trace.meta.shared_arrays.end(),
            [](const SharedArrayRecord& a, const SharedArrayRecord& b) { return a.offset < b.offset; });
}

}  // namespace wl
