#include "kernels/plain/plain_thread.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <tuple>

#include "core/bits.h"
#include "kernels/plain/plain_steps.h"
#include "kernels/sim/sim_context.h"

namespace wl {

namespace {
// How far past a buffer or the shared memory an access still counts as out of its bounds
// rather than as memory the kernel does not name (a __device__ variable, the host's).
constexpr std::uint64_t kNearBytes = 4096;
constexpr std::size_t kNoPending = std::numeric_limits<std::size_t>::max();

std::uint32_t round16(std::uint32_t bytes) { return (bytes + 15u) & ~15u; }

// Bytes between p and the region [base, base + bytes): 0 inside it or just past its end.
std::uint64_t gap_to(const char* p, const char* base, std::uint64_t bytes) {
  if (p < base) return std::uint64_t(base - p);
  return p >= base + bytes ? std::uint64_t(p - (base + bytes)) : 0;
}

}  // namespace

std::uint32_t plain_shared_bytes(const PlainKernel& kernel, std::uint32_t dynamic_bytes) {
  return round16(kernel.shared_bytes()) + dynamic_bytes;
}

class PlainThread {
 public:
  PlainThread(SimCtx& ctx, const PlainCall& call)
      : ctx_(ctx), call_(call),
        stack_hi_(static_cast<const char*>(ctx.me_.stack.sp)), stack_lo_(stack_hi_ - ctx.me_.stack.size) {}

  static thread_local PlainThread* running;  // the thread whose code runs now on this OS thread

  void load(const void* at, unsigned size, const void* pc) { access(at, size, pc, false); }
  void store(const void* at, unsigned size, const void* pc) { access(at, size, pc, true); }
  // A basic block of the file entered: recorded as a branch taken at its line (aux: the block),
  // so the lanes that entered it form a request and those of the warp that did not diverged,
  // as a dialect kernel's declared branch shows.
  void enter(unsigned id, const void* pc) {
    settle();
    const unsigned line = call_.kernel->line_of(pc);
    if (line) ctx_.record(OpKind::Branch, line, 0, 0, kNoBuffer, 1, 0, id, 1);
  }
  WlPlainDim thread_idx() const {
    const unsigned t = ctx_.thread_idx();
    if (call_.block_shape.x) return split(t, call_.block_shape);
    return call_.block_x ? WlPlainDim{t % call_.block_x, t / call_.block_x, 0} : WlPlainDim{t, 0, 0};
  }
  WlPlainDim block_idx() const {
    return call_.grid_shape.x ? split(ctx_.block_idx(), call_.grid_shape) : WlPlainDim{ctx_.block_idx(), 0, 0};
  }
  WlPlainDim block_dim() const {
    if (call_.block_shape.x) return call_.block_shape;
    const unsigned d = ctx_.block_dim();
    return call_.block_x ? WlPlainDim{call_.block_x, d / call_.block_x, 1} : WlPlainDim{d, 1, 1};
  }
  WlPlainDim grid_dim() const { return call_.grid_shape.x ? call_.grid_shape : WlPlainDim{ctx_.grid_dim(), 1, 1}; }
  // A linear index as a dim3's (x fastest), as a GPU numbers its threads and blocks.
  static WlPlainDim split(unsigned linear, WlPlainDim shape) {
    return {linear % shape.x, (linear / shape.x) % shape.y, linear / (shape.x * shape.y)};
  }
  void* dynamic_shared() const { return ctx_.block_.smem() + round16(call_.kernel->shared_bytes()); }

  void syncthreads(unsigned line) {
    settle();
    ctx_.sync(line);
    running = this;
    ctx_.step(plain_interval_step(++intervals_));
  }
  void syncwarp(unsigned mask, unsigned line) {
    settle();
    ctx_.syncwarp(mask, line);
    running = this;
  }
  void threadfence(unsigned line) {
    settle();
    ctx_.fence(line);
  }
  unsigned activemask() const {
    // The lanes of the warp that have not exited: lanes run apart until they meet again here.
    unsigned mask = 0;
    const unsigned base = ctx_.warp() * kWarpSize;
    for (unsigned l = 0; l < kWarpSize && base + l < ctx_.block_dim(); ++l)
      if (ctx_.block_.thread(base + l).state != ThreadState::Done) mask |= 1u << l;
    return mask;
  }

  std::uint64_t collective(WlPlainCollective kind, unsigned mask, std::uint64_t value, unsigned size, unsigned arg,
                           unsigned width, unsigned line) {
    settle();
    std::uint64_t out = 0;
    switch (kind) {
      case WL_PLAIN_SHFL: out = shuffle(CollectiveKind::Shfl, mask, value, size, arg, width, line); break;
      case WL_PLAIN_SHFL_DOWN: out = shuffle(CollectiveKind::ShflDown, mask, value, size, arg, width, line); break;
      case WL_PLAIN_SHFL_UP: out = shuffle(CollectiveKind::ShflUp, mask, value, size, arg, width, line); break;
      case WL_PLAIN_SHFL_XOR: out = shuffle(CollectiveKind::ShflXor, mask, value, size, arg, width, line); break;
      case WL_PLAIN_BALLOT: out = ctx_.ballot(mask, value != 0, line); break;
      case WL_PLAIN_ANY: out = ctx_.any(mask, value != 0, line); break;
      case WL_PLAIN_ALL: out = ctx_.all(mask, value != 0, line); break;
      case WL_PLAIN_MATCH_ANY: out = ctx_.match_any(mask, value, line); break;
      case WL_PLAIN_REDUCE_ADD: out = reduction(CollectiveKind::ReduceAdd, mask, value, arg, line); break;
      case WL_PLAIN_REDUCE_MIN: out = reduction(CollectiveKind::ReduceMin, mask, value, arg, line); break;
      case WL_PLAIN_REDUCE_MAX: out = reduction(CollectiveKind::ReduceMax, mask, value, arg, line); break;
    }
    running = this;
    return out;
  }

  std::uint64_t atomic(WlPlainAtomic kind, WlPlainValue type, void* at, std::uint64_t operand, std::uint64_t compare,
                       unsigned line) {
    settle();
    const unsigned size = type == WL_PLAIN_I64 || type == WL_PLAIN_U64 || type == WL_PLAIN_F64 ? 8 : 4;
    const Where w = locate(at, size, true, line);
    std::uint64_t old = 0;
    std::memcpy(&old, at, size);
    const std::uint64_t next = combine(kind, type, old, operand, compare);
    std::memcpy(at, &next, size);
    const unsigned aux = unsigned(kind == WL_PLAIN_ATOMIC_ADD   ? AtomicKind::Add
                                  : kind == WL_PLAIN_ATOMIC_CAS ? AtomicKind::Cas
                                                                : AtomicKind::Combine);
    if (w.space == Space::Shared) {
      std::memset(ctx_.block_.smem_written() + w.offset, 1, size);
      ctx_.record(OpKind::SharedAtomic, line, size, w.offset, kNoBuffer, operand, 0, aux);
    } else if (w.space == Space::Global) {
      ctx_.record(OpKind::GlobalAtomic, line, size, w.offset, w.buffer, operand, 0, aux);
    }
    return old;
  }

  void print(const char* text, const void* pc) {
    settle();
    add_plain_print(ctx_.block_idx(), ctx_.thread_idx(), call_.kernel->line_of(pc), text);
  }
  [[noreturn]] void assert_failed(const char* expression, unsigned line) {
    settle();
    ctx_.block_.fail(KernelErrorKind::AssertionFailed,
                     "thread " + std::to_string(ctx_.thread_idx()) + " of block " + std::to_string(ctx_.block_idx()) +
                         " failed assert(" + expression + ") at line " + std::to_string(line),
                     ctx_.thread_idx(), line);
  }

  // The last store's value, read once it has happened: at the thread's next event or its end.
  void settle() {
    if (pending_ == kNoPending) return;
    std::vector<Event>& events = ctx_.block_.events();
    if (pending_ < events.size()) {
      Event& e = events[pending_];
      e.value[0] = e.value[1] = 0;
      std::memcpy(e.value, pending_at_, pending_size_);
    }
    pending_ = kNoPending;
  }

 private:
  enum class Space { Local, Shared, Global, Elsewhere };
  struct Where {
    Space space = Space::Elsewhere;
    unsigned offset = 0;  // shared: from the block's shared memory; global: from the buffer
    BufferId buffer = kNoBuffer;
  };

  void access(const void* at, unsigned size, const void* pc, bool is_store) {
    settle();
    const char* p = static_cast<const char*>(at);
    if (p >= stack_lo_ && p < stack_hi_) return;  // the thread's registers and locals
    const unsigned line = call_.kernel->line_of(pc);
    const Where w = locate(at, size, !is_store, line);
    if (w.space != Space::Shared && w.space != Space::Global) return;
    const bool shared = w.space == Space::Shared;
    const OpKind op = shared ? (is_store ? OpKind::SharedStore : OpKind::SharedLoad)
                             : (is_store ? OpKind::GlobalStore : OpKind::GlobalLoad);
    std::uint64_t v[2] = {0, 0};
    if (!is_store) std::memcpy(v, at, size);
    if (shared && is_store) std::memset(ctx_.block_.smem_written() + w.offset, 1, size);
    const std::size_t before = ctx_.block_.events().size();
    ctx_.record(op, line, size, w.offset, w.buffer, v[0], v[1]);
    if (is_store && ctx_.block_.events().size() > before) {
      pending_ = before;
      pending_at_ = at;
      pending_size_ = size;
    }
  }

  // Where [at, at + size) lies; an access out of bounds or a read of shared memory no thread
  // wrote stops the run here, before it happens.
  Where locate(const void* at, unsigned size, bool is_load, unsigned line) {
    const char* p = static_cast<const char*>(at);
    if (p >= stack_lo_ && p < stack_hi_) return {Space::Local};
    const PlainKernel& k = *call_.kernel;
    const char* smem = reinterpret_cast<const char*>(ctx_.block_.smem());
    const std::uint32_t static_bytes = k.shared_bytes(), dynamic_at = round16(static_bytes);
    const std::uint32_t smem_bytes = ctx_.block_.smem_bytes();
    // Static shared memory: the library's section, offsets from 0.
    if (static_bytes && p >= k.shared_begin() && p < k.shared_begin() + static_bytes) {
      const auto offset = unsigned(p - k.shared_begin());
      k.touch_shared(offset);
      if (offset + size > static_bytes) shared_out_of_bounds(offset, size, is_load, line);
      return shared_at(offset, size, is_load, line);
    }
    // Dynamic shared memory: the block's, after the static part.
    if (p >= smem + dynamic_at && p < smem + smem_bytes) {
      const auto offset = unsigned(p - smem);
      if (offset + size > smem_bytes) shared_out_of_bounds(offset, size, is_load, line);
      return shared_at(offset, size, is_load, line);
    }
    for (const PlainBuffer& b : call_.buffers) {
      const char* base = static_cast<const char*>(b.base);
      const std::uint64_t bytes = b.elements * b.element_bytes;
      if (p >= base && p + size <= base + bytes)
        return {Space::Global, unsigned(p - base), b.id};
    }
    if (k.in_library_object(p, size))  // a __device__ or __constant__ variable
      return call_.library_buffer == kNoBuffer ? Where{Space::Elsewhere}
                                               : Where{Space::Global, k.library_offset(p), call_.library_buffer};
    // Near misses: out of bounds of the closest region, never of a neighbour it happens to lie in
    // the margin of (out[1] of a one-element out, just past input's end, is out's).
    const PlainBuffer* closest = nullptr;
    std::uint64_t closest_gap = std::numeric_limits<std::uint64_t>::max();
    for (const PlainBuffer& b : call_.buffers) {
      const char* base = static_cast<const char*>(b.base);
      const std::uint64_t bytes = b.elements * b.element_bytes, near = std::max(bytes, kNearBytes);
      if (p + near < base || p >= base + bytes + near) continue;
      const std::uint64_t gap = gap_to(p, base, bytes);
      if (gap < closest_gap) closest = &b, closest_gap = gap;
    }
    const bool near_static = static_bytes && p + kNearBytes >= k.shared_begin() &&
                             p < k.shared_begin() + static_bytes + kNearBytes;
    const bool near_dynamic = p + kNearBytes >= smem + dynamic_at && p < smem + smem_bytes + kNearBytes;
    if (near_static && gap_to(p, k.shared_begin(), static_bytes) < closest_gap)
      shared_out_of_bounds(p - k.shared_begin(), size, is_load, line);
    if (near_dynamic && gap_to(p, smem + dynamic_at, smem_bytes - dynamic_at) < closest_gap)
      shared_out_of_bounds(p - smem, size, is_load, line);
    if (closest) global_out_of_bounds(*closest, p - static_cast<const char*>(closest->base), is_load, line);
    // A program's launch knows all its memory: anything else is an address a GPU would fault on
    // (a host pointer passed to the kernel, one freed). Its arguments are read from the closure.
    if (call_.strict && !(p >= static_cast<const char*>(call_.closure) &&
                          p < static_cast<const char*>(call_.closure) + call_.closure_bytes))
      ctx_.block_.fail(KernelErrorKind::GlobalOutOfBounds,
                       "thread " + std::to_string(ctx_.thread_idx()) + " of block " + std::to_string(ctx_.block_idx()) +
                           (is_load ? " reads" : " writes") + " an address that is no allocation of the program (line " +
                           std::to_string(line) + "): a host pointer, or memory already freed?",
                       ctx_.thread_idx(), line);
    return {Space::Elsewhere};
  }

  // A read of bytes no thread has written yet is held by the block (SimBlock::hold_early_read):
  // a thread that writes them later makes it a missing barrier, with both lines.
  Where shared_at(unsigned offset, unsigned size, bool is_load, unsigned line) {
    if (is_load) {
      const std::uint8_t* written = ctx_.block_.smem_written() + offset;
      for (unsigned b = 0; b < size; ++b)
        if (!written[b]) {
          ctx_.block_.hold_early_read(offset, size, ctx_.thread_idx(), line, call_.kernel->shared_element(offset, size));
          break;
        }
    } else {
      ctx_.block_.note_shared_write(offset, size, ctx_.thread_idx(), line);
    }
    return {Space::Shared, offset, kNoBuffer};
  }

  [[noreturn]] void shared_out_of_bounds(std::ptrdiff_t offset, unsigned size, bool is_load, unsigned line) {
    // Named as the file names it; the byte offsets are the simulator's layout, not the kernel's.
    const std::string what = offset >= 0 ? call_.kernel->shared_element(std::uint32_t(offset), size) +
                                               ", past the end of the block's shared memory"
                                         : std::to_string(size) + " bytes before the start of the block's shared memory";
    ctx_.block_.fail(KernelErrorKind::SharedOutOfBounds,
                     "thread " + std::to_string(ctx_.thread_idx()) + (is_load ? " reads " : " writes ") + what +
                         " (line " + std::to_string(line) + ")",
                     ctx_.thread_idx(), line);
  }

  [[noreturn]] void global_out_of_bounds(const PlainBuffer& b, std::ptrdiff_t byte, bool is_load, unsigned line) {
    const std::ptrdiff_t element = byte >= 0 ? byte / std::ptrdiff_t(b.element_bytes)
                                             : -((-byte + std::ptrdiff_t(b.element_bytes) - 1) / std::ptrdiff_t(b.element_bytes));
    ctx_.block_.fail(KernelErrorKind::GlobalOutOfBounds,
                     "thread " + std::to_string(ctx_.thread_idx()) + " of block " + std::to_string(ctx_.block_idx()) +
                         (is_load ? " reads" : " writes") + " element " + std::to_string(element) + " of " + b.name +
                         ", a global buffer of " + std::to_string(b.elements) + " elements (line " +
                         std::to_string(line) + ")" + (call_.why_launched.empty() ? "" : ". " + call_.why_launched),
                     ctx_.thread_idx(), line);
  }

  std::uint64_t shuffle(CollectiveKind kind, unsigned mask, std::uint64_t value, unsigned size, unsigned arg,
                        unsigned width, unsigned line) {
    const std::uint64_t r = ctx_.block_.collective(ctx_.thread_idx(), kind, mask, value, arg, line, width);
    ctx_.record(OpKind::Shuffle, line, size, 0, kNoBuffer, value, r, shuffle_source(kind, ctx_.lane(), arg, width));
    return r;
  }

  // A warp's reduction in one instruction: recorded as a vote is (a warp-wide exchange of one
  // value per lane, no memory): the lane's value, the result, the mask.
  std::uint64_t reduction(CollectiveKind kind, unsigned mask, std::uint64_t value, unsigned is_signed, unsigned line) {
    const std::uint64_t r = ctx_.block_.collective(ctx_.thread_idx(), kind, mask, value, is_signed, line);
    ctx_.record(OpKind::Vote, line, 0, 0, kNoBuffer, value, r, mask);
    return r;
  }

  template <class T>
  static std::uint64_t combine_as(WlPlainAtomic kind, std::uint64_t old_bits, std::uint64_t operand_bits,
                                  std::uint64_t compare_bits) {
    const T old = from_bits<T>(old_bits), v = from_bits<T>(operand_bits), c = from_bits<T>(compare_bits);
    T next = old;
    switch (kind) {
      case WL_PLAIN_ATOMIC_ADD: next = T(old + v); break;
      case WL_PLAIN_ATOMIC_SUB: next = T(old - v); break;
      case WL_PLAIN_ATOMIC_MIN: next = v < old ? v : old; break;
      case WL_PLAIN_ATOMIC_MAX: next = old < v ? v : old; break;
      case WL_PLAIN_ATOMIC_EXCH: next = v; break;
      case WL_PLAIN_ATOMIC_CAS: next = old == c ? v : old; break;
      case WL_PLAIN_ATOMIC_AND:
      case WL_PLAIN_ATOMIC_OR:
      case WL_PLAIN_ATOMIC_XOR:
        if constexpr (std::is_integral_v<T>)
          next = kind == WL_PLAIN_ATOMIC_AND ? T(old & v) : kind == WL_PLAIN_ATOMIC_OR ? T(old | v) : T(old ^ v);
        break;
      case WL_PLAIN_ATOMIC_INC: next = old >= v ? T(0) : T(old + 1); break;
      case WL_PLAIN_ATOMIC_DEC: next = old == T(0) || old > v ? v : T(old - 1); break;
    }
    return to_bits(next);
  }
  static std::uint64_t combine(WlPlainAtomic kind, WlPlainValue type, std::uint64_t old, std::uint64_t v,
                               std::uint64_t c) {
    switch (type) {
      case WL_PLAIN_I32: return combine_as<std::int32_t>(kind, old, v, c) & 0xffffffffu;
      case WL_PLAIN_U32: return combine_as<std::uint32_t>(kind, old, v, c);
      case WL_PLAIN_F32: return combine_as<float>(kind, old, v, c);
      case WL_PLAIN_I64: return combine_as<std::int64_t>(kind, old, v, c);
      case WL_PLAIN_U64: return combine_as<std::uint64_t>(kind, old, v, c);
      case WL_PLAIN_F64: return combine_as<double>(kind, old, v, c);
    }
    return old;
  }

  SimCtx& ctx_;
  const PlainCall& call_;
  const char* stack_hi_;
  const char* stack_lo_;
  unsigned intervals_ = 0;  // barriers passed
  std::size_t pending_ = kNoPending;
  const void* pending_at_ = nullptr;
  unsigned pending_size_ = 0;
};

thread_local PlainThread* PlainThread::running = nullptr;

void run_plain_thread(SimCtx& ctx, const PlainCall& call) {
  PlainThread thread(ctx, call);
  PlainThread::running = &thread;
  struct Leave {  // also when the thread unwinds from a finding
    PlainThread& t;
    ~Leave() {
      t.settle();
      PlainThread::running = nullptr;
    }
  } leave{thread};
  if (call.invoke) call.invoke(call.closure);
  else call.kernel->entry()(call.pointers, call.integers);
}

namespace {
PlainThread& me() { return *PlainThread::running; }
// A whole program's host code is instrumented too (its main shares the kernels' file): its
// accesses, blocks, prints and asserts reach the hooks with no GPU thread running.
bool on_host() { return PlainThread::running == nullptr; }
}  // namespace

namespace {
std::mutex prints_mutex;
std::vector<PlainPrint> prints;
unsigned print_launch = 0;  // launches begun; the running one is print_launch - 1
}  // namespace

void add_plain_print(unsigned block, unsigned thread, unsigned line, std::string text) {
  const std::lock_guard<std::mutex> lock(prints_mutex);
  prints.push_back({print_launch ? print_launch - 1 : 0, block, thread, line, std::move(text)});
}

void begin_plain_launch() {
  const std::lock_guard<std::mutex> lock(prints_mutex);
  ++print_launch;
}

std::vector<PlainPrint> take_plain_prints() {
  const std::lock_guard<std::mutex> lock(prints_mutex);
  std::vector<PlainPrint> out = std::move(prints);
  prints.clear();
  std::stable_sort(out.begin(), out.end(), [](const PlainPrint& a, const PlainPrint& b) {
    return std::tie(a.launch, a.block, a.thread) < std::tie(b.launch, b.block, b.thread);
  });
  return out;
}

const WlPlainHooks& plain_hooks() {
  static const WlPlainHooks hooks{
      [](const void* at, unsigned size, const void* pc) { if (!on_host()) me().load(at, size, pc); },
      [](const void* at, unsigned size, const void* pc) { if (!on_host()) me().store(at, size, pc); },
      [](unsigned id, const void* pc) { if (!on_host()) me().enter(id, pc); },
      [] { return me().thread_idx(); },
      [] { return me().block_idx(); },
      [] { return me().block_dim(); },
      [] { return me().grid_dim(); },
      [] { return me().dynamic_shared(); },
      [](unsigned line) { me().syncthreads(line); },
      [](unsigned mask, unsigned line) { me().syncwarp(mask, line); },
      [](unsigned line) { me().threadfence(line); },
      [] { return me().activemask(); },
      [](WlPlainCollective kind, unsigned mask, std::uint64_t value, unsigned size, unsigned arg, unsigned width,
         unsigned line) { return me().collective(kind, mask, value, size, arg, width, line); },
      [](WlPlainAtomic kind, WlPlainValue type, void* at, std::uint64_t operand, std::uint64_t compare,
         unsigned line) { return me().atomic(kind, type, at, operand, compare, line); },
      [](const char* text, const void* pc) {
        if (on_host()) std::fputs(text, stdout);
        else me().print(text, pc);
      },
      [](const char* expression, unsigned line) {
        if (!on_host()) me().assert_failed(expression, line);
        std::fprintf(stderr, "assertion failed at line %u: %s\n", line, expression);
        std::abort();
      },
  };
  return hooks;
}

}  // namespace wl
