// What is the same in every family's typed code, written once over a family's Traits
// (kernels/families/<id>/traits.h; kernels/family/typed_family.h says what Traits holds): the
// variant catalogue, the dispatch from names to types, and a whole run on one backend.
#pragma once
#include <string_view>
#include <vector>

#include "core/type_list.h"
#include "kernels/family/family.h"
#include "kernels/family/trace_meta.h"
#include "kernels/family/visit.h"
#include "kernels/sim/kernel_error.h"

namespace wl {

// The operator of a family that takes none (its Traits::Ops is empty).
struct NoOp {
  static constexpr const char* name = "";
};

// Every variant's info, in teaching order, and the one with an id (nullptr for none).
template <class Traits>
const std::vector<typename Traits::Info>& variant_infos() {
  static const std::vector<typename Traits::Info> infos = variant_infos_of(typename Traits::Variants{});
  return infos;
}
template <class Traits>
const typename Traits::Info* find_variant_info(std::string_view id) {
  return find_info(variant_infos<Traits>(), id);
}

template <class Traits>
constexpr bool takes_no_op = TypeListSize<typename Traits::Ops>::value == 0;

// f(TypeTag<V>, TypeTag<Op>, TypeTag<T>) for the request's variant, operator and type.
template <class Traits, class F>
bool visit_typed_request(const RunRequest& r, F&& f) {
  if constexpr (takes_no_op<Traits>) {
    RunRequest any_op = r;
    any_op.op = NoOp::name;
    return visit_request<typename Traits::Variants, TypeList<NoOp>, typename Traits::Types>(any_op, f);
  } else {
    return visit_request<typename Traits::Variants, typename Traits::Ops, typename Traits::Types>(r, f);
  }
}
// f(TypeTag<Op>, TypeTag<T>) for the request's operator and type.
template <class Traits, class F>
void visit_op_and_type(const RunRequest& r, F&& f) {
  if constexpr (takes_no_op<Traits>) {
    visit_type_in(typename Traits::Types{}, r.type, [&](auto t) { f(TypeTag<NoOp>{}, t); });
  } else {
    visit_op_in(typename Traits::Ops{}, r.op, [&](auto op) { visit_type_in(typename Traits::Types{}, r.type, [&](auto t) { f(op, t); }); });
  }
}

// The run's input as T: Traits::input_elements(r) of them (r.n, or n on each of several GPUs).
template <class Traits, class T>
std::vector<T> typed_input(const RunRequest& r, const void* input) {
  const T* data = static_cast<const T*>(input);
  const std::uint64_t count = Traits::input_elements(r);
  return count ? std::vector<T>(data, data + count) : std::vector<T>();
}

// A whole run on one backend, the same way on every backend: the input where the backend reads
// it, the family's buffers and launches (Traits::Run), the result and its check. `out.backend`
// names the backend; the backend records into out.trace. A kernel bug the simulator finds is a
// result too (a pitfall's lesson): the trace up to it, its meta.fault, no values, a failed check.
template <class Traits, class V, class Op, class T, class Backend>
void run_on_backend(Backend& backend, const RunRequest& r, const std::vector<T>& input, RunResult& out) {
  const Global<const T> in = backend.upload(input);
  typename Traits::template Run<V, Op, T, Backend> run(backend, r);
  try {
    run.launch(in, r.record);
  } catch (const KernelError&) {
    backend.finish_trace();
    out.launches = Traits::plan(V::info, r);
    out.result_text = "none: the simulator stopped the kernel";
    describe_run(out.trace.meta, r, out.backend, out.launches);
    out.trace.meta.lines_file = variant_lines_file<V>();
    return;
  }
  const auto result = run.result();
  backend.finish_trace();
  out.launches = Traits::plan(V::info, r);
  out.result = ResultValues::of(result);
  out.result_text = Traits::result_text(result);
  out.check = Traits::template check<Op>(V::info, r, input, result);
  describe_run(out.trace.meta, r, out.backend, out.launches);
  out.trace.meta.lines_file = variant_lines_file<V>();
}

}  // namespace wl
