#include <gtest/gtest.h>

#include "robometrics/sim/RobotKind.hpp"

namespace robometrics::sim {

TEST(RobotKind, NamesParseCaseSensitively) {
    EXPECT_EQ(robotNames(), (std::vector<std::string>{"rover", "turtlebot3"}));
    EXPECT_EQ(parseRobot("turtlebot3"), RobotKind::TurtleBot3);
    EXPECT_EQ(robotName(RobotKind::Rover), "rover");
    EXPECT_FALSE(parseRobot("TurtleBot3"));
}

TEST(RobotKind, TheTurtleBot3BodyHasNav2sLimitsAndItsLaserBehindTheCentre) {
    const RobotBody tb3 = robotBody(RobotKind::TurtleBot3);
    EXPECT_DOUBLE_EQ(tb3.cruise_speed, 0.26);
    EXPECT_DOUBLE_EQ(tb3.limits.max_angular_speed, 1.0);
    EXPECT_DOUBLE_EQ(tb3.laser_x, -0.064);
    const RobotBody rover = robotBody(RobotKind::Rover);
    EXPECT_DOUBLE_EQ(rover.cruise_speed, 0.0);  // the scenario's
    EXPECT_DOUBLE_EQ(rover.limits.max_angular_speed, 1.2);
}

}  // namespace robometrics::sim
