// A plain-CUDA file as the lab reads it (kernels/plain/README.md): its __global__ kernels and
// their signatures, the constructs the simulator does not run, the entry that calls the chosen
// kernel with its family's contract, and the text clang compiles (the file with two rewrites
// that keep every line where it was: `extern __shared__ T x[];` becomes a pointer to the
// block's dynamic shared memory, and host launches lose their <<<...>>>).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "kernels/plain/plain_contract.h"
#include "kernels/plain/plain_shared.h"

namespace wl::lab {

struct PlainTemplateParam {
  bool is_type = false;  // class T / typename T; else a value (unsigned blockSize)
  std::string type;      // a value's type: "unsigned int"
  std::string name;
};

struct PlainKernelParam {
  std::string text;     // as written: "const float* __restrict__ in"
  std::string name;     // "in"
  bool pointer = false;
  std::string pointee;  // "float": the type pointed to, without const, volatile, restrict
  std::string type;     // "unsigned int": a non-pointer's type
};

struct PlainKernelDecl {
  std::string name;
  unsigned line = 0;
  std::vector<PlainTemplateParam> template_params;
  std::vector<PlainKernelParam> params;
  std::size_t body_begin = 0, body_end = 0;  // offsets of its { and }; equal when only declared
};

// The text with comments, string and character literals blanked (same length, newlines kept).
std::string code_only(const std::string& text);

std::vector<PlainKernelDecl> find_plain_kernels(const std::string& text);

// "line 12 uses inline PTX (asm), which the simulator does not run": the first construct of the
// file the simulator cannot run; empty when there is none.
std::string plain_unsupported(const std::string& text);

// The kernel to run: `name`, or the only one when `name` is empty; else nullptr, and `error`
// lists the kernels there are.
const PlainKernelDecl* choose_plain_kernel(const std::vector<PlainKernelDecl>& kernels, const std::string& name,
                                          const std::string& path, std::string& error);

// How a template kernel is instantiated: parameters set by name (`--template nIsPow2=true`),
// else type parameters are `type` ("f32") and integer ones `block`.
struct PlainInstance {
  std::string type;
  unsigned block = 0;
  std::map<std::string, std::string> templates;
};

// The entry (plain_abi.h's WlPlainEntry, `wl_plain_entry`) calling `kernel` as `contract` says,
// instantiated as `instance` says; nothing, and `error` one sentence naming the parameter, when
// its signature does not fit or a template parameter has no value.
std::optional<std::string> plain_entry(const PlainKernelDecl& kernel, const PlainContract& contract,
                                       const PlainInstance& instance, std::string& error);

// The template arguments the file's own host code launches `kernel` with ("float, 256, true"
// of `reduce6<float, 256, true><<<...>>>`), each once, in order.
std::vector<std::string> plain_launched_instances(const std::string& text, const PlainKernelDecl& kernel);

// The GPU's entry (kernels/plain/gpu/plain_gpu_kernel.h's WlPlainGpuLaunch, `wl_plain_gpu_launch`):
// launches `kernel` with the same arguments on the GPU and returns cudaGetLastError().
std::optional<std::string> plain_gpu_entry(const PlainKernelDecl& kernel, const PlainContract& contract,
                                           const PlainInstance& instance, std::string& error);

// The shared arrays `kernel` declares, its own then the file's, in source order, each with its
// type's alignment (its template type parameters being `type`, "f32"), and the name of the
// dynamic array it uses (`extern __shared__ T x[]`, `T* x = SharedMemory<T>()`): the source's
// half of the shared-array table (kernels/plain/plain_shared.h).
void plain_shared_declarations(const std::string& text, const PlainKernelDecl& kernel, const std::string& type,
                               PlainSharedTable& table);

// What clang compiles: the file, rewritten line for line and marked as `path`, then the entry.
std::string plain_compile_source(const std::string& text, const std::string& path, const std::string& entry);

}  // namespace wl::lab
