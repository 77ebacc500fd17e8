#include "trace/trace_validate.h"

#include <algorithm>
#include <string>

#include "trace/event_info.h"
#include "trace/trace_error.h"

namespace wl {
namespace {

[[noreturn]] void invalid(const std::string& what) { throw TraceError("invalid trace: " + what); }

void check_string(const std::string& s, const char* field) {
  if (s.size() > kMaxMetaStringLength)
    invalid(std::string("meta.") + field + " is " + std::to_string(s.size()) + " bytes long (max " +
            std::to_string(kMaxMetaStringLength) + ")");
}

bool is_access_size(unsigned s) { return s == 1 || s == 2 || s == 4 || s == 8 || s == 16; }

}  // namespace

void validate_meta(const TraceMeta& meta) {
  check_string(meta.family, "family");
  check_string(meta.variant, "variant");
  check_string(meta.op, "op");
  check_string(meta.type, "type");
  check_string(meta.backend, "backend");
  if (meta.block_dim == 0 || meta.block_dim > kMaxBlockDim)
    invalid("meta.block_dim " + std::to_string(meta.block_dim) + " is outside [1, " +
            std::to_string(kMaxBlockDim) + "]");
  const auto& rb = meta.recorded_blocks;
  for (std::size_t i = 0; i < rb.size(); ++i) {
    if (rb[i] >= meta.grid_dim)
      invalid("recorded block " + std::to_string(rb[i]) + " >= grid_dim " + std::to_string(meta.grid_dim));
    if (i > 0 && rb[i] <= rb[i - 1]) invalid("meta.recorded_blocks is not sorted and unique");
  }
}

void validate_event(const Event& e, const TraceMeta& meta, std::size_t index) {
  auto fail = [&](const std::string& what) { invalid("event #" + std::to_string(index) + ": " + what); };
  if (unsigned(e.op) >= unsigned(OpKind::Count)) fail("unknown op kind " + std::to_string(unsigned(e.op)));
  if (e.thread >= meta.block_dim)
    fail("thread " + std::to_string(e.thread) + " >= block_dim " + std::to_string(meta.block_dim));
  if (e.block >= meta.grid_dim)
    fail("block " + std::to_string(e.block) + " >= grid_dim " + std::to_string(meta.grid_dim));
  const auto& rb = meta.recorded_blocks;
  if (!rb.empty() && !std::binary_search(rb.begin(), rb.end(), e.block))
    fail("block " + std::to_string(e.block) + " is not in meta.recorded_blocks");
  if (e.step > kMaxStep && e.step != kFinishStep) fail("step " + std::to_string(e.step) + " is out of range");
  if (unsigned(e.buffer) >= kBufferCount) fail("unknown buffer " + std::to_string(unsigned(e.buffer)));
  if (is_memory_access(e.op)) {
    if (!is_access_size(e.size)) fail("access size " + std::to_string(e.size) + " is not 1, 2, 4, 8 or 16");
    if (e.address % e.size != 0)
      fail("address " + std::to_string(e.address) + " is not aligned to its size " + std::to_string(e.size));
    if (is_global_access(e.op) && e.buffer == Buffer::None) fail("global access without a buffer");
  } else if (e.size != 0 && !(is_access_size(e.size) && e.size <= 8)) {
    fail("size " + std::to_string(e.size) + " of a " + op_name(e.op) + " event is not 0, 1, 2, 4 or 8");
  }
}

void validate_trace(const Trace& trace) {
  validate_meta(trace.meta);
  for (std::size_t i = 0; i < trace.events.size(); ++i) validate_event(trace.events[i], trace.meta, i);
}

}  // namespace wl
