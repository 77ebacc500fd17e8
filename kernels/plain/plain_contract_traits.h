// What every contract's Traits and Run repeat, written once. A contract
// (kernels/families/<id>/contract.cpp) derives its Traits from PlainContractTraits and keeps only
// its own: its Run (the kernel's arguments and launches), and where they differ from these, its
// parameters, validate, plan and check; it exports `const PlainContract& wl::<id>::plain_contract()`,
// which the generated table (plain_contracts.cmake) lists.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "kernels/family/typed_family.h"
#include "kernels/plain/plain_contract.h"

namespace wl {

// The family `FamilyTraits` with the one variant `Variant` (its info's id is kPlainVariant): the
// learner's file, which has no built-in partner, showcase or limits of its own to describe.
template <class FamilyTraits, class Variant>
struct PlainContractTraits : FamilyTraits {
  static constexpr bool kRunsOnGpu = kPlainRunsOnGpu;
  using Variants = TypeList<Variant>;
  using Info = typename FamilyTraits::Info;

  // The family's parameters, then the launch's: items, grid, shared, block_x.
  static std::vector<FamilyParam> params() {
    std::vector<FamilyParam> all = FamilyTraits::params();
    all.insert(all.end(), {plain_items_param(), plain_grid_param(), plain_shared_param(), plain_block_x_param()});
    return all;
  }
  static std::string validate(const Info&, const RunRequest& r) { return plain_block_shape_problem(r); }
  // One launch of grid plain_grid(r); a contract with other launches says so.
  static std::vector<PlannedLaunch> plan(const Info&, const RunRequest& r) {
    if (r.n == 0) return {};
    return {plain_planned_launch(r.n, plain_grid(r), r.block)};
  }
  static void describe(const Info&, VariantSummary&) {}
  static std::string compare_partner(const std::string&) { return {}; }
  static FamilyShowcase showcase() { return {}; }
};

// A launch's call as every contract fills it: the first two pointers and integers, the two
// buffers as the run names them, the dynamic shared bytes (default block x sizeof the input's
// element) and the block's shape.
template <class In, class Out>
PlainCall plain_call(const RunRequest& r, Global<In> in, const char* in_name, Global<Out> out, const char* out_name,
                     std::uint64_t first, std::uint64_t second = 0) {
  using Element = std::remove_const_t<In>;
  PlainCall call;
  call.pointers[0] = const_cast<Element*>(in.ptr);
  call.pointers[1] = const_cast<std::remove_const_t<Out>*>(out.ptr);
  call.integers[0] = first;
  call.integers[1] = second;
  call.buffers = {plain_buffer(in, in_name), plain_buffer(out, out_name)};
  call.dynamic_shared_bytes = plain_dynamic_bytes(r, r.block * unsigned(sizeof(Element)));
  call.block_x = plain_block_x(r);
  return call;
}

// The contract of ContractTraits: the family built from it, the kernel's parameters and its
// signature (what the lab's messages show).
template <class ContractTraits>
const PlainContract& plain_contract_of(std::vector<PlainParam> params, const char* signature) {
  static const TypedFamily<ContractTraits> family;
  static const PlainContract contract{ContractTraits::id, &family, std::move(params), signature};
  return contract;
}

}  // namespace wl
