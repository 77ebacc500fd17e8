#include "cli/sweep_param_option.h"

#include <algorithm>

#include "run/run_words.h"

namespace wl::cli {
namespace {

std::string param_names(const Family& family) {
  std::string names;
  for (const FamilyParam& p : family.params()) names += (names.empty() ? "" : ", ") + p.name;
  return names;
}

// Why no variant of the family takes the request at `step`; empty when one does.
std::string refused_by_all(const Family& family, const SweepRequest& request, const SweepStep& step) {
  std::string first;
  for (const VariantSummary& v : family.variants()) {
    if (v.pitfall) continue;
    const std::string problem = validate(step_request(request, step, v.id));
    if (problem.empty()) return {};
    if (first.empty()) first = problem;
  }
  return first;
}

}  // namespace

bool take_sweep_param(const std::string& text, const Family& family, SweepRequest& request, std::string& error) {
  std::string name;
  std::vector<std::uint64_t> values;
  if (!parse_param_sweep(text, name, values, error)) return false;
  const std::vector<FamilyParam> params = family.params();
  if (std::none_of(params.begin(), params.end(), [&](const FamilyParam& p) { return p.name == name; })) {
    error = params.empty() ? std::string(family.id()) + " takes no parameter to sweep"
                           : std::string(family.id()) + " has no parameter '" + name + "' (" + param_names(family) + ")";
    return false;
  }
  if (request.params.count(name)) {
    error = name + " is both swept and fixed with --param: give its values to --sweep-param only";
    return false;
  }
  request.swept_param = name;
  request.param_values = values;
  for (const SweepStep& step : sweep_steps(request))
    if (const std::string why = refused_by_all(family, request, step); !why.empty()) {
      TimingSweep named;  // names the point as the sweep's errors do
      named.swept_param = name;
      TimingPoint at;
      at.n = step.n;
      at.param = step.param;
      error = point_label(named, at) + " suits no variant: " + why;
      return false;
    }
  return true;
}

}  // namespace wl::cli
