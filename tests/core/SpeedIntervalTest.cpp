#include "robometrics/core/SpeedInterval.hpp"

#include <gtest/gtest.h>

namespace robometrics {
namespace {

TEST(SpeedInterval, StampsWhenBothAreSetAndIncreaseElseLogTimes) {
    const SpeedInterval stamped = speedInterval(5.0, 1'000'000'000, 5.000001, 1'100'000'000);
    EXPECT_TRUE(stamped.from_stamps);
    EXPECT_DOUBLE_EQ(stamped.seconds, 0.1);
    const SpeedInterval repeated = speedInterval(5.0, 1'000'000'000, 5.2, 1'000'000'000);  // stamp repeated
    EXPECT_FALSE(repeated.from_stamps);
    EXPECT_DOUBLE_EQ(repeated.seconds, 5.2 - 5.0);
    EXPECT_FALSE(speedInterval(1.0, std::nullopt, 1.5, 7).from_stamps);  // one stamp unset
    EXPECT_EQ(kMinSpeedIntervalS, 0.01);
}

TEST(SpeedInterval, AZeroStampIsUnset) {
    EXPECT_FALSE(stampIfSet(0).has_value());
    EXPECT_EQ(stampIfSet(42), std::optional<TimeNs>(42));
}

}  // namespace
}  // namespace robometrics
