// describeBag (`robometrics info`): figures that stay right for any log times a file can hold, and
// what a recording cut short still tells.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>

#include "TestSupport.hpp"
#include "robometrics/bag/BagInfo.hpp"
#include "robometrics/bag/mcap/McapWriter.hpp"

namespace robometrics::bag {
namespace {

// MCAP log times are uint64: read as int64 nanoseconds, 2^63 + 1 is negative and lies further
// from 1 than int64 can hold (the fuzzer's regression McapIndexed/info-duration-signed-overflow).
TEST(BagInfo, DurationOfLogTimesFurtherApartThanInt64Holds) {
    auto path = test::scratchDir("bag_info_wide_times") / "wide.mcap";
    {
        auto writer = McapWriter::open(path.string());
        ASSERT_TRUE(writer.ok()) << writer.message();
        auto channel = (*writer)->addChannel("/a", 0, "cdr");
        const std::vector<std::uint8_t> payload{0, 1, 0, 0};
        const TimeNs late = std::numeric_limits<TimeNs>::min() + 1;  // uint64 2^63 + 1 in the file
        ASSERT_TRUE((*writer)->write(channel, 1, 1, payload).ok());
        ASSERT_TRUE((*writer)->write(channel, late, late, payload).ok());
        ASSERT_TRUE((*writer)->close().ok());
    }
    auto info = describeBag(path.string());
    ASSERT_TRUE(info.ok()) << info.message();
    const double span_s = 9223372036.854775808;  // 2^63 ns
    EXPECT_NEAR(std::abs(info->duration_s), span_s, 1e-3);
    ASSERT_EQ(info->topics.size(), 1u);
    EXPECT_NEAR(std::abs(info->topics[0].rate_hz), 1 / span_s, 1e-15);
}

// A file without its summary still names its chunks' compression and its messages' (none here:
// CDR payloads, not zstd frames), from the chunks before the cut.
TEST(BagInfo, ARecordingCutShortNamesItsChunkCompression) {
    const auto dir = test::scratchDir("bag_info_cut");
    const auto whole = dir / "whole.mcap";
    {
        McapWriterOptions options;
        options.compression = Compression::Lz4;
        options.chunk_size = 500;
        auto writer = McapWriter::open(whole.string(), options);
        ASSERT_TRUE(writer.ok()) << writer.message();
        auto channel = (*writer)->addChannel("/a", 0, "cdr");
        const std::vector<std::uint8_t> payload(100, 1);
        for (TimeNs t = 1; t <= 40; ++t) ASSERT_TRUE((*writer)->write(channel, t, t, payload).ok());
        ASSERT_TRUE((*writer)->close().ok());
    }
    const std::string bytes = test::readFile(whole);
    const auto cut = dir / "cut.mcap";
    std::ofstream(cut, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size() / 2));
    EXPECT_FALSE(describeBag(cut.string()).ok());
    auto info = describeBag(cut.string(), true);
    ASSERT_TRUE(info.ok()) << info.message();
    EXPECT_EQ(info->chunk_compression, std::vector<std::string>{"lz4"});
    EXPECT_EQ(info->compression, "none");
    EXPECT_GT(info->message_count, 0u);
    EXPECT_LT(info->message_count, 40u);
}

}  // namespace
}  // namespace robometrics::bag
