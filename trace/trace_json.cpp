#include "trace/trace_json.h"

#include <cstdio>
#include <fstream>
#include <limits>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "trace/event_info.h"
#include "trace/trace_v1.h"
#include "trace/trace_validate.h"
#include "trace/value_decode.h"

namespace wl {
namespace {

using nlohmann::json;

constexpr const char* kJsonFormat = "warplens-trace";
constexpr int kJsonVersion = 2;  // version 1 is still read (trace/trace_v1.h)

std::string hex64(std::uint64_t v) {
  char buf[19];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Meta strings come from files; replace invalid UTF-8 rather than fail the whole export.
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

const char* role_name(BufferRole role) {
  switch (role) {
    case BufferRole::Input: return "input";
    case BufferRole::Output: return "output";
    case BufferRole::Temp: return "temp";
  }
  return "unknown";
}

json event_json(const Event& e, const TraceMeta& meta, const EventValueTypes& types) {
  json values = json::array();
  for (const Number& n : decode_values(e, types.of(e))) std::visit([&](auto x) { values.push_back(x); }, n);
  json j;
  j["launch"] = e.launch;
  j["block"] = e.block;
  j["thread"] = e.thread;
  j["warp"] = e.warp();
  j["lane"] = e.lane();
  j["step"] = e.step;
  j["site"] = e.site;
  j["seq"] = e.seq;
  j["time"] = e.time;
  j["op"] = op_name(e.op);
  j["address"] = e.address;
  j["bank"] = is_shared_access(e.op) ? json(e.bank()) : json(nullptr);
  j["size"] = e.size;
  const BufferRecord* buffer = meta.buffer(e.buffer);
  j["buffer"] = buffer ? json(buffer->name) : json(nullptr);
  j["taken"] = e.op == OpKind::Branch ? json(e.taken()) : json(nullptr);
  j["aux"] = e.aux;
  j["flags"] = e.flags;
  j["values"] = std::move(values);
  j["raw"] = json::array({hex64(e.value[0]), hex64(e.value[1])});
  return j;
}

// --- import

[[noreturn]] void bad(const std::string& what) { throw TraceError("invalid JSON trace: " + what); }

std::uint64_t get_uint(const json& j, const char* key, std::uint64_t max) {
  const json& v = j.at(key);
  if (!v.is_number_integer() || (!v.is_number_unsigned() && v.get<std::int64_t>() < 0))
    bad(std::string("field '") + key + "' is not a non-negative integer");
  const std::uint64_t x = v.get<std::uint64_t>();
  if (x > max) bad(std::string("field '") + key + "' = " + std::to_string(x) + " is out of range");
  return x;
}

std::uint64_t parse_hex64(const json& v) {
  if (!v.is_string()) bad("raw value is not a string");
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() < 3 || s.size() > 18 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) bad("raw value '" + s + "'");
  std::uint64_t x = 0;
  for (std::size_t i = 2; i < s.size(); ++i) {
    const char c = s[i];
    const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (d < 0) bad("raw value '" + s + "'");
    x = (x << 4) | std::uint64_t(d);
  }
  return x;
}

BufferRole role_from_name(const std::string& name) {
  for (BufferRole r : {BufferRole::Input, BufferRole::Output, BufferRole::Temp})
    if (name == role_name(r)) return r;
  bad("unknown buffer role '" + name + "'");
}

const json& array_at(const json& j, const char* key) {
  const json& a = j.at(key);
  if (!a.is_array()) bad(std::string("meta.") + key + " is not an array");
  return a;
}

void tables_from_json(const json& j, TraceMeta& m) {
  constexpr auto u32max = std::numeric_limits<std::uint32_t>::max();
  constexpr auto u64max = std::numeric_limits<std::uint64_t>::max();
  for (const json& l : array_at(j, "launches"))
    m.launches.push_back({l.at("name").get<std::string>(), std::uint32_t(get_uint(l, "grid_dim", u32max)),
                          std::uint32_t(get_uint(l, "block_dim", u32max)),
                          std::uint32_t(get_uint(l, "shared_bytes", u32max)), get_uint(l, "n", u64max),
                          l.contains("shared_columns") ? std::uint32_t(get_uint(l, "shared_columns", u32max)) : 0u,
                          l.contains("rank") ? std::uint16_t(get_uint(l, "rank", 0xFFFF)) : std::uint16_t(0)});
  for (const json& b : array_at(j, "buffers"))
    m.buffers.push_back({BufferId(get_uint(b, "id", 0xFF)), b.at("name").get<std::string>(),
                         b.at("type").get<std::string>(), role_from_name(b.at("role").get<std::string>()),
                         get_uint(b, "elements", u64max),
                         b.contains("rank") ? std::uint16_t(get_uint(b, "rank", 0xFFFF)) : std::uint16_t(0)});
  for (const json& s : array_at(j, "steps"))
    m.steps.push_back({StepId(get_uint(s, "id", 0xFFFF)), s.at("name").get<std::string>()});
  if (j.contains("params")) {  // optional: traces before parameters were kept have none
    const json& params = j.at("params");
    if (!params.is_object()) bad("meta.params is not an object");
    for (const auto& [name, value] : params.items()) m.params[name] = get_uint(params, name.c_str(), ~std::uint64_t(0));
  }
  if (j.contains("sm_count")) m.sm_count = std::uint32_t(get_uint(j, "sm_count", u32max));  // optional, as params
  if (j.contains("variant_file")) m.variant_file = j.at("variant_file").get<std::string>();  // optional: built in
  if (j.contains("lines_file")) m.lines_file = j.at("lines_file").get<std::string>();  // optional: its own file
  if (j.contains("sources"))  // optional: only a recorded program's trace carries its source
    for (const json& s : array_at(j, "sources"))
      m.sources.push_back({s.at("path").get<std::string>(), s.at("text").get<std::string>()});
  if (j.contains("shared_arrays"))  // optional: only a plain-CUDA kernel's names its arrays
    for (const json& a : array_at(j, "shared_arrays"))
      m.shared_arrays.push_back({a.at("name").get<std::string>(), std::uint32_t(get_uint(a, "offset", u32max)),
                                 std::uint32_t(get_uint(a, "bytes", u32max))});
  if (j.contains("ranks")) m.ranks = std::uint16_t(get_uint(j, "ranks", 0xFFFF));  // optional: one GPU
  if (j.contains("fault")) {  // optional: only a run that stopped on a kernel bug has one
    const json& f = j.at("fault");
    m.fault = TraceFault{f.at("kind").get<std::string>(), f.at("message").get<std::string>(),
                         std::uint16_t(get_uint(f, "launch", 0xFFFF)), std::uint32_t(get_uint(f, "block", u32max)),
                         std::uint32_t(get_uint(f, "thread", u32max)), std::uint32_t(get_uint(f, "line", u32max)),
                         StepId(get_uint(f, "step", 0xFFFF)), std::uint32_t(get_uint(f, "lanes", u32max))};
  }
  if (!j.contains("clocks")) return;  // optional: GPU traces only
  m.sm_clock_mhz = j.at("sm_clock_mhz").get<double>();
  for (const json& c : array_at(j, "clocks")) {
    WarpClock w{};
    w.cycle = get_uint(c, "cycle", u64max);
    w.block = std::uint32_t(get_uint(c, "block", u32max));
    w.warp = std::uint16_t(get_uint(c, "warp", 0xFFFF));
    w.step = StepId(get_uint(c, "step", 0xFFFF));
    w.launch = std::uint16_t(get_uint(c, "launch", 0xFFFF));
    w.exit = c.at("exit").get<bool>() ? 1 : 0;
    m.clocks.push_back(w);
  }
}

// Version 1 had no tables: its buffer names are those of v1_buffers.
TraceMeta meta_from_json(const json& j, std::uint64_t version) {
  constexpr auto u32max = std::numeric_limits<std::uint32_t>::max();
  constexpr auto u64max = std::numeric_limits<std::uint64_t>::max();
  TraceMeta m;
  m.family = j.at("family").get<std::string>();
  m.variant = j.at("variant").get<std::string>();
  m.op = j.at("op").get<std::string>();
  m.type = j.at("type").get<std::string>();
  m.backend = j.at("backend").get<std::string>();
  m.n = get_uint(j, "n", u64max);
  m.block_dim = static_cast<std::uint32_t>(get_uint(j, "block_dim", u32max));
  m.grid_dim = static_cast<std::uint32_t>(get_uint(j, "grid_dim", u32max));
  m.event_cap = get_uint(j, "event_cap", u64max);
  m.events_dropped = get_uint(j, "events_dropped", u64max);
  const json& blocks = j.at("recorded_blocks");
  if (!blocks.is_array()) bad("meta.recorded_blocks is not an array");
  for (const json& b : blocks) {
    if (!b.is_number_unsigned() || b.get<std::uint64_t>() > u32max) bad("meta.recorded_blocks holds a non-block");
    m.recorded_blocks.push_back(b.get<std::uint32_t>());
  }
  if (version == 1)
    m.buffers = v1_buffers(m);
  else
    tables_from_json(j, m);
  return m;
}

BufferId buffer_from_name(const std::string& name, const TraceMeta& meta) {
  for (const BufferRecord& b : meta.buffers)
    if (b.name == name) return b.id;
  bad("unknown buffer '" + name + "'");
}

// Version 1 events have no "launch" (they are all launch 0) and number steps the old way.
Event event_from_json(const json& j, const TraceMeta& meta, std::uint64_t version) {
  Event e{};
  if (version >= 2) e.launch = static_cast<std::uint16_t>(get_uint(j, "launch", 0xFFFF));
  e.block = static_cast<std::uint32_t>(get_uint(j, "block", 0xFFFFFFFFu));
  e.thread = static_cast<std::uint16_t>(get_uint(j, "thread", 0xFFFF));
  e.step = static_cast<std::uint16_t>(get_uint(j, "step", 0xFFFF));
  e.site = static_cast<std::uint16_t>(get_uint(j, "site", 0xFFFF));
  e.seq = static_cast<std::uint32_t>(get_uint(j, "seq", 0xFFFFFFFFu));
  if (j.contains("time")) e.time = static_cast<std::uint32_t>(get_uint(j, "time", 0xFFFFFFFFu));
  const auto op = op_from_name(j.at("op").get<std::string>());
  if (!op) bad("unknown op '" + j.at("op").get<std::string>() + "'");
  e.op = *op;
  e.address = static_cast<std::uint32_t>(get_uint(j, "address", 0xFFFFFFFFu));
  e.size = static_cast<std::uint8_t>(get_uint(j, "size", 0xFF));
  const json& buffer = j.at("buffer");
  if (!buffer.is_null()) e.buffer = buffer_from_name(buffer.get<std::string>(), meta);
  e.aux = static_cast<std::uint32_t>(get_uint(j, "aux", 0xFFFFFFFFu));
  e.flags = static_cast<std::uint8_t>(get_uint(j, "flags", 0xFF));
  const json& raw = j.at("raw");
  if (!raw.is_array() || raw.size() != 2) bad("'raw' is not a pair of hex strings");
  e.value[0] = parse_hex64(raw[0]);
  e.value[1] = parse_hex64(raw[1]);
  return e;
}

}  // namespace

json meta_to_json(const TraceMeta& m) {
  json launches = json::array();
  for (const LaunchRecord& l : m.launches)
    launches.push_back({{"name", l.name},
                        {"grid_dim", l.grid_dim},
                        {"block_dim", l.block_dim},
                        {"shared_bytes", l.shared_bytes},
                        {"shared_columns", l.shared_columns},
                        {"rank", l.rank},
                        {"n", l.n}});
  json buffers = json::array();
  for (const BufferRecord& b : m.buffers)
    buffers.push_back(
        {{"id", b.id}, {"name", b.name}, {"type", b.type}, {"role", role_name(b.role)}, {"elements", b.elements},
         {"rank", b.rank}});
  json steps = json::array();
  for (const StepRecord& s : m.steps) steps.push_back({{"id", s.id}, {"name", s.name}});
  json doc = json{{"family", m.family},       {"variant", m.variant},
              {"op", m.op},               {"type", m.type},
              {"backend", m.backend},     {"n", m.n},
              {"block_dim", m.block_dim}, {"grid_dim", m.grid_dim},
              {"recorded_blocks", m.recorded_blocks},
              {"event_cap", m.event_cap}, {"events_dropped", m.events_dropped},
              {"launches", std::move(launches)}, {"buffers", std::move(buffers)},
              {"steps", std::move(steps)}, {"params", m.params}, {"sm_count", m.sm_count}};
  if (m.ranks != 1) doc["ranks"] = m.ranks;
  if (!m.variant_file.empty()) doc["variant_file"] = m.variant_file;
  if (!m.lines_file.empty()) doc["lines_file"] = m.lines_file;
  if (!m.sources.empty()) {
    json sources = json::array();
    for (const SourceText& s : m.sources) sources.push_back({{"path", s.path}, {"text", s.text}});
    doc["sources"] = std::move(sources);
  }
  if (!m.shared_arrays.empty()) {
    json arrays = json::array();
    for (const SharedArrayRecord& a : m.shared_arrays)
      arrays.push_back({{"name", a.name}, {"offset", a.offset}, {"bytes", a.bytes}});
    doc["shared_arrays"] = std::move(arrays);
  }
  if (const auto& f = m.fault)
    doc["fault"] = {{"kind", f->kind},     {"message", f->message}, {"launch", f->launch}, {"block", f->block},
                    {"thread", f->thread}, {"line", f->line},       {"step", f->step},     {"lanes", f->lanes}};
  if (m.clocks.empty()) return doc;
  json clocks = json::array();
  for (const WarpClock& c : m.clocks)
    clocks.push_back({{"launch", c.launch}, {"block", c.block}, {"warp", c.warp}, {"step", c.step},
                      {"cycle", c.cycle}, {"exit", c.exit != 0}});
  doc["sm_clock_mhz"] = m.sm_clock_mhz;
  doc["clocks"] = std::move(clocks);
  return doc;
}

json event_to_json(const Event& e, const TraceMeta& meta) { return event_json(e, meta, EventValueTypes(meta)); }

json trace_to_json(const Trace& trace) {
  const EventValueTypes types(trace.meta);
  json events = json::array();
  for (const Event& e : trace.events) events.push_back(event_json(e, trace.meta, types));
  return json{{"format", kJsonFormat}, {"version", kJsonVersion}, {"meta", meta_to_json(trace.meta)},
              {"events", std::move(events)}};
}

void write_trace_json(const Trace& trace, std::ostream& out) {
  const EventValueTypes types(trace.meta);
  out << "{\"format\":\"" << kJsonFormat << "\",\"version\":" << kJsonVersion
      << ",\"meta\":" << dump(meta_to_json(trace.meta)) << ",\"events\":[";
  for (std::size_t i = 0; i < trace.events.size(); ++i)
    out << (i ? ",\n" : "\n") << dump(event_json(trace.events[i], trace.meta, types));
  out << "\n]}\n";
}

void write_trace_json(const Trace& trace, const std::string& path) {
  std::ofstream out(path, std::ios::trunc);
  if (!out) throw TraceError("JSON trace '" + path + "': cannot open for writing");
  write_trace_json(trace, out);
  out.close();
  if (!out) throw TraceError("JSON trace '" + path + "': write failed");
}

Trace trace_from_json(const json& doc) {
  Trace trace;
  try {
    if (!doc.is_object() || doc.value("format", "") != kJsonFormat) throw TraceError("not a WarpLens JSON trace");
    const auto version = get_uint(doc, "version", std::numeric_limits<std::uint32_t>::max());
    if (version > kJsonVersion) throw TraceError("newer JSON trace version " + std::to_string(version));
    if (version == 0) bad("version 0");
    trace.meta = meta_from_json(doc.at("meta"), version);
    const json& events = doc.at("events");
    if (!events.is_array()) bad("'events' is not an array");
    trace.events.reserve(events.size());
    for (const json& e : events) trace.events.push_back(event_from_json(e, trace.meta, version));
    if (version == 1) upgrade_from_v1(trace);
  } catch (const json::exception& x) {
    bad(x.what());
  }
  validate_trace(trace);
  return trace;
}

Trace read_trace_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw TraceError("JSON trace '" + path + "': cannot open");
  try {
    return trace_from_json(json::parse(in));
  } catch (const json::exception& x) {
    throw TraceError("JSON trace '" + path + "': invalid JSON: " + x.what());
  } catch (const TraceError& x) {
    throw TraceError("JSON trace '" + path + "': " + x.what());
  }
}

}  // namespace wl
