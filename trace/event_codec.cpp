#include "trace/event_codec.h"

#include <string>

#include "trace/trace_error.h"

namespace wl {
namespace {

// The mask byte in front of each event: bits 0-1 say where it is, each other bit that a field
// differs from its prediction and follows.
constexpr std::uint8_t kSameThread = 0;  // launch, block, thread as before; seq one on
constexpr std::uint8_t kNextThread = 1;  // launch, block as before; thread one on; seq 0
constexpr std::uint8_t kExplicit = 2;    // launch, block, thread, seq follow
constexpr std::uint8_t kPositionBits = 3;
constexpr std::uint8_t kKind = 1u << 2;  // op, size, buffer, flags, step, site
constexpr std::uint8_t kAddress = 1u << 3;
constexpr std::uint8_t kAux = 1u << 4;
constexpr std::uint8_t kTime = 1u << 5;
constexpr std::uint8_t kValue0 = 1u << 6;
constexpr std::uint8_t kValue1 = 1u << 7;

std::uint64_t zigzag(std::int64_t v) { return (std::uint64_t(v) << 1) ^ std::uint64_t(v >> 63); }
std::int64_t unzigzag(std::uint64_t u) { return std::int64_t(u >> 1) ^ -std::int64_t(u & 1); }

// What the encoder and the decoder both know before an event: the event before it, and the
// previous thread's events by position with the address and time strides between that thread
// and the one before it, so a warp's addresses (t * 4) and ticks cost nothing.
class Predictor {
 public:
  // Called with the event's position decoded; returns the reference the other fields are
  // predicted from, and the predicted address and time.
  const Event& reference(const Event& e, std::uint32_t& address, std::uint32_t& time) {
    if (first_ || e.launch != prev_.launch || e.block != prev_.block || e.thread != prev_.thread) {
      above_.swap(current_);
      above_stride_.swap(current_stride_);
      current_.clear();
      current_stride_.clear();
      at_ = 0;
    } else {
      ++at_;
    }
    first_ = false;
    has_above_ = at_ < above_.size();
    const Event& r = has_above_ ? above_[at_] : prev_;
    address = r.address + (has_above_ ? above_stride_[at_].address : 0);
    time = r.time + (has_above_ ? above_stride_[at_].time : 0);
    return r;
  }
  void done(const Event& e) {
    Stride s;
    if (has_above_) s = {e.address - above_[at_].address, e.time - above_[at_].time};
    if (at_ < kPositions) {
      current_.push_back(e);
      current_stride_.push_back(s);
    }
    prev_ = e;
  }
  const Event& prev() const { return prev_; }

 private:
  // Positions a thread's events are kept for the next thread: past them the reference is the
  // event before, so a thread of millions of events costs no copy of them.
  static constexpr std::size_t kPositions = std::size_t(1) << 16;
  struct Stride {
    std::uint32_t address = 0, time = 0;
  };
  Event prev_{};
  bool first_ = true, has_above_ = false;
  std::size_t at_ = 0;
  std::vector<Event> above_, current_;
  std::vector<Stride> above_stride_, current_stride_;
};

void put_varint(std::vector<std::uint8_t>& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(std::uint8_t(v | 0x80));
    v >>= 7;
  }
  out.push_back(std::uint8_t(v));
}

bool same_kind(const Event& a, const Event& b) {
  return a.op == b.op && a.size == b.size && a.buffer == b.buffer && a.flags == b.flags && a.step == b.step &&
         a.site == b.site;
}

[[noreturn]] void corrupt(const std::string& what) { throw TraceError("corrupt: " + what); }

class VarintReader {
 public:
  VarintReader(const std::uint8_t* p, const std::uint8_t* end) : p_(p), end_(end) {}
  std::uint8_t byte() {
    if (p_ == end_) corrupt("the encoded events end early");
    return *p_++;
  }
  std::uint64_t varint() {
    std::uint64_t v = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      const std::uint8_t b = byte();
      v |= std::uint64_t(b & 0x7F) << shift;
      if (!(b & 0x80)) return v;
    }
    corrupt("a variable-length integer runs past 64 bits");
  }
  template <class T>
  T bounded() {
    const std::uint64_t v = varint();
    if (v > std::uint64_t(T(~T(0)))) corrupt("a field's value " + std::to_string(v) + " does not fit it");
    return T(v);
  }
  std::size_t left() const { return std::size_t(end_ - p_); }

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

}  // namespace

void encode_events(const std::vector<Event>& events, std::vector<std::uint8_t>& out) {
  Predictor predict;
  for (const Event& e : events) {
    const Event& p = predict.prev();
    std::uint8_t mask = kExplicit;
    if (&e != &events.front() && e.launch == p.launch && e.block == p.block) {
      if (e.thread == p.thread && e.seq == p.seq + 1) mask = kSameThread;
      else if (e.thread == p.thread + 1 && e.seq == 0) mask = kNextThread;
    }
    std::uint32_t address = 0, time = 0;
    const Event& r = predict.reference(e, address, time);
    if (!same_kind(e, r)) mask |= kKind;
    if (e.address != address) mask |= kAddress;
    if (e.aux != r.aux) mask |= kAux;
    if (e.time != time) mask |= kTime;
    if (e.value[0] != r.value[0]) mask |= kValue0;
    if (e.value[1] != r.value[1]) mask |= kValue1;
    out.push_back(mask);
    if ((mask & kPositionBits) == kExplicit) {
      put_varint(out, e.launch);
      put_varint(out, e.block);
      put_varint(out, e.thread);
      put_varint(out, e.seq);
    }
    if (mask & kKind) {
      out.insert(out.end(), {std::uint8_t(e.op), e.size, e.buffer, e.flags});
      put_varint(out, e.step);
      put_varint(out, e.site);
    }
    if (mask & kAddress) put_varint(out, zigzag(std::int32_t(e.address - address)));
    if (mask & kAux) put_varint(out, e.aux);
    if (mask & kTime) put_varint(out, zigzag(std::int32_t(e.time - time)));
    if (mask & kValue0) put_varint(out, zigzag(std::int64_t(e.value[0] - r.value[0])));
    if (mask & kValue1) put_varint(out, zigzag(std::int64_t(e.value[1] - r.value[1])));
    predict.done(e);
  }
}

std::vector<Event> decode_events(const std::uint8_t* data, const std::uint8_t* end, std::uint64_t count) {
  if (count > std::uint64_t(end - data))
    corrupt("event count " + std::to_string(count) + " in " + std::to_string(end - data) +
            " encoded bytes (each event takes at least one)");
  std::vector<Event> events(count);
  VarintReader in(data, end);
  Predictor predict;
  for (Event& e : events) {
    const std::uint8_t mask = in.byte();
    const Event& p = predict.prev();
    e.launch = p.launch;
    e.block = p.block;
    switch (mask & kPositionBits) {
      case kSameThread:
        e.thread = p.thread;
        e.seq = p.seq + 1;
        break;
      case kNextThread:
        e.thread = std::uint16_t(p.thread + 1);
        e.seq = 0;
        break;
      case kExplicit:
        e.launch = in.bounded<std::uint16_t>();
        e.block = in.bounded<std::uint32_t>();
        e.thread = in.bounded<std::uint16_t>();
        e.seq = in.bounded<std::uint32_t>();
        break;
      default: corrupt("an event's position code 3 is not defined");
    }
    if (&e == &events.front() && (mask & kPositionBits) != kExplicit) corrupt("the first event has no position");
    std::uint32_t address = 0, time = 0;
    const Event& r = predict.reference(e, address, time);
    if (mask & kKind) {
      e.op = OpKind(in.byte());
      e.size = in.byte();
      e.buffer = in.byte();
      e.flags = in.byte();
      e.step = in.bounded<std::uint16_t>();
      e.site = in.bounded<std::uint16_t>();
    } else {
      e.op = r.op;
      e.size = r.size;
      e.buffer = r.buffer;
      e.flags = r.flags;
      e.step = r.step;
      e.site = r.site;
    }
    e.address = mask & kAddress ? address + std::uint32_t(unzigzag(in.varint())) : address;
    e.aux = mask & kAux ? in.bounded<std::uint32_t>() : r.aux;
    e.time = mask & kTime ? time + std::uint32_t(unzigzag(in.varint())) : time;
    e.value[0] = r.value[0] + (mask & kValue0 ? std::uint64_t(unzigzag(in.varint())) : 0);
    e.value[1] = r.value[1] + (mask & kValue1 ? std::uint64_t(unzigzag(in.varint())) : 0);
    predict.done(e);
  }
  if (in.left()) corrupt(std::to_string(in.left()) + " encoded bytes follow the last event");
  return events;
}

}  // namespace wl
