#include "kernels/plain/plain_gpu_kernel.h"

#include <dlfcn.h>

#include <algorithm>

namespace wl {
namespace {

const PlainGpuKernel* g_kernel = nullptr;

}  // namespace

std::unique_ptr<PlainGpuKernel> PlainGpuKernel::load(const std::string& library, const std::string& name,
                                                     std::string& error) {
  std::unique_ptr<PlainGpuKernel> k(new PlainGpuKernel);
  k->name_ = name;
  // Lazily: the file's host code may call what another file of its program defines (the
  // samples' isPow2), which the lab never runs, so an unresolved function must not stop the load.
  k->handle_ = dlopen(library.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (!k->handle_) {
    const char* why = dlerror();
    error = "cannot load the built kernel " + library + ": " + (why ? why : "unknown error");
    return nullptr;
  }
  k->launch_ = reinterpret_cast<WlPlainGpuLaunch>(dlsym(k->handle_, "wl_plain_gpu_launch"));
  if (!k->launch_) {
    error = library + " has no wl_plain_gpu_launch: it was not built by the lab for the GPU";
    return nullptr;
  }
  return k;
}

PlainGpuKernel::~PlainGpuKernel() {
  if (g_kernel == this) g_kernel = nullptr;
  // The library is left loaded: the CUDA runtime linked into it may still hold its module.
}

int PlainGpuKernel::launch(std::uint64_t n, unsigned grid, unsigned block, const PlainCall& call) const {
  launches_.push_back({n, grid, block, call.dynamic_shared_bytes});
  for (const PlainBuffer& b : call.buffers)
    if (std::none_of(buffers_.begin(), buffers_.end(), [&](const PlainBuffer& seen) { return seen.base == b.base; }))
      buffers_.push_back(b);
  return launch_(grid, block, call.block_x, call.dynamic_shared_bytes, call.pointers, call.integers);
}

void set_plain_gpu_kernel(const PlainGpuKernel* kernel) { g_kernel = kernel; }
const PlainGpuKernel* plain_gpu_kernel() { return g_kernel; }

}  // namespace wl
