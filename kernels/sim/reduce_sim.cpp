#include "kernels/sim/reduce_sim.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "kernels/host/reduce_driver.h"
#include "kernels/reduce/registry.h"
#include "kernels/sim/sim_context.h"
#include "kernels/sim/sim_grid.h"

namespace wl {
namespace {

// The simulator's side of the driver's backend interface: host memory and SimGrid launches.
class SimBackend {
 public:
  explicit SimBackend(const ReduceRequest& request, Trace& trace) : request_(request), trace_(trace) {}

  template <class T>
  Global<T> alloc(std::uint64_t n, Buffer buffer) {
    // Poisoned, so a read of a slot nothing wrote shows up as a wrong result.
    storage_.push_back(std::make_unique<unsigned char[]>(n * sizeof(T) + 16));
    std::memset(storage_.back().get(), 0xA5, n * sizeof(T) + 16);
    return Global<T>{reinterpret_cast<T*>(storage_.back().get()), n, buffer};
  }
  template <class T>
  void fill(Global<T> g, T value) {
    std::fill(g.ptr, g.ptr + g.size, value);
  }
  template <class T>
  T read(Global<T> g, std::uint64_t i) {
    return g.ptr[i];
  }
  template <class V, class Op, class T>
  void launch(const Pass& pass, unsigned block, const reduce::ReduceArgs<T>& args, bool record) {
    SimLaunch launch;
    launch.grid_dim = pass.grid;
    launch.block_dim = block;
    launch.shared_bytes = V::template shared_bytes<T>(block);
    if (record) {
      launch.record_blocks = request_.record_blocks;
      launch.event_cap = request_.event_cap;
    }
    SimGrid grid(launch, [&args](SimCtx& ctx) { V::template run<Op, T>(ctx, args); });
    grid.run();
    if (record) {
      trace_.events = std::move(grid.events());
      trace_.meta.events_dropped = grid.events_dropped();
      sort_canonical(trace_.events);
    }
  }

 private:
  const ReduceRequest& request_;
  Trace& trace_;
  std::vector<std::unique_ptr<unsigned char[]>> storage_;
};

template <class V, class Op, class T>
ReduceOutcome run_typed(const ReduceRequest& r, const T* data) {
  ReduceOutcome out;
  out.backend = "sim";
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  SimBackend backend(r, out.trace);
  run_on_backend<V, Op>(backend, r, input, Global<const T>{input.data(), r.n, Buffer::Input}, out);
  return out;
}

}  // namespace

ReduceOutcome run_reduce_sim(const ReduceRequest& r, const void* input) {
  if (std::string problem = validate(r); !problem.empty()) throw std::invalid_argument(problem);
  ReduceOutcome out;
  reduce::visit_variant(r.variant, [&](auto v) {
    reduce::visit_op(r.op, [&](auto op) {
      reduce::visit_type(r.type, [&](auto t) {
        using T = typename decltype(t)::type;
        out = run_typed<typename decltype(v)::type, typename decltype(op)::type, T>(
            r, static_cast<const T*>(input));
      });
    });
  });
  return out;
}

}  // namespace wl
