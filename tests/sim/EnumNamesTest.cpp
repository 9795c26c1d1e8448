#include <gtest/gtest.h>

#include "robometrics/sim/ClockProfile.hpp"
#include "robometrics/sim/RecorderKind.hpp"

namespace robometrics::sim {

TEST(EnumNames, ProfilesParseTheirNamesAndNothingElse) {
    EXPECT_EQ(parseClock("gazebo"), ClockProfile::Kind::Gazebo);
    EXPECT_EQ(clockName(ClockProfile::Kind::Wall), "wall");
    EXPECT_FALSE(parseClock("sim"));
    EXPECT_EQ(parseRecorder("batched"), RecorderKind::Batched);
    EXPECT_EQ(recorderName(RecorderKind::Plain), "plain");
    EXPECT_FALSE(parseRecorder(""));
}

}  // namespace robometrics::sim
