#include "kernels/plain/plain_contract.h"

#include <algorithm>

namespace wl {

FamilyParam plain_shared_param() {
  return {"shared", "dynamic shared memory bytes of each block (extern __shared__; default block x sizeof(T))", 0, 0,
          1u << 20};
}

FamilyParam plain_items_param() {
  return {"items", "elements a thread reads: the grid is ceil(n / (block x items))", 1, 1, 1u << 20};
}

FamilyParam plain_grid_param() { return {"grid", "blocks of the first launch (0: ceil(n / (block x items)))", 0, 0, 1u << 31}; }

FamilyParam plain_block_x_param() {
  return {"block_x", "a 2-D block: block_x threads across (threadIdx.x), block / block_x down (threadIdx.y); 0: 1-D", 0,
          0, 1024};
}

unsigned plain_block_x(const RunRequest& r) { return unsigned(plain_param(r, "block_x", 0)); }

std::string plain_block_shape_problem(const RunRequest& r) {
  const unsigned x = plain_block_x(r);
  if (x == 0 || r.block % x == 0) return {};
  return "--param block_x=" + std::to_string(x) + " does not divide the block of " + std::to_string(r.block) +
         " threads: a 2-D block is block_x threads across and block / block_x down";
}

std::uint64_t plain_param(const RunRequest& r, const char* name, std::uint64_t fallback) {
  const auto it = r.params.find(name);
  return it == r.params.end() ? fallback : it->second;
}

unsigned plain_grid(const RunRequest& r) {
  if (const std::uint64_t grid = plain_param(r, "grid", 0)) return unsigned(grid);
  const std::uint64_t per_block = std::max<std::uint64_t>(1, plain_param(r, "items", 1)) * r.block;
  return unsigned(std::max<std::uint64_t>(1, (r.n + per_block - 1) / per_block));
}

std::uint32_t plain_dynamic_bytes(const RunRequest& r, std::uint32_t fallback) {
  const auto it = r.params.find("shared");
  return it == r.params.end() ? fallback : std::uint32_t(it->second);
}

PlannedLaunch plain_planned_launch(std::uint64_t n, unsigned grid, unsigned block) {
  return {plain_kernel() ? plain_kernel()->name() : kPlainVariant, n, grid, block};
}

const PlainKernel& loaded_plain_kernel() {
  if (!plain_kernel()) throw std::invalid_argument("no plain-CUDA kernel is loaded (warplens lab runs them)");
  return *plain_kernel();
}

const PlainContract* find_plain_contract(const std::string& family) {
  for (const PlainContract& c : plain_contracts())
    if (c.family == family) return &c;
  return nullptr;
}

std::string plain_contract_ids_text() {
  std::string out;
  for (const PlainContract& c : plain_contracts()) out += (out.empty() ? "" : ", ") + c.family;
  return out;
}

}  // namespace wl
