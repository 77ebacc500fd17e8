#include "model/views/row_numerics.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/bits.h"
#include "model/views/trace_views.h"
#include "model/views/view_registry.h"

namespace wl {
namespace {

constexpr double kU = 0x1p-24;

BufferId buffer_named(const TraceMeta& meta, const char* name) {
  for (const BufferRecord& b : meta.buffers)
    if (b.name == name && b.type == "f32") return b.id;
  return kNoBuffer;
}

}  // namespace

ErrorClass error_class(double error_u) {
  if (error_u <= 1) return ErrorClass::Exact;
  if (error_u <= 16) return ErrorClass::Few;
  if (error_u <= 1024) return ErrorClass::Some;
  if (error_u <= 1 << 20) return ErrorClass::Many;
  return ErrorClass::Wrong;
}

const char* error_class_name(ErrorClass c) {
  switch (c) {
    case ErrorClass::Exact: return "within 1 u";
    case ErrorClass::Few: return "up to 16 u";
    case ErrorClass::Some: return "up to 2^10 u";
    case ErrorClass::Many: return "up to 2^20 u";
    case ErrorClass::Wrong: return "past 2^20 u: 4 correct bits or fewer";
    case ErrorClass::NaN: return "NaN";
    case ErrorClass::Inf: return "inf";
    case ErrorClass::Unwritten: return "not recorded";
  }
  return "?";
}

RowNumerics build_row_numerics(const Trace& whole) {
  RowNumerics out;
  const TraceMeta& meta = whole.meta;
  const std::optional<RowOp> op = parse_row_op(meta.op);
  const BufferId input = buffer_named(meta, "input"), output = buffer_named(meta, "output");
  if (!op || input == kNoBuffer || output == kNoBuffer) {
    out.note = "This view shows row-wise softmax and norms (the rows family): each output against its f64 reference.";
    return out;
  }
  out.op = *op;
  const auto cols_param = meta.params.find("cols");
  out.cols = cols_param == meta.params.end() ? kDefaultRowCols : cols_param->second;
  if (out.cols == 0) return out;

  // Element -> value, from every launch's recorded accesses.
  std::map<std::uint64_t, float> x, y;
  std::vector<const Event*> stores;
  for (const Event& e : whole.events) {
    if (e.op == OpKind::GlobalLoad && e.buffer == input && e.size == 4) x[e.address / 4] = from_bits<float>(e.value[0]);
    if (e.op == OpKind::GlobalStore && e.buffer == output && e.size == 4) stores.push_back(&e);
  }
  // The last store of an element wins: launches in order, then the order the simulator or GPU ran them.
  std::sort(stores.begin(), stores.end(), [](const Event* a, const Event* b) {
    return a->launch != b->launch ? a->launch < b->launch : a->time < b->time;
  });
  for (const Event* e : stores) y[e->address / 4] = from_bits<float>(e->value[0]);

  for (auto it = x.begin(); it != x.end();) {
    const std::uint64_t row = it->first / out.cols, first = row * out.cols;
    auto next = x.lower_bound(first + out.cols);
    if (std::uint64_t(std::distance(it, next)) != out.cols || it->first != first) {  // a row not wholly read
      it = next;
      continue;
    }
    RowOutputs r;
    r.row = row;
    for (auto k = it; k != next; ++k) r.x.push_back(k->second);
    r.reference.resize(out.cols);
    normalise_row_f64(r.x.data(), out.cols, out.op, r.reference.data());
    for (double v : r.reference)
      if (std::isfinite(v)) r.scale = std::max(r.scale, std::abs(v));
    r.got.assign(out.cols, 0.0f);
    r.error_u.assign(out.cols, 0.0);
    r.error.assign(out.cols, ErrorClass::Unwritten);
    for (std::uint64_t j = 0; j < out.cols; ++j) {
      const auto written = y.find(first + j);
      if (written == y.end()) continue;
      const float got = written->second;
      const double ref = r.reference[j];
      r.got[j] = got;
      ++r.written;
      if (std::isnan(got) && !std::isnan(ref)) {
        r.error[j] = ErrorClass::NaN;
        ++r.nans;
      } else if (std::isinf(got) && got != ref) {
        r.error[j] = ErrorClass::Inf;
        ++r.infs;
      } else {
        const bool same = (std::isnan(got) && std::isnan(ref)) || double(got) == ref;
        r.error_u[j] = same ? 0 : std::abs(got - ref) / (kU * (r.scale > 0 ? r.scale : 1));
        r.error[j] = error_class(r.error_u[j]);
        r.worst_u = std::max(r.worst_u, r.error_u[j]);
      }
    }
    out.rows.push_back(std::move(r));
    it = next;
  }
  if (out.rows.empty()) out.note = "No row was read whole by the recorded blocks: record more blocks (Inspect).";
  return out;
}

const ViewDecl& numerics_view() {
  static const ViewDecl view{"numerics", "Numerics", true, -1, kGivesRows, nullptr, model_of_whole<build_row_numerics>};
  return view;
}

}  // namespace wl
