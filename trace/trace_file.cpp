#include "trace/trace_file.h"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>

#include "trace/byte_io.h"
#include "trace/event_codec.h"
#include "trace/trace_header.h"
#include "trace/trace_json.h"
#include "trace/trace_v1.h"
#include "trace/trace_validate.h"

namespace wl {
namespace {

constexpr std::size_t kPreambleBytes = 16;  // magic, version, header length
constexpr std::size_t kCountBytes = 8;
constexpr std::size_t kLengthBytes = 8;  // version 3: the encoded events' byte count
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

// Version 2's 48-byte record, field by field, at the offsets of the in-memory Event.
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
  p[24] = e.buffer;
  p[25] = e.flags;
  store_le(p + 26, e.launch, 2);
  store_le(p + 28, e.time, 4);
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
  e.buffer = p[24];
  e.flags = p[25];
  e.launch = static_cast<std::uint16_t>(load_le(p + 26, 2));  // version 1: reserved
  e.time = static_cast<std::uint32_t>(load_le(p + 28, 4));
  e.value[0] = load_le(p + 32, 8);
  e.value[1] = load_le(p + 40, 8);
  return e;
}

}  // namespace

std::vector<std::uint8_t> write_trace_bytes(const Trace& trace, std::uint32_t version) {
  if (version != 2 && version != kTraceFormatVersion)
    throw std::invalid_argument("trace format version " + std::to_string(version) + " is not written");
  validate_trace(trace);
  std::vector<std::uint8_t> header;
  ByteWriter hw(header);
  encode_header(trace.meta, hw);
  if (header.size() > std::numeric_limits<std::uint32_t>::max()) fail("trace header too large");

  std::vector<std::uint8_t> out;
  ByteWriter w(out);
  w.bytes(kTraceMagic, sizeof kTraceMagic);
  w.u32(version);
  w.u32(static_cast<std::uint32_t>(header.size()));
  w.bytes(header.data(), header.size());
  w.u64(trace.events.size());
  if (version == 2) {
    std::size_t at = out.size();
    out.resize(at + trace.events.size() * kEventRecordBytes);
    for (const Event& e : trace.events) {
      encode_event(e, out.data() + at);
      at += kEventRecordBytes;
    }
  } else {
    const std::size_t length_at = out.size();
    w.u64(0);  // the encoded length, known once encoded
    encode_events(trace.events, out);
    store_le(out.data() + length_at, out.size() - length_at - kLengthBytes, kLengthBytes);
  }
  w.u64(fnv1a64(out.data(), out.size()));
  return out;
}

Trace read_trace_bytes(const std::vector<std::uint8_t>& bytes) {
  return read_trace_bytes(bytes.data(), bytes.size());
}

namespace {

// The first bytes of a file, or all of a shorter one, must be the magic's.
void check_magic(const std::uint8_t* data, std::size_t size) {
  if (size == 0) fail("empty (0 bytes): not a WarpLens trace");
  const std::size_t magic_seen = size < sizeof kTraceMagic ? size : sizeof kTraceMagic;
  if (std::memcmp(data, kTraceMagic, magic_seen) != 0) fail("not a WarpLens trace (bad magic)");
}

// A JSON document opens with '{' after any whitespace; a binary trace with its magic.
bool opens_as_json(std::istream& in) {
  char c = 0;
  while (in.get(c) && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
  }
  return in && c == '{';
}

}  // namespace

Trace read_trace_bytes(const std::uint8_t* data, std::size_t size) {
  check_magic(data, size);
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
  const std::size_t counts = version >= 3 ? kCountBytes + kLengthBytes : kCountBytes;
  if (header_bytes > after_preamble || after_preamble - header_bytes < counts)
    fail("truncated: the header says " + std::to_string(header_bytes) + " bytes, " +
         std::to_string(after_preamble) + " bytes follow the preamble");
  const std::uint8_t* count_at = data + kPreambleBytes + header_bytes;
  const std::uint64_t count = load_le(count_at, 8);
  const std::size_t tail = after_preamble - header_bytes - counts;  // events + checksum
  // Version 3 says how many bytes its events take; versions 1 and 2 take 48 an event.
  const std::uint64_t event_bytes = version >= 3 ? load_le(count_at + kCountBytes, kLengthBytes) : 0;
  if (version >= 3) {
    if (tail < kChecksumBytes || event_bytes > tail - kChecksumBytes)
      fail("truncated: " + std::to_string(event_bytes) + " bytes of events need more than the " +
           std::to_string(tail) + " bytes that follow them");
    if (event_bytes + kChecksumBytes != tail)
      fail("corrupt: " + std::to_string(event_bytes) + " bytes of events leave " +
           std::to_string(tail - event_bytes - kChecksumBytes) + " unexplained bytes");
  } else {
    const std::uint64_t fits = tail < kChecksumBytes ? 0 : (tail - kChecksumBytes) / kEventRecordBytes;
    if (count > fits || tail < kChecksumBytes)
      fail("truncated: event count " + std::to_string(count) + " needs more than the " + std::to_string(tail) +
           " bytes that follow it");
    if (count * kEventRecordBytes + kChecksumBytes != tail)
      fail("corrupt: event count " + std::to_string(count) + " leaves " +
           std::to_string(tail - count * kEventRecordBytes - kChecksumBytes) + " unexplained bytes");
  }

  const std::uint64_t stored = load_le(data + size - kChecksumBytes, 8);
  if (stored != fnv1a64(data, size - kChecksumBytes)) fail("corrupt (checksum mismatch)");

  Trace trace;
  trace.meta = decode_header(ByteReader(data + kPreambleBytes, count_at), version);
  const std::uint8_t* p = count_at + counts;
  if (version >= 3) {
    trace.events = decode_events(p, p + event_bytes, count);
  } else {
    trace.events.resize(count);
    for (std::size_t i = 0; i < count; ++i, p += kEventRecordBytes) trace.events[i] = decode_event(p);
  }
  if (version == 1) upgrade_from_v1(trace);
  validate_trace(trace);
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
  // What the app's JSON export wrote opens too, whatever the file's name.
  if (opens_as_json(in)) return read_trace_json(path);
  in.clear();
  in.seekg(0);
  // The magic first: a large file that is no trace (2 GB of zeros) is refused before it is read.
  std::uint8_t head[sizeof kTraceMagic] = {};
  in.read(reinterpret_cast<char*>(head), static_cast<std::streamsize>(std::min<std::uintmax_t>(file_size, sizeof head)));
  try {
    check_magic(head, std::size_t(std::min<std::uintmax_t>(file_size, sizeof head)));
  } catch (const TraceError& e) {
    fail("trace file '" + path + "': " + e.what());
  }
  in.seekg(0);
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
