#include <gtest/gtest.h>

#include "robometrics/core/ByteProgress.hpp"

namespace robometrics {
namespace {

constexpr std::uint64_t kMiB = 1024 * 1024;

TEST(ByteProgress, LineHasDoneTotalPercentRateAndEta) {
    // 412 MiB of 20 GiB in 5 s: 82.4 MiB/s, (20480 - 412) MiB left at that rate = 243.5 s.
    EXPECT_EQ(byteProgressLine(412 * kMiB, 20 * 1024 * kMiB, 5.0), "412.0 MiB / 20.0 GiB    2.0%  82.4 MiB/s  ETA 4:04");
    EXPECT_EQ(byteProgressLine(0, 25885, 0.2), "0 B / 25.3 KiB    0.0%  -- MiB/s  ETA --");
    EXPECT_EQ(byteProgressLine(1000, 2000, 0.5), "1000 B / 2.0 KiB   50.0%  -- MiB/s  ETA --")
        << "rate and ETA wait for a second";
    // Hours past the first; done beyond the total (other files read too) is the total.
    EXPECT_EQ(byteProgressLine(kMiB, 4000 * kMiB, 1.0), "1.0 MiB / 3.9 GiB    0.0%  1.0 MiB/s  ETA 1:06:39");
    EXPECT_EQ(byteProgressLine(3 * kMiB, 2 * kMiB, 2.0), "2.0 MiB / 2.0 MiB  100.0%  1.0 MiB/s  ETA 0:00");
}

TEST(ByteProgress, ProcessBytesReadGrowsWithReading) {
    const auto before = processBytesRead();
    ASSERT_TRUE(before.has_value()) << "/proc/self/io";
    const auto after = processBytesRead();  // reading /proc/self/io is itself a read
    ASSERT_TRUE(after.has_value());
    EXPECT_GT(*after, *before);
}

}  // namespace
}  // namespace robometrics
