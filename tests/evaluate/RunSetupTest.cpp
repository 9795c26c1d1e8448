// RunSetup: the first stage of the evaluate pass, from the bag's topic list alone: which topic
// each analysis reads, what the run lacks, and a bad parameter refused before any reading.

#include <gtest/gtest.h>

#include "robometrics/evaluate/RunSetup.hpp"

namespace robometrics::evaluate {
namespace {

bag::TopicInfo setupTopic(const std::string &name, const std::string &type) {
    bag::TopicInfo info;
    info.name = name;
    info.type = type;
    info.serialization_format = "cdr";
    return info;
}

TEST(RunSetup, ANav2RecordingReadsItsOwnTopicsAndListsWhatItLacks) {
    const std::vector<bag::TopicInfo> topics{setupTopic("/scan", "sensor_msgs/msg/LaserScan"),
                                             setupTopic("/odom", "nav_msgs/msg/Odometry"),
                                             setupTopic("/amcl_pose", "geometry_msgs/msg/PoseWithCovarianceStamped")};
    const pipeline::Remaps none;
    auto setup = setUpRun(topics, none, EvaluateOptions{});
    ASSERT_TRUE(setup.ok()) << setup.message();
    EXPECT_EQ(setup->topics.scan, "/scan");
    EXPECT_EQ(setup->topics.odometry, "/odom");
    EXPECT_EQ(setup->topics.amcl_pose, "/amcl_pose");
    EXPECT_EQ(setup->lost.pose_topic, "/amcl_pose");
    EXPECT_EQ(setup->bag_topics.size(), 3U);
    EXPECT_FALSE(setup->costmap);  // no GridMap topic
    EXPECT_FALSE(setup->scan_named);
    // Only the IMU is missing: one note, naming what is not evaluated without it.
    ASSERT_EQ(setup->notes.size(), 1U);
    EXPECT_NE(setup->notes[0].find("roughness and smoothness"), std::string::npos) << setup->notes[0];
    // The collision rule judges on traversal's threshold.
    EXPECT_DOUBLE_EQ(setup->checks.collision_threshold, setup->traversal.collision_threshold);
    EXPECT_FALSE(setup->checks.thresholds.check_stuck);
}

TEST(RunSetup, ARemappedScanNarrowsTheScannersToThatTopic) {
    const std::vector<bag::TopicInfo> topics{setupTopic("/scan", "sensor_msgs/msg/LaserScan"),
                                             setupTopic("/rear/scan", "sensor_msgs/msg/LaserScan")};
    pipeline::Remaps remaps;
    remaps.add("/scan", "/rear/scan");
    auto setup = setUpRun(topics, remaps, EvaluateOptions{});
    ASSERT_TRUE(setup.ok()) << setup.message();
    EXPECT_TRUE(setup->scan_named);
    EXPECT_EQ(setup->topics.scan, "/rear/scan");
}

TEST(RunSetup, AnEmptyBagListsEveryMissingInput) {
    const pipeline::Remaps none;
    auto setup = setUpRun({}, none, EvaluateOptions{});
    ASSERT_TRUE(setup.ok()) << setup.message();
    // LaserScan, IMU, odometry, AMCL.
    EXPECT_EQ(setup->notes.size(), 4U);
}

TEST(RunSetup, AStuckWindowOfZeroIsRefusedBeforeReading) {
    EvaluateOptions options;
    options.param_overrides = {"stuck_window_s:=0.0"};
    const pipeline::Remaps none;
    auto setup = setUpRun({}, none, options);
    ASSERT_FALSE(setup.ok());
    EXPECT_NE(setup.message().find("stuck_window_s must be > 0"), std::string::npos) << setup.message();
}

}  // namespace
}  // namespace robometrics::evaluate
