#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "TestSupport.hpp"
#include "robometrics/core/Text.hpp"

namespace robometrics {
namespace {

TEST(Text, TrimmedDropsBlanksAtBothEnds) {
    EXPECT_EQ(trimmed(" \t a b \r\n"), "a b");
    EXPECT_EQ(trimmed(" \n\t"), "");
    EXPECT_EQ(trimmed(""), "");
}

TEST(Text, ReadInputFileReadsEveryByte) {
    const auto path = test::scratchDir("text-read") / "data.bin";
    std::string bytes(200'000, '\0');  // more than one read block, with zeros
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7);
    std::ofstream(path, std::ios::binary) << bytes;
    auto read = readInputFile(path.string());
    ASSERT_TRUE(read.ok()) << read.message();
    EXPECT_EQ(*read, bytes);
    std::ofstream(path, std::ios::binary | std::ios::trunc);
    auto empty = readInputFile(path.string());
    ASSERT_TRUE(empty.ok()) << empty.message();
    EXPECT_EQ(*empty, "");
}

TEST(Text, ReadInputFileRefusesWhatIsNotAFileWithoutThrowing) {
    const auto dir = test::scratchDir("text-read-dir");
    auto directory = readInputFile(dir.string());
    ASSERT_FALSE(directory.ok());
    EXPECT_EQ(directory.message(), dir.string() + ": is a directory, expected a file");
    auto missing = readInputFile((dir / "nope").string());
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.message(), (dir / "nope").string() + ": no such file");
    auto device = readInputFile("/dev/zero");
    ASSERT_FALSE(device.ok());
    EXPECT_EQ(device.message(), "/dev/zero: not a regular file");
}

}  // namespace
}  // namespace robometrics
