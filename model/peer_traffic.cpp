#include "model/peer_traffic.h"

namespace wl {

std::uint64_t LinkBytes::read_by(unsigned rank) const {
  std::uint64_t sum = 0;
  for (unsigned peer = 0; peer < ranks; ++peer) sum += read_from(rank, peer);
  return sum;
}

std::uint64_t LinkBytes::written_by(unsigned rank) const {
  std::uint64_t sum = 0;
  for (unsigned peer = 0; peer < ranks; ++peer) sum += written_to(rank, peer);
  return sum;
}

PeerTraffic peer_traffic(const Trace& trace) {
  PeerTraffic out;
  const unsigned ranks = trace.meta.ranks;
  if (ranks < 2) return out;
  auto empty = [ranks] {
    LinkBytes b;
    b.ranks = ranks;
    b.read.assign(std::size_t(ranks) * ranks, 0);
    b.written.assign(std::size_t(ranks) * ranks, 0);
    return b;
  };
  out.total = empty();
  for (const Event& e : trace.events) {
    const bool load = e.op == OpKind::GlobalLoad;
    if (!load && e.op != OpKind::GlobalStore && e.op != OpKind::GlobalAtomic) continue;
    if (e.launch >= trace.meta.launches.size()) continue;
    const BufferRecord* buffer = trace.meta.buffer(e.buffer);
    const unsigned rank = trace.meta.launches[e.launch].rank;
    if (!buffer || buffer->rank == rank || buffer->rank >= ranks || rank >= ranks) continue;
    auto step = out.steps.find(e.step);
    if (step == out.steps.end()) step = out.steps.emplace(e.step, empty()).first;
    const std::size_t cell = std::size_t(rank) * ranks + buffer->rank;
    (load ? out.total.read : out.total.written)[cell] += e.size;
    if (e.flags & kFlagSync) out.flag_bytes += e.size;
    (load ? step->second.read : step->second.written)[cell] += e.size;
  }
  return out;
}

}  // namespace wl
