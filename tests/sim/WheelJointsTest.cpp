#include <gtest/gtest.h>

#include <cmath>

#include "robometrics/sim/WheelJoints.hpp"

namespace robometrics::sim {

TEST(WheelJoints, WheelsTurnWithTheDriveAndPublishAsTheUrdfJoints) {
    WheelJoints wheels;              // radius 0.033 m, separation 0.287 m
    wheels.update(1.0, 0.033, 0.0);  // 0.033 m straight: one radian on both
    EXPECT_NEAR(wheels.leftAngle(), 1.0, 1e-12);
    EXPECT_NEAR(wheels.rightAngle(), 1.0, 1e-12);
    wheels.update(1.0, 0.0, 1.0);  // on the spot at 1 rad/s: -+0.1435 m
    EXPECT_NEAR(wheels.leftAngle(), 1.0 - 0.1435 / 0.033, 1e-12);
    EXPECT_NEAR(wheels.rightAngle(), 1.0 + 0.1435 / 0.033, 1e-12);

    WheelJoints straight;
    straight.update(1.0, 0.033, 0.0);
    const msgs::TFMessage tf = straight.message(5 * kNsPerSecond);
    ASSERT_EQ(tf.transforms.size(), 2u);
    const msgs::TransformStamped &left = tf.transforms[0], &right = tf.transforms[1];
    EXPECT_EQ(left.header.frame_id, "base_link");
    EXPECT_EQ(left.child_frame_id, "wheel_left_link");
    EXPECT_EQ(right.child_frame_id, "wheel_right_link");
    EXPECT_EQ(left.header.stamp.toNs(), 5 * kNsPerSecond);
    EXPECT_DOUBLE_EQ(left.transform.translation.y, 0.144);
    EXPECT_DOUBLE_EQ(right.transform.translation.y, -0.144);
    EXPECT_DOUBLE_EQ(left.transform.translation.z, 0.023);
    // Rx(-1.57) then Rz(1 rad): q = (sa ct, -sa st, ca st, ca ct) with a = -0.785, t = 0.5.
    const double sa = std::sin(-0.785), ca = std::cos(-0.785), st = std::sin(0.5), ct = std::cos(0.5);
    const msgs::Quaternion &q = left.transform.rotation;
    EXPECT_NEAR(q.x, sa * ct, 1e-12);
    EXPECT_NEAR(q.y, -sa * st, 1e-12);
    EXPECT_NEAR(q.z, ca * st, 1e-12);
    EXPECT_NEAR(q.w, ca * ct, 1e-12);
}

}  // namespace robometrics::sim
