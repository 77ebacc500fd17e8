// A toy family that only tests use: it copies its input through `passes` launches, one element
// per thread. It shows that a family is one folder in the template form and one line in a
// family list (tests/families/families.txt), built like the product's (and for the GPU where
// CUDA is), and gives the dataflow graph a run whose edges cross launches.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "kernels/families/copy_twice/variant_list.h"  // generated from variants.txt: AllVariants
#include "kernels/family/family_traits.h"
#include "tests/families/copy_twice/driver.h"

namespace wl::copy_twice {

struct Traits : FamilyTraitsBase {
  static constexpr const char* id = "copy_twice";
  static constexpr const char* title = "Copy through staging buffers (a test family)";
  using Variants = AllVariants;
  using Ops = TypeList<>;
  using Types = TypeList<std::int32_t, float>;
  using Info = CopyVariantInfo;
  template <class V, class Op, class T, class Backend>
  using Run = CopyRun<V, Op, T, Backend>;

  static std::vector<FamilyParam> params() { return {{"passes", "launches the copy goes through", 2, 1, 4}}; }
  static std::vector<PlannedLaunch> plan(const Info&, const RunRequest& r) { return plan_copies(r); }

  template <class Op, class T>
  static std::vector<T> reference(const RunRequest&, const std::vector<T>& input) {
    return input;
  }
  // Exact: error counts the elements that differ.
  template <class Op, class T>
  static CheckResult check(const Info&, const RunRequest&, const std::vector<T>& input, const std::vector<T>& result) {
    CheckResult c;
    c.expected = "the input, unchanged";
    if (result.size() != input.size()) {
      c.error = double(input.size());
      return c;
    }
    for (std::size_t i = 0; i < input.size(); ++i) c.error += to_bits(input[i]) != to_bits(result[i]);
    c.ok = c.error == 0;
    return c;
  }
  template <class T>
  static std::string result_text(const std::vector<T>& result) {
    return std::to_string(result.size()) + " values";
  }
};

}  // namespace wl::copy_twice
