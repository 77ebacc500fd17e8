#include "trace/trace_file.h"

#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "trace/byte_io.h"
#include "trace/trace_validate.h"

namespace wl {
namespace {

constexpr std::size_t kPreambleBytes = 16;  // magic, version, header length
constexpr std::size_t kCountBytes = 8;
constexpr std::size_t kChecksumBytes = 8;

[[noreturn]] void fail(const std::string& what) { throw TraceError(what); }

std::uint64_t load_le(const std::uint8_t* p, int n) {
  std::uint64_t x = 0;
  for (int i = 0; i < n; ++i) x |= std::uint64_t(p[i]) << (8 * i);
  return x;
}

void store_le(std::uint8_t* p, std::uint64_t v, int n) {
  for (int i = 0; i < n; ++i) p[i] = static_cast<std::uint8_t>(v >> (8 * i));
}

// The 48-byte record, field by field, at the offsets of the in-memory Event.
void encode_event(const Event& e, std::uint8_t* p) {
  store_le(p + 0, e.block, 4);
  store_le(p + 4, e.seq, 4);
  store_le(p + 8, e.thread, 2);
  store_le(p + 10, e.step, 2);
  store_le(p + 12, e.site, 2);
  p[14] = static_cast<std::uint8_t>(e.op);
  p[15] = e.size;
  store_le(p + 16, e.address, 4);
  store_le(p + 20, e.aux, 4);
  p[24] = static_cast<std::uint8_t>(e.buffer);
  p[25] = e.flags;
  store_le(p + 26, e.reserved, 2);
  store_le(p + 28, e.pad, 4);
  store_le(p + 32, e.value[0], 8);
  store_le(p + 40, e.value[1], 8);
}

Event decode_event(const std::uint8_t* p) {
  Event e{};
  e.block = static_cast<std::uint32_t>(load_le(p + 0, 4));
  e.seq = static_cast<std::uint32_t>(load_le(p + 4, 4));
  e.thread = static_cast<std::uint16_t>(load_le(p + 8, 2));
  e.step = static_cast<std::uint16_t>(load_le(p + 10, 2));
  e.site = static_cast<std::uint16_t>(load_le(p + 12, 2));
  e.op = static_cast<OpKind>(p[14]);
  e.size = p[15];
  e.address = static_cast<std::uint32_t>(load_le(p + 16, 4));
  e.aux = static_cast<std::uint32_t>(load_le(p + 20, 4));
  e.buffer = static_cast<Buffer>(p[24]);
  e.flags = p[25];
  e.reserved = static_cast<std::uint16_t>(load_le(p + 26, 2));
  e.pad = static_cast<std::uint32_t>(load_le(p + 28, 4));
  e.value[0] = load_le(p + 32, 8);
  e.value[1] = load_le(p + 40, 8);
  return e;
}

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
}

// The header was covered by the checksum, so a failure here means a broken writer, not
// a damaged file. Bytes after the known fields are ignored: a later writer of version 1
// may append fields.
TraceMeta decode_header(ByteReader r) {
  TraceMeta m;
  auto field = [](bool ok, const char* name) {
    if (!ok) fail(std::string("invalid trace header: field '") + name + "' runs past the header or is too long");
  };
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
  std::uint32_t blocks = 0;
  field(r.u32(blocks), "recorded_blocks");
  field(blocks <= r.remaining() / 4, "recorded_blocks");
  m.recorded_blocks.resize(blocks);
  for (auto& b : m.recorded_blocks) r.u32(b);
  return m;
}

}  // namespace

std::vector<std::uint8_t> write_trace_bytes(const Trace& trace) {
  validate_trace(trace);
  std::vector<std::uint8_t> header;
  ByteWriter hw(header);
  encode_header(trace.meta, hw);
  if (header.size() > std::numeric_limits<std::uint32_t>::max()) fail("trace header too large");

  std::vector<std::uint8_t> out;
  out.reserve(kPreambleBytes + header.size() + kCountBytes + trace.events.size() * kEventRecordBytes +
              kChecksumBytes);
  ByteWriter w(out);
  w.bytes(kTraceMagic, sizeof kTraceMagic);
  w.u32(kTraceFormatVersion);
  w.u32(static_cast<std::uint32_t>(header.size()));
  w.bytes(header.data(), header.size());
  w.u64(trace.events.size());
  std::size_t at = out.size();
  out.resize(at + trace.events.size() * kEventRecordBytes);
  for (const Event& e : trace.events) {
    encode_event(e, out.data() + at);
    at += kEventRecordBytes;
  }
  w.u64(fnv1a64(out.data(), out.size()));
  return out;
}

Trace read_trace_bytes(const std::vector<std::uint8_t>& bytes) {
  return read_trace_bytes(bytes.data(), bytes.size());
}

Trace read_trace_bytes(const std::uint8_t* data, std::size_t size) {
  if (size == 0) fail("empty (0 bytes): not a WarpLens trace");
  const std::size_t magic_seen = size < sizeof kTraceMagic ? size : sizeof kTraceMagic;
  if (std::memcmp(data, kTraceMagic, magic_seen) != 0) fail("not a WarpLens trace (bad magic)");
  if (size < kPreambleBytes)
    fail("truncated: " + std::to_string(size) + " bytes, shorter than the 16-byte preamble");

  const auto version = static_cast<std::uint32_t>(load_le(data + 8, 4));
  if (version == 0) fail("invalid format version 0");
  if (version > kTraceFormatVersion)
    fail("newer format version " + std::to_string(version) + " (this build reads up to version " +
         std::to_string(kTraceFormatVersion) + ")");

  // Locate every part from the sizes alone, so truncation is told apart from corruption.
  const std::uint64_t header_bytes = load_le(data + 12, 4);
  const std::size_t after_preamble = size - kPreambleBytes;
  if (header_bytes > after_preamble || after_preamble - header_bytes < kCountBytes)
    fail("truncated: the header says " + std::to_string(header_bytes) + " bytes, " +
         std::to_string(after_preamble) + " bytes follow the preamble");
  const std::uint8_t* count_at = data + kPreambleBytes + header_bytes;
  const std::uint64_t count = load_le(count_at, 8);
  const std::size_t tail = after_preamble - header_bytes - kCountBytes;  // events + checksum
  const std::uint64_t fits = tail < kChecksumBytes ? 0 : (tail - kChecksumBytes) / kEventRecordBytes;
  if (count > fits || tail < kChecksumBytes)
    fail("truncated: event count " + std::to_string(count) + " needs more than the " + std::to_string(tail) +
         " bytes that follow it");
  if (count * kEventRecordBytes + kChecksumBytes != tail)
    fail("corrupt: event count " + std::to_string(count) + " leaves " +
         std::to_string(tail - count * kEventRecordBytes - kChecksumBytes) + " unexplained bytes");

  const std::uint64_t stored = load_le(data + size - kChecksumBytes, 8);
  if (stored != fnv1a64(data, size - kChecksumBytes)) fail("corrupt (checksum mismatch)");

  Trace trace;
  trace.meta = decode_header(ByteReader(data + kPreambleBytes, count_at));
  validate_meta(trace.meta);
  trace.events.resize(count);
  const std::uint8_t* p = count_at + kCountBytes;
  for (std::size_t i = 0; i < count; ++i, p += kEventRecordBytes) {
    trace.events[i] = decode_event(p);
    validate_event(trace.events[i], trace.meta, i);
  }
  return trace;
}

void write_trace(const Trace& trace, const std::string& path) {
  std::vector<std::uint8_t> bytes = write_trace_bytes(trace);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) fail("trace file '" + path + "': cannot open for writing");
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) fail("trace file '" + path + "': write failed");
}

Trace read_trace(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    fail("trace file '" + path + "': cannot open (missing or not a regular file)");
  std::ifstream in(path, std::ios::binary);
  if (!in) fail("trace file '" + path + "': cannot open");
  const auto file_size = std::filesystem::file_size(path, ec);
  if (ec) fail("trace file '" + path + "': cannot open (" + ec.message() + ")");
  std::vector<std::uint8_t> bytes(file_size);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (in.gcount() != static_cast<std::streamsize>(bytes.size())) fail("trace file '" + path + "': read failed");
  try {
    return read_trace_bytes(bytes);
  } catch (const TraceError& e) {
    fail("trace file '" + path + "': " + e.what());
  }
}

}  // namespace wl
