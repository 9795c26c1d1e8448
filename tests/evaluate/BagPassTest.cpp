// BagPass: one read of a small written bag gives the run's clock and what each node of the
// pass decides (counts and times by hand); what the pass keeps is only what it was asked for.

#include <gtest/gtest.h>

#include <filesystem>

#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/evaluate/BagPass.hpp"

namespace robometrics::evaluate {
namespace {

namespace fs = std::filesystem;

constexpr TimeNs kPassStart = TimeNs{1'700'000'000} * kNsPerSecond;

/// Ten seconds: an IMU at 50 Hz (500 messages, the last at 9.98 s), AMCL poses at 2 Hz (20).
fs::path writePassBag(const fs::path &dir) {
    const fs::path bag = dir / "pass.mcap";
    auto writer = bag::TypedWriter::open(bag.string());
    EXPECT_TRUE(writer.ok()) << writer.message();
    for (int k = 0; k < 500; ++k) {
        const TimeNs t = kPassStart + TimeNs{k} * 20'000'000;
        const msgs::Time stamp = msgs::Time::fromNs(t);
        msgs::Imu imu;
        imu.header = {stamp, "imu_link"};
        imu.orientation.w = 1;
        imu.linear_acceleration = {0.0, 0.0, 9.81};
        EXPECT_TRUE(writer->write("/imu/data", imu, t).ok());
        if (k % 25 == 0) {
            msgs::PoseWithCovarianceStamped pose;
            pose.header = {stamp, "map"};
            pose.pose.pose.position.x = 0.01 * k;
            pose.pose.pose.orientation.w = 1;
            pose.pose.covariance[0] = pose.pose.covariance[7] = 0.01;
            pose.pose.covariance[35] = 0.01;
            EXPECT_TRUE(writer->write("/amcl_pose", pose, t).ok());
        }
    }
    EXPECT_TRUE(writer->close().ok());
    return bag;
}

TEST(BagPass, OneReadGivesTheClockAndEachNodesResult) {
    const fs::path bag = writePassBag(test::scratchDir("bag-pass"));
    auto source = bag::openBag(bag.string());
    ASSERT_TRUE(source.ok()) << source.message();
    pipeline::Pipeline pipe;
    auto setup = setUpRun((*source)->topics(), pipe.remaps(), EvaluateOptions{});
    ASSERT_TRUE(setup.ok()) << setup.message();
    BagPass pass(*setup, PassWants{}, bag.string(), pipe);
    auto result = pass.run(pipe, std::move(*source));
    ASSERT_TRUE(result.ok()) << result.message();
    EXPECT_EQ(result->clock.start(), kPassStart);
    EXPECT_EQ(result->clock.end(), kPassStart + 499 * TimeNs{20'000'000});
    EXPECT_FALSE(result->damage);
    ASSERT_TRUE(result->traversal);  // the IMU feeds traversal
    EXPECT_FALSE(result->traversal->rows.empty());
    EXPECT_TRUE(result->scanners.empty());  // no LaserScan
    ASSERT_TRUE(result->lost);
    EXPECT_EQ(result->lost->topic, "/amcl_pose");
    ASSERT_TRUE(result->amcl_path);
    ASSERT_EQ(result->amcl_path->t.size(), 20U);
    EXPECT_DOUBLE_EQ(result->amcl_path->t.front(), 0.0);
    EXPECT_NEAR(result->amcl_path->t.back(), 9.5, 1e-9);
    EXPECT_NEAR(result->amcl_path->x.back(), 4.75, 1e-12);
    EXPECT_FALSE(result->tf_ground_truth);
    // Asked for nothing: no TF or map kept, no odometry, no costmap.
    EXPECT_FALSE(pass.recordings().tf);
    EXPECT_FALSE(pass.recordings().map);
    EXPECT_TRUE(pass.odometry().empty());
    std::optional<CostmapResult> costmap;
    std::vector<std::string> notes;
    pass.finishCostmap(costmap, notes);
    EXPECT_FALSE(costmap);
    EXPECT_TRUE(notes.empty());
    EXPECT_EQ(pass.statistics().health().size(), 2U);  // both topics
}

TEST(BagPass, AWrongTypeOnAChosenTopicFailsTheRead) {
    const fs::path bag = writePassBag(test::scratchDir("bag-pass-remap"));
    auto source = bag::openBag(bag.string());
    ASSERT_TRUE(source.ok()) << source.message();
    pipeline::Pipeline pipe;
    pipeline::Remaps remaps;
    remaps.add("/scan", "/amcl_pose");  // a pose is no LaserScan
    pipe.setRemaps(remaps);
    auto setup = setUpRun((*source)->topics(), remaps, EvaluateOptions{});
    ASSERT_TRUE(setup.ok()) << setup.message();
    BagPass pass(*setup, PassWants{}, bag.string(), pipe);
    auto result = pass.run(pipe, std::move(*source));
    ASSERT_FALSE(result.ok());
    EXPECT_NE(result.message().find("/amcl_pose"), std::string::npos) << result.message();
}

}  // namespace
}  // namespace robometrics::evaluate
