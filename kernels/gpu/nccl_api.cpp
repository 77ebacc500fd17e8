#include "kernels/gpu/nccl_api.h"

#include <dlfcn.h>

#include <cstdlib>

#include "kernels/gpu/gpu_error.h"

namespace wl {
namespace {

constexpr int kOldest = 22807;  // 2.28.7: the device API's structures as in the 2.28.9 headers
constexpr int kPastNewest = 22900;  // 2.29 changed them

std::string version_text(int v) {
  return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." + std::to_string(v % 100);
}

struct Loaded {
  NcclApi api;
  std::string why_not;  // empty: usable
};

template <class F>
bool find(void* lib, const char* name, F& into, std::string& why_not) {
  into = reinterpret_cast<F>(dlsym(lib, name));
  if (!into) why_not = std::string("the NCCL library lacks ") + name;
  return into != nullptr;
}

Loaded load() {
  Loaded out;
  setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);  // see the header: never multicast
  const char* own = std::getenv("WARPLENS_NCCL");
  out.api.path = own && *own ? own : "libnccl.so.2";
  void* lib = dlopen(out.api.path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    out.why_not = "NCCL is not installed here (" + out.api.path +
                  " not found; set WARPLENS_NCCL to a libnccl.so.2 of version 2.28.7 or a later 2.28)";
    return out;
  }
  NcclApi& a = out.api;
  std::string& w = out.why_not;
  if (!(find(lib, "ncclGetVersion", a.GetVersion, w) && find(lib, "ncclGetErrorString", a.GetErrorString, w) &&
        find(lib, "ncclCommInitAll", a.CommInitAll, w) && find(lib, "ncclCommDestroy", a.CommDestroy, w) &&
        find(lib, "ncclGroupStart", a.GroupStart, w) && find(lib, "ncclGroupEnd", a.GroupEnd, w) &&
        find(lib, "ncclMemAlloc", a.MemAlloc, w) && find(lib, "ncclMemFree", a.MemFree, w) &&
        find(lib, "ncclCommWindowRegister", a.CommWindowRegister, w) &&
        find(lib, "ncclCommWindowDeregister", a.CommWindowDeregister, w) &&
        find(lib, "ncclDevCommCreate", a.DevCommCreate, w) && find(lib, "ncclDevCommDestroy", a.DevCommDestroy, w) &&
        find(lib, "ncclAllReduce", a.AllReduce, w)))
    return out;
  if (a.GetVersion(&a.version) != ncclSuccess) {
    w = "the NCCL library at " + a.path + " does not say its version";
    return out;
  }
  if (a.version < kOldest || a.version >= kPastNewest)
    w = "NCCL " + version_text(a.version) + " is loaded (" + a.path + "), but the all-reduce's kernels were built for " +
        "NCCL 2.28.7 to 2.28.x's device API; set WARPLENS_NCCL to such a libnccl.so.2";
  return out;
}

}  // namespace

const NcclApi* load_nccl(std::string* why_not) {
  static const Loaded loaded = load();
  if (!loaded.why_not.empty()) {
    if (why_not) *why_not = loaded.why_not;
    return nullptr;
  }
  return &loaded.api;
}

void nccl_check(const NcclApi& api, ncclResult_t result, const char* what) {
  if (result == ncclSuccess) return;
  throw GpuError(std::string(what) + ": " + api.GetErrorString(result));
}

}  // namespace wl
