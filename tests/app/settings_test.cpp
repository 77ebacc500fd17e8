#include "settings.h"

#include <gtest/gtest.h>

using wl::config_dir_from_env;

TEST(ConfigDir, PrefersAbsoluteXdgConfigHome) {
  EXPECT_EQ(config_dir_from_env("/xdg", "/home/ana"), std::filesystem::path("/xdg/warplens"));
}

TEST(ConfigDir, FallsBackToHomeDotConfig) {
  EXPECT_EQ(config_dir_from_env(nullptr, "/home/ana"),
            std::filesystem::path("/home/ana/.config/warplens"));
  // The XDG spec says relative paths are invalid and must be ignored.
  EXPECT_EQ(config_dir_from_env("relative", "/home/ana"),
            std::filesystem::path("/home/ana/.config/warplens"));
  EXPECT_EQ(config_dir_from_env("", "/home/ana"),
            std::filesystem::path("/home/ana/.config/warplens"));
}

TEST(ConfigDir, NoneWithoutEitherVariable) {
  EXPECT_FALSE(config_dir_from_env(nullptr, nullptr));
  EXPECT_FALSE(config_dir_from_env("", ""));
}
