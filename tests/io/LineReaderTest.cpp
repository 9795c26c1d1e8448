#include <gtest/gtest.h>

#include <fstream>

#include "TestSupport.hpp"
#include "robometrics/io/LineReader.hpp"

using namespace robometrics;

namespace {

std::string writeText(const std::string &name, const std::string &text) {
    const std::string path = (robometrics::test::scratchDir("line_reader") / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

std::vector<std::string> allLines(io::LineReader &reader) {
    std::vector<std::string> lines;
    std::string_view line;
    while (reader.next(line)) lines.emplace_back(line);
    return lines;
}

}  // namespace

TEST(LineReader, LinesAcrossBlocksWithoutTheirEnds) {
    // Blocks of 4 bytes: lines span several blocks, one is longer than a block.
    const std::string path = writeText("lines.txt", "\xEF\xBB\xBFone\r\n\ntwo three four\nlast");
    auto reader = io::LineReader::open(path, 4);
    ASSERT_TRUE(reader.ok()) << reader.message();
    EXPECT_EQ(reader->fileSize(), 28u);  // 3 + 5 + 1 + 15 + 4
    EXPECT_EQ(allLines(*reader), (std::vector<std::string>{"one", "", "two three four", "last"}));
    EXPECT_EQ(reader->number(), 4u);
    EXPECT_FALSE(reader->failed());
}

TEST(LineReader, FirstBlockIsPendingAfterOpen) {
    auto reader = io::LineReader::open(writeText("pending.txt", "a\nb\nc\n"), 4);
    ASSERT_TRUE(reader.ok());
    EXPECT_EQ(reader->pending(), "a\nb\n");
    std::string_view line;
    ASSERT_TRUE(reader->next(line));
    EXPECT_EQ(line, "a");
    EXPECT_EQ(reader->number(), 1u);
}

TEST(LineReader, EmptyFileAndMissingFile) {
    auto empty = io::LineReader::open(writeText("empty.txt", ""));
    ASSERT_TRUE(empty.ok());
    std::string_view line;
    EXPECT_FALSE(empty->next(line));
    EXPECT_EQ(empty->number(), 0u);
    auto missing = io::LineReader::open("/nonexistent/lines.txt");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.message(), "/nonexistent/lines.txt: no such file");
    // A directory opens with fopen and a device never ends: both are refused before reading.
    auto directory = io::LineReader::open("/");
    ASSERT_FALSE(directory.ok());
    EXPECT_EQ(directory.message(), "/: is a directory, expected a file");
    auto device = io::LineReader::open("/dev/zero");
    ASSERT_FALSE(device.ok());
    EXPECT_EQ(device.message(), "/dev/zero: not a regular file");
}
