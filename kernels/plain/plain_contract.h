// What every family's plain-CUDA contract shares (kernels/plain/README.md): a contract is a
// family with one variant, "plain", whose kernel is the loaded library's (plain_kernel()), run on
// the simulator, or on the GPU where nvcc built the contract (plain_gpu_kernel()); it decides the
// kernel's arguments, its launches and how its result is checked, reusing the family's reference
// and check. Its Traits: plain_contract_traits.h.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/dialect/views.h"
#include "kernels/family/family.h"
#include "kernels/family/run_result.h"
#include "kernels/plain/plain_kernel.h"
#include "kernels/plain/plain_thread.h"
#include "kernels/sim/sim_backend.h"
#include "trace/trace.h"

// Built by nvcc (kernels/CMakeLists.txt), a contract runs on the GPU too: its Run launches the
// GPU library the lab loaded, and the family's GPU entry points are instantiated with it.
#if defined(__CUDACC__)
#include "kernels/family/gpu_entry.cuh"
#include "kernels/plain/plain_gpu_launch.cuh"
#endif

namespace wl {

#if defined(__CUDACC__)
inline constexpr bool kPlainRunsOnGpu = true;
#else
inline constexpr bool kPlainRunsOnGpu = false;
#endif

// Every contract runs the variant kPlainVariant (trace/trace.h); the trace then names the
// kernel (plain_kernel()->name()).

// The parameters contracts take beyond their families': dynamic shared bytes, elements a thread
// reads (the grid is ceil(n / (block x items))), and the first launch's grid (0: from items).
FamilyParam plain_shared_param();
FamilyParam plain_items_param();
FamilyParam plain_grid_param();
FamilyParam plain_block_x_param();
std::uint64_t plain_param(const RunRequest& r, const char* name, std::uint64_t fallback);
// The first launch's blocks: --param grid, else ceil(n / (block x items)).
unsigned plain_grid(const RunRequest& r);
// --param block_x: a 2-D block's threads across (PlainCall::block_x), 0 for a 1-D block.
unsigned plain_block_x(const RunRequest& r);
// One launch of the loaded kernel (named kPlainVariant when none is loaded), for a plan.
PlannedLaunch plain_planned_launch(std::uint64_t n, unsigned grid, unsigned block);
// What is wrong with the request's block shape, "" when nothing: every contract's validate().
std::string plain_block_shape_problem(const RunRequest& r);
// The dynamic shared bytes of a request: --param shared=B, else `fallback` (block × sizeof(T)).
std::uint32_t plain_dynamic_bytes(const RunRequest& r, std::uint32_t fallback);

// The loaded kernel; std::invalid_argument when none is (a contract run outside the lab).
const PlainKernel& loaded_plain_kernel();

// A buffer of the run as the kernel's thread sees it.
template <class T>
PlainBuffer plain_buffer(Global<T> g, const std::string& name) {
  return PlainBuffer{g.ptr, g.size, unsigned(sizeof(T)), g.buffer, name};
}

// One launch of the loaded kernel on the simulator, `call` holding its arguments; on the GPU,
// plain_gpu_launch.cuh's.
struct PlainFunctor {
  const PlainCall* call;
  void operator()(SimCtx& ctx) const { run_plain_thread(ctx, *call); }
};
inline void launch_plain(SimBackend& backend, PlainCall& call, std::uint64_t n, unsigned grid, unsigned block,
                         bool record) {
  call.kernel = &loaded_plain_kernel();
  const PlainKernel& k = *call.kernel;
  begin_plain_launch();
  backend.launch(launch_record({k.name(), n, grid, block}, plain_shared_bytes(k, call.dynamic_shared_bytes)), record,
                 PlainFunctor{&call});
}

// A parameter of the kernel a contract launches, in order: a pointer to the run's values
// (element type T, the request's --type), a pointer to a fixed type (a histogram's unsigned
// bins), or an integer (any integer type). Pointers fill the entry's pointers[slot], integers
// its integers[slot].
struct PlainParam {
  enum class Kind { Values, Fixed, Integer };
  Kind kind;
  const char* role;        // "in", "out", "n": what the contract passes
  unsigned slot;
  const char* fixed = "";  // Kind::Fixed: the element type, as C spells it ("unsigned")
};

struct PlainContract {
  std::string family;        // "reduce"
  const Family* runs;        // the family with the one variant kPlainVariant
  std::vector<PlainParam> params;
  std::string signature;     // "(const T* in, T* out, N n)": for messages
};

// The contract of a family ("reduce"), nullptr where it has none; every contract, in the order
// of the family list: a family folder with a contract.cpp (plain_contracts.cmake generates it).
const PlainContract* find_plain_contract(const std::string& family);
const std::vector<PlainContract>& plain_contracts();
std::string plain_contract_ids_text();  // "reduce, scan": for messages

}  // namespace wl
