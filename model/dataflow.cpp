#include "model/dataflow.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <tuple>
#include <utility>

#include "core/value_type.h"
#include "model/flat_index.h"
#include "trace/event_info.h"

namespace wl {
namespace {

unsigned type_bytes(const std::string& name) {
  const std::optional<ValueType> t = parse_value_type(name);
  return t ? value_type_bytes(*t) : 0;
}

// accessed_elements, given the element size its space has (0: unknown).
ElementSpan span_of(const Event& e, unsigned bytes) {
  if (bytes == 0) bytes = e.size == 0 ? 4u : e.size;  // an unknown type: the access is one element
  ElementSpan span;
  span.bytes = bytes;
  span.first = e.address / bytes;
  span.count = e.size > bytes ? e.size / bytes : 1;
  return span;
}

// A location; shared slots and registers also by launch, since they do not outlive it.
struct LocationKey {
  DataflowSpace space = DataflowSpace::Global;
  std::uint32_t owner = 0;  // global: buffer; shared, register: block
  std::uint32_t index = 0;
  std::uint16_t launch = 0;  // 0 for global
  bool operator==(const LocationKey& o) const {
    return space == o.space && owner == o.owner && index == o.index && launch == o.launch;
  }
};

// Where an event stands in the processing order, for deciding what it can see.
struct Position {
  std::uint16_t launch;
  StepId step;
  std::uint32_t block;
  std::uint32_t epoch;
  std::uint32_t thread;
};

struct Version {
  std::uint32_t node;
  Position at;
  bool atomic;  // its recorded value is an operand, not what the location held
};

// A value a thread took: the version, who took it and when (DataflowEdge::holder, read_step),
// and whether the load that took it was racy.
struct Source {
  std::uint32_t node;
  std::uint16_t holder;
  StepId step;
  bool racy;
};

// A location's versions live in the builder's one pool (Builder::versions_), each linked to the
// one before it: millions of locations, and no allocation of their own.
constexpr std::uint32_t kNoVersion = ~std::uint32_t(0);
struct VersionLink {
  Version version;
  std::uint32_t older;  // the version before it at the location, or kNoVersion
};
struct Location {
  std::uint32_t initial = kNoDataflowNode;
  std::uint32_t newest = kNoVersion, oldest = kNoVersion;  // into the pool
};

// Versions come from earlier in the processing order, so one of another launch or step is older.
bool visible(const Position& written, const Position& reader) {
  if (written.launch != reader.launch || written.step != reader.step) return true;
  return written.block == reader.block && (written.epoch < reader.epoch || written.thread == reader.thread);
}

// What the graph follows: memory accesses, shuffles, and barriers (which end epochs).
bool moves_values(OpKind op) {
  switch (op) {
    case OpKind::GlobalLoad: case OpKind::GlobalStore: case OpKind::GlobalAtomic:
    case OpKind::SharedLoad: case OpKind::SharedStore: case OpKind::SharedAtomic:
    case OpKind::Shuffle: case OpKind::Barrier: return true;
    default: return false;
  }
}

// One source per node: the latest take (then the lowest holder), racy when any take was.
void normalise(std::vector<Source>& set) {
  std::sort(set.begin(), set.end(), [](const Source& a, const Source& b) {
    return std::tie(a.node, b.step, a.holder) < std::tie(b.node, a.step, b.holder);
  });
  std::size_t kept = 0;
  for (std::size_t i = 0; i < set.size(); ++i) {
    if (kept > 0 && set[kept - 1].node == set[i].node) {
      set[kept - 1].racy = set[kept - 1].racy || set[i].racy;
      continue;
    }
    set[kept++] = set[i];
  }
  set.resize(kept);
}

void append(std::vector<Source>& to, const std::vector<Source>& from) { to.insert(to.end(), from.begin(), from.end()); }

// Drops from `loaded` the loads of this step an st_from named (the latest read of each): a
// value a kernel has said what it was for feeds no later plain store. Reads of the same node
// in earlier steps stay.
void spend(std::vector<Source>& loaded, const std::vector<Source>& used) {
  for (const Source& u : used)
    for (auto it = loaded.rbegin(); it != loaded.rend(); ++it)
      if (it->node == u.node && it->step == u.step) {
        loaded.erase(std::next(it).base());
        break;
      }
}

// A thread's loads of one step, one list of sources a load: emptied without freeing its lists,
// whose room the next step's loads reuse (a thread loads in every step of every block).
class LoadLists {
 public:
  std::vector<Source>& add() {
    if (used_ == lists_.size()) lists_.emplace_back();
    std::vector<Source>& list = lists_[used_++];
    list.clear();
    return list;
  }
  void clear() { used_ = 0; }
  std::size_t size() const { return used_; }
  const std::vector<Source>& operator[](std::size_t k) const { return lists_[k]; }

 private:
  std::vector<std::vector<Source>> lists_;
  std::size_t used_ = 0;
};

struct ThreadState {
  std::vector<Source> held;    // what it last stored or received: its register
  std::vector<Source> loaded;  // what it read since then
  LoadLists step_loads;  // this step's loads, for st_from masks
  // The loads of the value it is storing (kStoreSinceStore): since it last stored and then
  // loaded again, so stores of one value into several places name the same loads.
  LoadLists store_loads;
  bool stored = false;  // a store since its last load: the next load starts a new value
  std::uint16_t launch = 0;
  StepId step = 0;
  std::vector<Source> sent;    // held and loaded at its shuffle of round `sent_round`
  std::uint64_t sent_round = 0;

  std::vector<Source> pending() const {
    std::vector<Source> all = held;
    append(all, loaded);
    normalise(all);
    return all;
  }
};

class Builder {
 public:
  explicit Builder(const Trace& run) : meta_(run.meta), shared_bytes_(type_bytes(meta_.type)) {
    for (const BufferRecord& b : meta_.buffers) {
      role_[b.id] = b.role;
      buffer_bytes_[b.id] = type_bytes(b.type);
    }
    // Processing order: launch, step, block, thread, seq. A canonical trace (launch, block,
    // thread, seq) needs only a stable counting pass by (launch, step): its few steps are the
    // buckets. Otherwise packed keys are sorted, not pointers to events.
    if (is_canonical(run.events)) {
      const std::vector<Event>& ev = run.events;
      std::vector<std::size_t> slot(std::size_t(1) << 16);  // by step: where its next event goes
      for (std::size_t first = 0; first < ev.size();) {  // a launch at a time: they come in order
        std::size_t last = first;
        std::fill(slot.begin(), slot.end(), 0);
        for (; last < ev.size() && ev[last].launch == ev[first].launch; ++last)
          if (moves_values(ev[last].op)) ++slot[ev[last].step];
        std::size_t at = order_.size();
        for (std::size_t& s : slot) at += std::exchange(s, at);
        order_.resize(at);
        for (std::size_t k = first; k < last; ++k)
          if (moves_values(ev[k].op)) order_[slot[ev[k].step]++] = &ev[k];
        first = last;
      }
      return;
    }
    struct Key {
      std::uint64_t major, minor;  // launch, step, block; thread, seq
      const Event* event;
    };
    std::vector<Key> keys;
    for (const Event& e : run.events)
      if (moves_values(e.op))
        keys.push_back({std::uint64_t(e.launch) << 48 | std::uint64_t(e.step) << 32 | e.block,
                        std::uint64_t(e.thread) << 32 | e.seq, &e});
    std::sort(keys.begin(), keys.end(), [](const Key& a, const Key& b) {
      return a.major != b.major ? a.major < b.major : a.minor < b.minor;
    });
    order_.reserve(keys.size());
    for (const Key& k : keys) order_.push_back(k.event);
  }

  DataflowGraph build() {
    for (std::size_t i = 0; i < order_.size();) {
      const Event& head = *order_[i];
      std::size_t end = i;
      while (end < order_.size() && order_[end]->launch == head.launch && order_[end]->step == head.step &&
             order_[end]->block == head.block)
        ++end;
      if (head.launch != launch_) {  // shared memory and registers do not outlive a launch
        launch_ = head.launch;
        shared_.clear();
        shared_pool_.clear();
        registers_.clear();
        register_pool_.clear();
        threads_.clear();
        thread_pool_.clear();
      }
      process_block_step(i, end);
      i = end;
    }
    mark_swaps();
    return std::move(graph_);
  }

 private:
  struct Segment {
    std::size_t begin, end;  // into order_
  };

  // One block's events of one step: by barrier epoch, then shuffle round, then thread.
  void process_block_step(std::size_t first, std::size_t last) {
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<Segment>> rounds;
    for (std::size_t t = first; t < last;) {
      std::size_t t_end = t;
      while (t_end < last && order_[t_end]->thread == order_[t]->thread) ++t_end;
      std::uint32_t epoch = 0, round = 0;
      std::size_t begin = t;
      for (std::size_t k = t; k < t_end; ++k) {
        const OpKind op = order_[k]->op;
        if (op != OpKind::Shuffle && op != OpKind::Barrier) continue;
        rounds[{epoch, round}].push_back({begin, k + 1});
        begin = k + 1;
        if (op == OpKind::Barrier) ++epoch, round = 0;
        else ++round;
      }
      if (begin < t_end) rounds[{epoch, round}].push_back({begin, t_end});
      t = t_end;
    }
    for (const auto& [key, segments] : rounds) {
      ++round_serial_;
      for (const Segment& s : segments)
        for (std::size_t k = s.begin; k < s.end; ++k) apply(*order_[k], key.first);
      for (const Segment& s : segments)
        if (order_[s.end - 1]->op == OpKind::Shuffle) receive(*order_[s.end - 1], key.first);
    }
  }

  ThreadState& state(const Event& e) {
    bool added = false;
    const std::uint32_t at =
        threads_.find_or_add(std::uint64_t(e.block) << 16 | e.thread, std::uint32_t(thread_pool_.size()), added);
    if (added) thread_pool_.emplace_back();
    return thread_pool_[at];
  }
  // The elements an access covers (accessed_elements), with the element sizes looked up once.
  ElementSpan elements(const Event& e) const {
    return span_of(e, is_global_access(e.op) ? buffer_bytes_[e.buffer] : shared_bytes_);
  }

  void apply(const Event& e, std::uint32_t epoch) {
    const Position at{e.launch, e.step, e.block, epoch, e.thread};
    ThreadState& s = state(e);
    if (s.launch != e.launch || s.step != e.step) {
      s.launch = e.launch;
      s.step = e.step;
      s.step_loads.clear();
    }
    switch (e.op) {
      case OpKind::GlobalLoad:
      case OpKind::SharedLoad: {
        if (e.flags & kFlagSync) break;  // a flag orders memory; no value flows from it
        std::vector<Source>& read = s.step_loads.add();
        const ElementSpan span = elements(e);
        for (std::uint32_t k = 0; k < span.count; ++k) read.push_back(resolve(e, span, k, at));
        append(s.loaded, read);
        if (s.stored) s.store_loads.clear(), s.stored = false;
        s.store_loads.add() = read;
        break;
      }
      case OpKind::GlobalStore:
      case OpKind::SharedStore: {
        std::vector<Source> sources;
        const ElementSpan span = elements(e);
        const LoadLists& loads = e.aux & kStoreSinceStore ? s.store_loads : s.step_loads;
        std::vector<const std::vector<Source>*> named;
        // A vector store with nothing loaded since the last: the register's lanes again, a copy.
        const bool copy_held = e.aux == 0 && span.count > 1 && s.loaded.empty() && s.held.size() == span.count &&
                               !reread_target(s, e, span);
        if (e.aux == 0) {
          sources = s.loaded;
          if (!reread_target(s, e, span)) append(sources, s.held);
        } else {
          for (std::size_t k = 0; k < loads.size() && k < kStoreMaskLoads; ++k)
            if (e.aux >> k & 1u) {
              append(sources, loads[k]);
              named.push_back(&loads[k]);
            }
          spend(s.loaded, sources);
          if (e.aux & kStoreFromRegisters) append(sources, s.pending());
        }
        normalise(sources);
        // A vector store naming only vector loads of as many elements (st_vec_from): element k
        // combines element k of each, as a lane-wise copy or combine does, not all of them.
        bool lanewise = span.count > 1 && !named.empty() && !(e.aux & kStoreFromRegisters);
        for (const std::vector<Source>* l : named) lanewise &= l->size() == span.count;
        std::vector<Source> written, element;
        for (std::uint32_t k = 0; k < span.count; ++k) {
          if (copy_held) {
            element = {s.held[k]};
          } else if (lanewise) {
            element.clear();
            for (const std::vector<Source>* l : named) element.push_back((*l)[k]);
            normalise(element);
          }
          const std::vector<Source>& from = lanewise || copy_held ? element : sources;
          written.push_back({write(e, location(e, span, k), element_bits(e, span, k), from, at, false), e.thread,
                             e.step, false});
        }
        s.stored = true;
        if (e.aux == 0 || (e.aux & kStoreSinceStore)) {  // the register still holds what it stored
          s.held = std::move(written);
          if (e.aux == 0) s.loaded.clear();
        }
        break;
      }
      case OpKind::GlobalAtomic:
      case OpKind::SharedAtomic: {
        const ElementSpan span = elements(e);
        const std::vector<Source> pending = s.pending();
        std::vector<Source> returned;
        for (std::uint32_t k = 0; k < span.count; ++k) {
          const LocationKey key = location(e, span, k);
          std::vector<Source> sources = pending;
          returned.push_back({latest(key, e), e.thread, e.step, false});
          sources.push_back(returned.back());
          normalise(sources);
          write(e, key, element_bits(e, span, k), sources, at, true);
        }
        s.held = std::move(returned);
        s.loaded.clear();
        break;
      }
      case OpKind::Shuffle:  // the send: what this lane holds before any lane receives
        s.sent = s.pending();
        s.sent_round = round_serial_;
        break;
      default:
        break;  // branches, barriers, votes, fences: no values move
    }
  }

  void receive(const Event& e, std::uint32_t epoch) {
    ThreadState& s = state(e);
    std::vector<Source> sources = s.sent;
    // An unknown sender (a GPU recording's) adds no source: the graph shows no edge it cannot know.
    if (e.aux != kUnknownLane) {
      const std::uint32_t sender = e.thread / kWarpSize * kWarpSize + e.aux % kWarpSize;
      const std::uint32_t* at = threads_.find(std::uint64_t(e.block) << 16 | sender);
      if (at && thread_pool_[*at].sent_round == round_serial_) append(sources, thread_pool_[*at].sent);
    }
    normalise(sources);
    const LocationKey key{DataflowSpace::Register, e.block, e.thread, e.launch};
    const std::uint64_t received = element_bits_of(e.value[1], e.size == 0 ? 8u : std::min(8u, unsigned(e.size)));
    const std::uint32_t version = write(e, key, received, sources, {e.launch, e.step, e.block, epoch, e.thread}, false);
    graph_.nodes[version].sent = element_bits_of(e.value[0], e.size == 0 ? 8u : std::min(8u, unsigned(e.size)));
    s.held = {{version, e.thread, e.step, false}};
    s.loaded.clear();
  }

  // Whether the thread read the location it now stores to since its last store: then the
  // kernel recomputed the value from memory, and what its register held is not a source
  // (interleaved addressing re-reads sdata[index] at a new index every level).
  bool reread_target(const ThreadState& s, const Event& e, const ElementSpan& span) const {
    for (std::uint32_t k = 0; k < span.count; ++k) {
      const LocationKey target = location(e, span, k);
      for (const Source& source : s.loaded)
        if (key_of(graph_.nodes[source.node]) == target) return true;
    }
    return false;
  }

  static LocationKey key_of(const DataflowNode& n) {
    if (n.space == DataflowSpace::Global) return {n.space, n.buffer, n.index, 0};
    return {n.space, n.block, n.index, n.launch};
  }

  // --- locations and versions

  LocationKey location(const Event& e, const ElementSpan& span, std::uint32_t k) const {
    if (e.op == OpKind::GlobalLoad || e.op == OpKind::GlobalStore || e.op == OpKind::GlobalAtomic)
      return {DataflowSpace::Global, e.buffer, span.first + k, 0};
    return {DataflowSpace::Shared, e.block, span.first + k, e.launch};
  }

  // The reference lasts until the next call (the pools grow).
  Location& state_of(const LocationKey& key) {
    FlatIndex& index = key.space == DataflowSpace::Global ? global_ : key.space == DataflowSpace::Shared ? shared_ : registers_;
    std::vector<Location>& pool = key.space == DataflowSpace::Global   ? global_pool_
                                  : key.space == DataflowSpace::Shared ? shared_pool_
                                                                       : register_pool_;
    bool added = false;  // global: the owner is a buffer; shared and registers: a block of this launch
    const std::uint32_t at = index.find_or_add(std::uint64_t(key.owner) << 32 | key.index, std::uint32_t(pool.size()), added);
    if (added) pool.emplace_back();
    return pool[at];
  }

  static std::uint64_t element_bits_of(std::uint64_t word, unsigned bytes) {
    return bytes >= 8 ? word : word & ((std::uint64_t(1) << (bytes * 8)) - 1);
  }
  static std::uint64_t element_bits(const Event& e, const ElementSpan& span, std::uint32_t k) {
    const unsigned bit = k * span.bytes * 8;
    if (bit >= 128) return 0;
    return element_bits_of(e.value[bit / 64] >> (bit % 64), span.bytes);
  }

  // The version a load sees (see the header), making the initial node when there is none; a
  // racy load, one that got another value, is drawn from the version that holds what it got.
  Source resolve(const Event& e, const ElementSpan& span, std::uint32_t k, const Position& at) {
    const LocationKey key = location(e, span, k);
    const std::uint64_t bits = element_bits(e, span, k);
    Location& loc = state_of(key);
    const Version* seen = nullptr;
    for (std::uint32_t v = loc.newest; v != kNoVersion && !seen; v = versions_[v].older)
      if (visible(versions_[v].version.at, at)) seen = &versions_[v].version;
    const std::uint32_t node = seen ? seen->node : initial(key, loc, e, bits, true);
    if ((seen && seen->atomic) || holds(node, bits)) return {node, e.thread, e.step, false};
    for (std::uint32_t v = loc.newest; v != kNoVersion; v = versions_[v].older) {
      const Version& it = versions_[v].version;
      if (!it.atomic && holds(it.node, bits)) return {it.node, e.thread, e.step, true};
    }
    if (loc.initial != kNoDataflowNode && holds(loc.initial, bits)) return {loc.initial, e.thread, e.step, true};
    return {node, e.thread, e.step, true};
  }

  // Whether a version's recorded value is `bits` (one whose value is unknown holds anything).
  bool holds(std::uint32_t node, std::uint64_t bits) const {
    const DataflowNode& n = graph_.nodes[node];
    return !n.value_recorded || n.bits == bits;
  }

  // The latest version in processing order, whoever wrote it (what an atomic combines into).
  std::uint32_t latest(const LocationKey& key, const Event& e) {
    Location& loc = state_of(key);
    if (loc.newest != kNoVersion) return versions_[loc.newest].version.node;
    return initial(key, loc, e, 0, false);
  }

  std::uint32_t initial(const LocationKey& key, Location& loc, const Event& e, std::uint64_t bits, bool known) {
    if (loc.initial != kNoDataflowNode) return loc.initial;
    DataflowNode n = node_at(key, e);
    n.kind = key.space == DataflowSpace::Global && role_[key.owner] == BufferRole::Input ? DataflowNodeKind::Input
                                                                                        : DataflowNodeKind::Initial;
    n.bits = bits;
    n.value_recorded = known;
    loc.initial = std::uint32_t(graph_.nodes.size());
    graph_.nodes.push_back(n);
    if (loc.oldest != kNoVersion) graph_.nodes[versions_[loc.oldest].version.node].previous = loc.initial;
    return loc.initial;
  }

  std::uint32_t write(const Event& e, const LocationKey& key, std::uint64_t bits, const std::vector<Source>& sources,
                      const Position& at, bool atomic) {
    Location& loc = state_of(key);
    DataflowNode n = node_at(key, e);
    n.kind = DataflowNodeKind::Written;
    n.thread = e.thread;
    n.bits = bits;
    n.previous = loc.newest == kNoVersion ? loc.initial : versions_[loc.newest].version.node;
    const auto index = std::uint32_t(graph_.nodes.size());
    graph_.nodes.push_back(n);
    versions_.push_back({{index, at, atomic}, loc.newest});
    loc.newest = std::uint32_t(versions_.size() - 1);
    if (loc.oldest == kNoVersion) loc.oldest = loc.newest;
    const DataflowEdgeKind kind = atomic ? DataflowEdgeKind::Atomic
                                  : sources.size() >= 2 ? DataflowEdgeKind::Combine
                                                        : DataflowEdgeKind::Copy;
    for (const Source& from : sources)
      graph_.edges.push_back({from.node, index, e.thread, from.holder, from.step, kind, from.racy});
    return index;
  }

  static DataflowNode node_at(const LocationKey& key, const Event& e) {
    DataflowNode n;
    n.space = key.space;
    n.buffer = key.space == DataflowSpace::Global ? BufferId(key.owner) : kNoBuffer;
    n.block = e.block;
    n.index = key.index;
    n.launch = e.launch;
    n.step = e.step;
    return n;
  }

  // A Copy becomes a Swap when its writer, in the same step, overwrites the Copy's source
  // location (after the version it copied; before or after the copy) from sources that include
  // what the Copy's target held before.
  void mark_swaps() {
    // Every node by (location, index), sorted once: a location's nodes are a run of it. (A hash
    // map of vectors, one allocation a location, took several times as long on millions.)
    struct NodeAt {
      std::uint64_t hi, lo;
      std::uint32_t node;
      bool operator<(const NodeAt& o) const { return std::tie(hi, lo, node) < std::tie(o.hi, o.lo, o.node); }
    };
    const auto packed = [](const LocationKey& k, std::uint32_t node) {
      return NodeAt{std::uint64_t(k.space) << 48 | std::uint64_t(k.launch) << 32 | k.owner, k.index, node};
    };
    std::vector<NodeAt> versions(graph_.nodes.size());
    for (std::uint32_t i = 0; i < graph_.nodes.size(); ++i) versions[i] = packed(key_of(graph_.nodes[i]), i);
    std::sort(versions.begin(), versions.end());
    for (std::uint32_t t = 0; t < graph_.nodes.size(); ++t) {
      auto [first, last] = graph_.edges_into(t);
      if (last - first != 1 || first->kind != DataflowEdgeKind::Copy) continue;
      const DataflowNode& target = graph_.nodes[t];
      const LocationKey source = key_of(graph_.nodes[first->from]);
      if (target.previous == kNoDataflowNode || source == key_of(target)) continue;
      // The source location's nodes after the one copied, in index order.
      const NodeAt from = packed(source, first->from);
      for (auto w = std::upper_bound(versions.begin(), versions.end(), from);
           w != versions.end() && w->hi == from.hi && w->lo == from.lo; ++w) {
        const DataflowNode& later = graph_.nodes[w->node];
        if (std::tie(later.launch, later.step) > std::tie(target.launch, target.step)) break;
        if (later.launch != target.launch || later.step != target.step) continue;
        if (later.thread != target.thread || later.block != target.block) continue;
        auto [wf, wl] = graph_.edges_into(w->node);
        if (std::any_of(wf, wl, [&](const DataflowEdge& e) { return e.from == target.previous; })) {
          graph_.edges[std::size_t(first - graph_.edges.data())].kind = DataflowEdgeKind::Swap;
          break;
        }
      }
    }
  }

  const TraceMeta& meta_;
  std::array<std::optional<BufferRole>, 256> role_{};
  std::vector<const Event*> order_;
  std::uint16_t launch_ = 0;
  std::uint64_t round_serial_ = 0;
  std::vector<VersionLink> versions_;  // every location's versions (Location)
  // Locations by owner << 32 | index, each into its pool; shared slots and registers this launch's.
  FlatIndex global_, shared_, registers_;
  std::vector<Location> global_pool_, shared_pool_, register_pool_;
  FlatIndex threads_;  // by block << 16 | thread, this launch, into thread_pool_
  std::vector<ThreadState> thread_pool_;
  std::array<unsigned, 256> buffer_bytes_{};  // element size by buffer id (0: unknown)
  unsigned shared_bytes_ = 0;
  DataflowGraph graph_;
};

}  // namespace

std::pair<const DataflowEdge*, const DataflowEdge*> DataflowGraph::edges_into(std::uint32_t node) const {
  const DataflowEdge* first = std::lower_bound(
      edges.data(), edges.data() + edges.size(), node, [](const DataflowEdge& e, std::uint32_t n) { return e.to < n; });
  const DataflowEdge* last = std::upper_bound(
      first, edges.data() + edges.size(), node, [](std::uint32_t n, const DataflowEdge& e) { return n < e.to; });
  return {first, last};
}

ElementSpan accessed_elements(const Event& e, const TraceMeta& meta) {
  unsigned bytes = 0;
  if (is_global_access(e.op)) {
    if (const BufferRecord* b = meta.buffer(e.buffer)) bytes = type_bytes(b->type);
  } else {
    bytes = type_bytes(meta.type);
  }
  return span_of(e, bytes);
}

DataflowGraph build_dataflow(const Trace& run) { return Builder(run).build(); }

}  // namespace wl
