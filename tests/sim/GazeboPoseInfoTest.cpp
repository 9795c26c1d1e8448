#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/GazeboPoseInfo.hpp"

namespace robometrics::sim {
namespace {

TEST(GazeboPoseInfo, ModelsThenLinksThenTheSunTheRobotThird) {
    msgs::Pose wheel;
    wheel.position = {0, 0.144, 0.033};
    const msgs::PoseArray m = officePoseInfo({3.0, 6.8, M_PI / 2}, {msgs::Pose{}, wheel}, 1'500'000'000);
    ASSERT_EQ(m.poses.size(), 3u + 2u + 2u + 1u);  // 3 models, 2 world links, the robot's 2, the sun
    EXPECT_EQ(m.header.stamp.sec, 1);
    EXPECT_EQ(m.header.stamp.nanosec, 500'000'000u);
    EXPECT_EQ(m.header.frame_id, "");  // ros_gz_bridge has no frame for it
    const msgs::Pose &robot = m.poses[kOfficeRobotEntry];
    EXPECT_EQ(robot.position.x, 3.0);
    EXPECT_EQ(robot.position.y, 6.8);
    // yaw pi/2: q = (0, 0, sin(pi/4), cos(pi/4))
    EXPECT_NEAR(robot.orientation.z, std::sqrt(0.5), 1e-12);
    EXPECT_NEAR(robot.orientation.w, std::sqrt(0.5), 1e-12);
    EXPECT_EQ(m.poses[0].position, (msgs::Point{0, 0, 0}));          // ground_plane
    EXPECT_EQ(m.poses[6].position, (msgs::Point{0, 0.144, 0.033}));  // a link, relative to its model
    EXPECT_EQ(m.poses.back().position, (msgs::Point{0, 0, 10}));     // the sun
}

}  // namespace
}  // namespace robometrics::sim
