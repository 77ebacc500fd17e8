#include "kernels/family/family.h"

#include <algorithm>

#include "core/value_type.h"
#include "kernels/family/visit.h"
#include "kernels/gpu/gpu_error.h"

namespace wl {
namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

std::vector<unsigned char> Family::make_input(const RunRequest& r, Pattern pattern, std::uint64_t seed) const {
  std::vector<unsigned char> bytes;
  visit_type_in(TypeList<std::int32_t, float, double>{}, r.type, [&](auto t) {
    using T = typename decltype(t)::type;
    bytes.resize(r.n * sizeof(T));
    fill_input(reinterpret_cast<T*>(bytes.data()), pattern, r.n, seed, r.op);
  });
  return bytes;
}

GpuTime Family::time_gpu(const RunRequest&, const void*, const TimingPlan&) const {
  throw GpuError(std::string(id()) + " has no GPU timing");
}

GpuTime Family::time_library(const RunRequest&, const void*, const TimingPlan&) const { return {}; }
GpuTime Family::time_roofline(const RunRequest&, const TimingPlan&) const { return {}; }

double Family::bytes_moved(const RunRequest& request) const {
  const std::optional<ValueType> t = parse_value_type(request.type);
  return double(request.n) * (t ? value_type_bytes(*t) : 0);
}

std::string Family::compare_partner(const std::string& variant) const {
  for (const VariantSummary& v : variants())
    if (v.id != variant) return v.id;
  return variant;
}

const FamilyShowcase& Family::showcase() const {
  static const FamilyShowcase none;
  return none;
}

const VariantSummary* Family::find_variant(std::string_view id) const {
  for (const VariantSummary& v : variants())
    if (v.id == id) return &v;
  return nullptr;
}

std::string validate_for(const Family& family, const RunRequest& r) {
  if (r.family != family.id()) return "this is the " + std::string(family.id()) + " family, not " + r.family;
  if (!family.find_variant(r.variant)) return "unknown variant '" + r.variant + "' (see `warplens list`)";
  const std::vector<std::string> ops = family.ops();
  if (!ops.empty() && !contains(ops, r.op)) return "unknown operator '" + r.op + "' (" + joined(ops) + ")";
  if (!contains(family.types(), r.type)) return "unknown type '" + r.type + "' (" + joined(family.types()) + ")";
  for (const auto& param : r.params) {
    const std::string& name = param.first;  // C++17 lambdas cannot capture a structured binding
    const std::uint64_t value = param.second;
    const std::vector<FamilyParam> params = family.params();
    auto p = std::find_if(params.begin(), params.end(), [&](const FamilyParam& q) { return q.name == name; });
    if (p == params.end()) return r.family + " has no parameter '" + name + "'";
    if (value < p->min_value || value > p->max_value)
      return name + " = " + std::to_string(value) + " is outside " + std::to_string(p->min_value) +
             " .. " + std::to_string(p->max_value) + " (" + p->help + ")";
  }
  if (r.block == 0 || (r.block & (r.block - 1)) != 0)
    return "block size " + std::to_string(r.block) + " is not a power of two";
  if (r.block > 1024) return "block size " + std::to_string(r.block) + " is over the hardware limit of 1024";
  if (std::string problem = family.validate(r); !problem.empty()) return problem;
  if (r.n > kMaxElements) return "n = " + std::to_string(r.n) + " is over the limit of " + std::to_string(kMaxElements);
  // One element per thread is the most blocks any variant launches; a grid holds 2^31 - 1.
  constexpr std::uint64_t kMaxGrid = (std::uint64_t(1) << 31) - 1;
  if ((r.n + r.block - 1) / r.block > kMaxGrid)
    return "n = " + std::to_string(r.n) + " in blocks of " + std::to_string(r.block) +
           " needs more than 2^31 - 1 blocks, the grid's limit: choose larger blocks";
  if (r.sm_count == 0) return "sm_count must be at least 1";
  if (r.record) {
    const std::uint64_t element_bytes = value_type_bytes(parse_value_type(r.type).value_or(ValueType::f64));
    if (r.n * element_bytes > (std::uint64_t(1) << 32))
      return "a trace stores 32-bit byte offsets: record at most " +
             std::to_string((std::uint64_t(1) << 32) / element_bytes) + " elements of " + r.type;
    if (r.record_blocks.empty()) return "no blocks chosen to record";
    if (r.event_cap == 0) return "event cap must be at least 1";
  }
  return {};
}

}  // namespace wl
