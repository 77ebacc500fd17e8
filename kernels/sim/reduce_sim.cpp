#include "kernels/sim/reduce_sim.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <stdexcept>

#include "kernels/host/reduce_driver.h"
#include "kernels/host/run_recorder.h"
#include "kernels/families/reduce/registry.h"
#include "kernels/sim/sim_context.h"
#include "kernels/sim/sim_grid.h"

namespace wl {
namespace {

// The simulator's side of the driver's backend interface: host memory and SimGrid launches.
class SimBackend {
 public:
  SimBackend(const ReduceRequest& request, Trace& trace)
      : request_(request), recorder_(request.record ? &trace : nullptr) {}

  template <class T>
  Global<T> alloc(std::uint64_t n, const std::string& name, BufferRole role) {
    // Poisoned, so a read of a slot nothing wrote shows up as a wrong result.
    storage_.push_back(std::make_unique<unsigned char[]>(n * sizeof(T) + 16));
    std::memset(storage_.back().get(), 0xA5, n * sizeof(T) + 16);
    const BufferId id = recorder_.add_buffer(name, element_type_name<T>(), role, n);
    return Global<T>{reinterpret_cast<T*>(storage_.back().get()), n, id};
  }
  // Kernels read the host's input where it is.
  template <class T>
  Global<const T> upload(const std::vector<T>& input) {
    const BufferId id = recorder_.add_buffer("input", element_type_name<T>(), BufferRole::Input, input.size());
    return Global<const T>{input.data(), input.size(), id};
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
      recorder_.begin_launch(launch_record<V>(pass, block, launch.shared_bytes));
    }
    SimGrid grid(launch, [&args](SimCtx& ctx) { V::template run<Op, T>(ctx, args); });
    grid.run();
    if (record) recorder_.add_events(std::move(grid.events()), grid.events_dropped());
  }
  void finish_trace() { recorder_.finish(); }

 private:
  const ReduceRequest& request_;
  RunRecorder recorder_;
  std::vector<std::unique_ptr<unsigned char[]>> storage_;
};

template <class V, class Op, class T>
ReduceOutcome run_typed(const ReduceRequest& r, const T* data) {
  ReduceOutcome out;
  out.backend = "sim";
  const std::vector<T> input = r.n ? std::vector<T>(data, data + r.n) : std::vector<T>();
  SimBackend backend(r, out.trace);
  run_on_backend<V, Op>(backend, r, input, out);
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
