// The run nothing names (core/default_run.h) is the family list's first family, on a variant of
// it that is no pitfall, and every struct that defaults to it says the same.
#include <gtest/gtest.h>

#include "run/gpu_sweep.h"
#include "kernels/family/family.h"
#include "model/views/lesson_script.h"

namespace wl {
namespace {

TEST(DefaultRun, IsTheFamilyListsFirstFamily) {
  ASSERT_FALSE(families().empty());
  const Family& first = *families().front();
  EXPECT_EQ(first.id(), kDefaultFamily);
  const VariantSummary* variant = first.find_variant(kDefaultVariant);
  ASSERT_NE(variant, nullptr) << kDefaultVariant << " is not a " << first.id() << " variant";
  EXPECT_FALSE(variant->pitfall);

  const RunRequest request;
  EXPECT_EQ(request.family, first.id());
  EXPECT_EQ(request.variant, kDefaultVariant);
  EXPECT_EQ(validate(request), "");
  EXPECT_EQ(SweepRequest{}.family, first.id());
  const LessonSlide slide;
  EXPECT_EQ(slide.family, first.id());
  EXPECT_EQ(slide.variant, kDefaultVariant);
}

}  // namespace
}  // namespace wl
