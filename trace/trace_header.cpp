#include "trace/trace_header.h"

#include <string>

#include "trace/trace_error.h"
#include "trace/trace_validate.h"

namespace wl {
namespace {

// The fewest bytes one table record takes, to refuse a count the header cannot hold before
// allocating for it.
constexpr std::size_t kMinLaunchBytes = 4 + 4 + 4 + 4 + 8;
constexpr std::size_t kMinBufferBytes = 1 + 4 + 4 + 1 + 8;
constexpr std::size_t kMinStepBytes = 2 + 4;
constexpr std::size_t kClockBytes = 8 + 4 + 2 + 2 + 2 + 1;

void field(bool ok, const std::string& name) {
  if (!ok) throw TraceError("invalid trace header: field '" + name + "' runs past the header or is too long");
}

// A table's u32 record count, checked against the bytes left.
std::uint32_t table_size(ByteReader& r, std::size_t min_record_bytes, const char* name) {
  std::uint32_t count = 0;
  field(r.u32(count), name);
  field(count <= r.remaining() / min_record_bytes, name);
  return count;
}

void encode_tables(const TraceMeta& m, ByteWriter& w) {
  w.u32(static_cast<std::uint32_t>(m.launches.size()));
  for (const LaunchRecord& l : m.launches) {
    w.str(l.name);
    w.u32(l.grid_dim);
    w.u32(l.block_dim);
    w.u32(l.shared_bytes);
    w.u64(l.n);
  }
  w.u32(static_cast<std::uint32_t>(m.buffers.size()));
  for (const BufferRecord& b : m.buffers) {
    w.u8(b.id);
    w.str(b.name);
    w.str(b.type);
    w.u8(static_cast<std::uint8_t>(b.role));
    w.u64(b.elements);
  }
  w.u32(static_cast<std::uint32_t>(m.steps.size()));
  for (const StepRecord& s : m.steps) {
    w.u16(s.id);
    w.str(s.name);
  }
}

// Appended to version 2's header (older readers skip it): the warps' clocks and the SM clock.
void encode_clocks(const TraceMeta& m, ByteWriter& w) {
  w.f64(m.sm_clock_mhz);
  w.u32(static_cast<std::uint32_t>(m.clocks.size()));
  for (const WarpClock& c : m.clocks) {
    w.u64(c.cycle);
    w.u32(c.block);
    w.u16(c.warp);
    w.u16(c.step);
    w.u16(c.launch);
    w.u8(c.exit);
  }
}

void decode_clocks(ByteReader& r, TraceMeta& m) {
  field(r.f64(m.sm_clock_mhz), "sm_clock_mhz");
  m.clocks.resize(table_size(r, kClockBytes, "clocks"));
  for (WarpClock& c : m.clocks) {
    c = WarpClock{};
    field(r.u64(c.cycle) && r.u32(c.block) && r.u16(c.warp) && r.u16(c.step) && r.u16(c.launch) && r.u8(c.exit),
          "clocks");
  }
}

void decode_tables(ByteReader& r, TraceMeta& m) {
  m.launches.resize(table_size(r, kMinLaunchBytes, "launches"));
  for (LaunchRecord& l : m.launches) {
    field(r.str(l.name, kMaxMetaStringLength), "launches.name");
    field(r.u32(l.grid_dim) && r.u32(l.block_dim) && r.u32(l.shared_bytes) && r.u64(l.n), "launches");
  }
  m.buffers.resize(table_size(r, kMinBufferBytes, "buffers"));
  for (BufferRecord& b : m.buffers) {
    std::uint8_t role = 0;
    field(r.u8(b.id), "buffers.id");
    field(r.str(b.name, kMaxMetaStringLength), "buffers.name");
    field(r.str(b.type, kMaxMetaStringLength), "buffers.type");
    field(r.u8(role) && r.u64(b.elements), "buffers");
    b.role = static_cast<BufferRole>(role);
  }
  m.steps.resize(table_size(r, kMinStepBytes, "steps"));
  for (StepRecord& s : m.steps) {
    field(r.u16(s.id), "steps.id");
    field(r.str(s.name, kMaxMetaStringLength), "steps.name");
  }
}

// Appended after the clocks (older readers skip it): the family's parameters and each
// launch's shared_columns.
void encode_params(const TraceMeta& m, ByteWriter& w) {
  w.u32(static_cast<std::uint32_t>(m.params.size()));
  for (const auto& [name, value] : m.params) {
    w.str(name);
    w.u64(value);
  }
  w.u32(static_cast<std::uint32_t>(m.launches.size()));
  for (const LaunchRecord& l : m.launches) w.u32(l.shared_columns);
}

void decode_params(ByteReader& r, TraceMeta& m) {
  const std::size_t count = table_size(r, 12, "params");
  for (std::size_t k = 0; k < count; ++k) {
    std::string name;
    std::uint64_t value = 0;
    field(r.str(name, kMaxMetaStringLength) && r.u64(value), "params");
    m.params[name] = value;
  }
  const std::size_t launches = table_size(r, 4, "shared_columns");
  if (launches != m.launches.size()) throw TraceError("invalid trace header: shared_columns has " +
                                                      std::to_string(launches) + " launches, the table " +
                                                      std::to_string(m.launches.size()));
  for (LaunchRecord& l : m.launches) field(r.u32(l.shared_columns), "shared_columns");
}

// Appended after sm_count (older readers skip it): where the run stopped on a kernel bug.
void encode_fault(const TraceMeta& m, ByteWriter& w) {
  w.u8(m.fault ? 1 : 0);
  if (!m.fault) return;
  const TraceFault& f = *m.fault;
  w.str(f.kind);
  w.str(f.message);
  w.u16(f.launch);
  w.u32(f.block);
  w.u32(f.thread);
  w.u32(f.line);
  w.u16(f.step);
  w.u32(f.lanes);
}

void decode_fault(ByteReader& r, TraceMeta& m) {
  std::uint8_t present = 0;
  field(r.u8(present), "fault");
  if (!present) return;
  TraceFault f;
  field(r.str(f.kind, kMaxMetaStringLength) && r.str(f.message, kMaxMetaStringLength), "fault");
  field(r.u16(f.launch) && r.u32(f.block) && r.u32(f.thread) && r.u32(f.line) && r.u16(f.step) && r.u32(f.lanes),
        "fault");
  m.fault = std::move(f);
}

// Appended after the fault (older readers skip it): a run over several GPUs names each
// launch's and each buffer's.
void encode_ranks(const TraceMeta& m, ByteWriter& w) {
  w.u16(m.ranks);
  for (const LaunchRecord& l : m.launches) w.u16(l.rank);
  for (const BufferRecord& b : m.buffers) w.u16(b.rank);
}

void decode_ranks(ByteReader& r, TraceMeta& m) {
  field(r.u16(m.ranks), "ranks");
  for (LaunchRecord& l : m.launches) field(r.u16(l.rank), "launches.rank");
  for (BufferRecord& b : m.buffers) field(r.u16(b.rank), "buffers.rank");
}

// Appended after the ranks: the file of a variant that is not built in (the lab's); then the
// file a built-in variant's lines are in, where that is not its own.
void encode_variant_file(const TraceMeta& m, ByteWriter& w) { w.str(m.variant_file); }
void encode_lines_file(const TraceMeta& m, ByteWriter& w) { w.str(m.lines_file); }

// Appended after lines_file: the source texts a recorded program's trace carries.
void encode_sources(const TraceMeta& m, ByteWriter& w) {
  w.u32(static_cast<std::uint32_t>(m.sources.size()));
  for (const SourceText& s : m.sources) {
    w.str(s.path);
    w.str(s.text);
  }
}

void decode_sources(ByteReader& r, TraceMeta& m) {
  m.sources.resize(table_size(r, 8, "sources"));
  for (SourceText& s : m.sources) {
    field(r.str(s.path, kMaxMetaStringLength), "sources.path");
    field(r.str(s.text, kMaxSourceTextLength), "sources.text");
  }
}

// Appended after the sources: the names of a kernel's shared arrays.
void encode_shared_arrays(const TraceMeta& m, ByteWriter& w) {
  w.u32(static_cast<std::uint32_t>(m.shared_arrays.size()));
  for (const SharedArrayRecord& a : m.shared_arrays) {
    w.str(a.name);
    w.u32(a.offset);
    w.u32(a.bytes);
  }
}

void decode_shared_arrays(ByteReader& r, TraceMeta& m) {
  m.shared_arrays.resize(table_size(r, 12, "shared_arrays"));
  for (SharedArrayRecord& a : m.shared_arrays) {
    field(r.str(a.name, kMaxMetaStringLength), "shared_arrays.name");
    field(r.u32(a.offset), "shared_arrays.offset");
    field(r.u32(a.bytes), "shared_arrays.bytes");
  }
}

}  // namespace

void encode_header(const TraceMeta& m, ByteWriter& w) {
  w.str(m.family);
  w.str(m.variant);
  w.str(m.op);
  w.str(m.type);
  w.str(m.backend);
  w.u64(m.n);
  w.u32(m.block_dim);
  w.u32(m.grid_dim);
  w.u64(m.event_cap);
  w.u64(m.events_dropped);
  w.u32(static_cast<std::uint32_t>(m.recorded_blocks.size()));
  for (std::uint32_t b : m.recorded_blocks) w.u32(b);
  encode_tables(m, w);
  encode_clocks(m, w);
  encode_params(m, w);
  w.u32(m.sm_count);  // appended after the parameters
  encode_fault(m, w);
  encode_ranks(m, w);
  encode_variant_file(m, w);
  encode_lines_file(m, w);
  encode_sources(m, w);
  encode_shared_arrays(m, w);
}

// The header was covered by the checksum, so a failure here means a broken writer, not a
// damaged file.
TraceMeta decode_header(ByteReader r, std::uint32_t version) {
  TraceMeta m;
  field(r.str(m.family, kMaxMetaStringLength), "family");
  field(r.str(m.variant, kMaxMetaStringLength), "variant");
  field(r.str(m.op, kMaxMetaStringLength), "op");
  field(r.str(m.type, kMaxMetaStringLength), "type");
  field(r.str(m.backend, kMaxMetaStringLength), "backend");
  field(r.u64(m.n), "n");
  field(r.u32(m.block_dim), "block_dim");
  field(r.u32(m.grid_dim), "grid_dim");
  field(r.u64(m.event_cap), "event_cap");
  field(r.u64(m.events_dropped), "events_dropped");
  m.recorded_blocks.resize(table_size(r, 4, "recorded_blocks"));
  for (auto& b : m.recorded_blocks) r.u32(b);
  if (version >= 2) decode_tables(r, m);
  if (version >= 2 && r.remaining() > 0) decode_clocks(r, m);
  if (version >= 2 && r.remaining() > 0) decode_params(r, m);
  if (version >= 2 && r.remaining() > 0) field(r.u32(m.sm_count), "sm_count");
  if (version >= 2 && r.remaining() > 0) decode_fault(r, m);
  if (version >= 2 && r.remaining() > 0) decode_ranks(r, m);
  if (version >= 2 && r.remaining() > 0) field(r.str(m.variant_file, kMaxMetaStringLength), "variant_file");
  if (version >= 2 && r.remaining() > 0) field(r.str(m.lines_file, kMaxMetaStringLength), "lines_file");
  if (version >= 2 && r.remaining() > 0) decode_sources(r, m);
  if (version >= 2 && r.remaining() > 0) decode_shared_arrays(r, m);
  return m;
}

}  // namespace wl
