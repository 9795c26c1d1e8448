// describeBag (`robometrics info`): figures that stay right for any log times a file can hold.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "TestSupport.hpp"
#include "robometrics/bag/BagInfo.hpp"
#include "robometrics/bag/McapWriter.hpp"

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

}  // namespace
}  // namespace robometrics::bag
