#include <gtest/gtest.h>

#include <filesystem>

#include "robometrics/system/ExecutablePath.hpp"

namespace robometrics::system {

TEST(ExecutablePath, IsThisTestBinary) {
    const std::filesystem::path path = executablePath();
    EXPECT_TRUE(path.is_absolute()) << path;
    EXPECT_EQ(path.filename(), "test_system");
    EXPECT_TRUE(std::filesystem::is_regular_file(path)) << path;
}

}  // namespace robometrics::system
