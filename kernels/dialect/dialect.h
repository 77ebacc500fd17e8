// What kernel sources include. Free-function forms of the context calls that take explicit
// template arguments, so kernels read `atomic_combine<Op>(ctx, ...)` instead of
// `ctx.template atomic_combine<Op>(...)`.
//
// One rule for kernel authors: at most one traced call per statement. C++ leaves the order of
// function arguments unspecified, and the trace records the order in which a thread's calls ran.
#pragma once
#include "core/ops.h"
#include "core/bits.h"
#include "kernels/dialect/macros.h"
#include "kernels/dialect/math.h"
#include "kernels/dialect/views.h"
#include "trace/event.h"

namespace wl {

template <class Op, class T>
WL_HOST_DEVICE T identity() {
  return Op::template identity<T>();
}

// The st_from mask of a store whose value is a constant: it names load 31 of the step, which no
// step makes (a mask reaches 29 loads at most), so the value has no source.
constexpr unsigned kFromConstant = kStoreConstant;
// Added to an st_from mask: the value also carries what the thread's registers hold from
// earlier steps (trace/event.h).
constexpr unsigned kFromRegisters = kStoreFromRegisters;
constexpr unsigned kSinceStore = kStoreSinceStore;

// The shared memory shared_array<T>(ctx, count) takes: every array starts 16-byte aligned.
template <class T>
constexpr unsigned shared_array_bytes(unsigned count) {
  return (count * unsigned(sizeof(T)) + 15u) & ~15u;
}

template <class T, class Ctx>
WL_DEVICE Shared<T> shared_array(Ctx& ctx, unsigned count, WL_LINE) {
  return ctx.template shared<T>(count, line);
}

template <class Op, class Ctx, class T>
WL_DEVICE void atomic_combine(Ctx& ctx, Global<T> g, std::uint64_t i, T v, WL_LINE) {
  ctx.template atomic_combine<Op>(g, i, v, line);
}

// The butterfly's five rounds are recorded as steps first .. first + 4.
template <class Op, class Ctx, class T>
WL_DEVICE T tile_reduce(Ctx& ctx, T v, StepId first, WL_LINE) {
  return ctx.template tile_reduce<Op>(v, first, line);
}

}  // namespace wl
