#include <gtest/gtest.h>

#include "robometrics/sim/SensorProfile.hpp"

namespace robometrics::sim {

TEST(SensorProfile, ParsesItsNamesAndSetsTheImuRate) {
    EXPECT_EQ(sensorProfileNames(), (std::vector<std::string>{"standard", "heavy"}));
    EXPECT_EQ(parseSensorProfile("heavy"), SensorProfile::Heavy);
    EXPECT_EQ(sensorProfileName(SensorProfile::Standard), "standard");
    EXPECT_FALSE(parseSensorProfile("Heavy"));
    EXPECT_EQ(imuRateHz(SensorProfile::Standard), 100);
    EXPECT_EQ(imuRateHz(SensorProfile::Heavy), 200);
}

}  // namespace robometrics::sim
