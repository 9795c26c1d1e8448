// `ape`'s bag input on a ROS 1 bag: the TF chain odom -> base_footprint of evo's tf_example.bag,
// and the same chain from its ROS 2 sqlite twin (converted from it) pose for pose.

#include <gtest/gtest.h>

#include "TestSupport.hpp"
#include "robometrics/io/BagTrajectory.hpp"

namespace robometrics::io {
namespace {

Result<slam::Trajectory> chain(const std::filesystem::path &bag) {
    return readBagTrajectory(TrajectorySource::bagTf(bag.string(), "odom", "base_footprint"));
}

TEST(Ros1BagTrajectory, TfChainOfEvoExample) {
    ROBOMETRICS_REQUIRE_DATA(ros1, "bags/ros1/evo_tf_example.bag");
    auto trajectory = chain(ros1);
    ASSERT_TRUE(trajectory.ok()) << trajectory.message();
    ASSERT_EQ(trajectory->stamps.size(), 517u);
    // The first /tf message (checked with `robometrics echo`): header stamp 1714741164.177519307.
    EXPECT_NEAR(trajectory->stamps.front(), 1714741164.177519307, 1e-6);
    EXPECT_DOUBLE_EQ(trajectory->positions.front().x(), 1.1603796887148006);
    EXPECT_DOUBLE_EQ(trajectory->positions.front().y(), -2.942426888388735);
    EXPECT_DOUBLE_EQ(trajectory->orientations.front().w(), 0.7324656905610344);

    ROBOMETRICS_REQUIRE_DATA(ros2, "bags/ros2-sqlite3/evo_tf_example/tf_example.db3");
    auto twin = chain(ros2);
    ASSERT_TRUE(twin.ok()) << twin.message();
    ASSERT_EQ(twin->stamps.size(), trajectory->stamps.size());
    for (std::size_t i = 0; i < twin->stamps.size(); ++i) {
        ASSERT_EQ(twin->stamps[i], trajectory->stamps[i]) << i;
        ASSERT_EQ(twin->positions[i], trajectory->positions[i]) << i;
    }
}

}  // namespace
}  // namespace robometrics::io
