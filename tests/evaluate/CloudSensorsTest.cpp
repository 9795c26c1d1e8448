// CloudSensors in the bag pass: a Velodyne-like cloud placed through /tf_static gives the
// footprint's clearance and a collision from its first close cloud to its last (times by hand);
// clouds that are not a range sensor's (by name, by frame, without a transform) are listed with why.

#include <gtest/gtest.h>

#include <filesystem>

#include "CloudMessages.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/evaluate/BagPass.hpp"
#include "robometrics/evaluate/CloudSensors.hpp"

namespace robometrics::evaluate {
namespace {

namespace fs = std::filesystem;

constexpr TimeNs kCloudStart = TimeNs{1'700'000'000} * kNsPerSecond;

msgs::TransformStamped staticLink(const std::string &parent, const std::string &child, double z) {
    msgs::TransformStamped t;
    t.header = {msgs::Time::fromNs(kCloudStart), parent};
    t.child_frame_id = child;
    t.transform.translation = {0, 0, z};
    t.transform.rotation.w = 1;
    return t;
}

/// Five seconds of clouds at 10 Hz. /velodyne_points (frame velodyne, 0.4 m above base_footprint
/// through base_link) sees a wall 1.0 m ahead, then 0.25 m ahead for the clouds at 2.0-3.0 s
/// (clearance 0.25 - 0.1 = 0.15 m from the default 0.1 m circle), then 1.0 m again; a ground
/// point 0.02 m above base_footprint is below the band. /groundgrid/filtered_cloud (a name of
/// ground segmentation), /lio/cloud (frame odom) and /camera/points (camera_link: no transform)
/// are not used.
fs::path writeCloudBag(const fs::path &dir, bool with_scan = false) {
    const fs::path bag = dir / "clouds.mcap";
    auto writer = bag::TypedWriter::open(bag.string());
    EXPECT_TRUE(writer.ok()) << writer.message();
    msgs::TFMessage statics;
    statics.transforms = {staticLink("base_footprint", "base_link", 0.1), staticLink("base_link", "velodyne", 0.3)};
    EXPECT_TRUE(writer->write("/tf_static", statics, kCloudStart).ok());
    for (int k = 0; k < 50; ++k) {
        const TimeNs t = kCloudStart + TimeNs{k} * 100'000'000;
        const float wall = k >= 20 && k <= 30 ? 0.25f : 1.0f;
        msgs::PointCloud2 cloud = test::makeCloud({{wall, 0, 0}, {1.0f, 0, -0.38f}, {0, 0, 0}},
                                                  {test::CloudLayoutKind::Velodyne, 0, 0, false, "velodyne"});
        cloud.header.stamp = msgs::Time::fromNs(t);
        EXPECT_TRUE(writer->write("/velodyne_points", cloud, t).ok());
        cloud.header.frame_id = "velodyne";
        EXPECT_TRUE(writer->write("/groundgrid/filtered_cloud", cloud, t).ok());
        cloud.header.frame_id = "odom";
        EXPECT_TRUE(writer->write("/lio/cloud", cloud, t).ok());
        cloud.header.frame_id = "camera_link";
        EXPECT_TRUE(writer->write("/camera/points", cloud, t).ok());
        if (with_scan) {
            msgs::LaserScan scan;
            scan.header = {msgs::Time::fromNs(t), "laser"};
            scan.angle_increment = 0.1f;
            scan.range_min = 0.05f;
            scan.range_max = 10.0f;
            scan.ranges = {1.0f};
            EXPECT_TRUE(writer->write("/scan", scan, t).ok());
        }
    }
    EXPECT_TRUE(writer->close().ok());
    return bag;
}

/// The bag pass over `bag` with the default setup: what the clouds gave.
Result<PassResult> cloudPass(const fs::path &bag) {
    auto source = bag::openBag(bag.string());
    if (!source) return source.error();
    pipeline::Pipeline pipe;
    auto setup = setUpRun((*source)->topics(), pipe.remaps(), EvaluateOptions{});
    if (!setup) return setup.error();
    BagPass pass(*setup, PassWants{}, bag.string(), pipe);
    return pass.run(pipe, std::move(*source));
}

const CloudUse *useOf(const std::vector<CloudUse> &uses, const std::string &topic) {
    for (const CloudUse &u : uses) {
        if (u.topic == topic) return &u;
    }
    return nullptr;
}

TEST(CloudSensors, ARangeCloudGivesClearanceAndACollisionFromFirstToLastCloud) {
    const Result<PassResult> result = cloudPass(writeCloudBag(test::scratchDir("cloud-sensors")));
    ASSERT_TRUE(result.ok()) << result.message();

    ASSERT_EQ(result->scanners.size(), 1U);
    const ScannerResult &points = result->scanners[0];
    EXPECT_EQ(points.topic, "/velodyne_points");
    EXPECT_EQ(points.sensor, "PointCloud2");
    EXPECT_EQ(points.summary.scans, 50U);
    EXPECT_NEAR(points.summary.min_clearance_m, 0.15, 1e-6);
    ASSERT_EQ(points.summary.episodes.size(), 1U);
    const traversal::CollisionEpisode &contact = points.summary.episodes[0];
    EXPECT_EQ(contact.start, kCloudStart + 2 * kNsPerSecond);
    EXPECT_EQ(contact.end, kCloudStart + 3 * kNsPerSecond);
    EXPECT_EQ(contact.scans, 11U);
    // Below min_safe_clearance (0.5 m) from 2.0 s to the first clear cloud at 3.1 s.
    EXPECT_NEAR(points.summary.time_low_clearance_s, 1.1, 1e-9);

    ASSERT_EQ(result->clouds.size(), 4U);
    const CloudUse *velodyne = useOf(result->clouds, "/velodyne_points");
    ASSERT_TRUE(velodyne);
    EXPECT_TRUE(velodyne->used);
    EXPECT_EQ(velodyne->frame, "velodyne");
    EXPECT_EQ(velodyne->base_frame, "base_footprint");
    EXPECT_EQ(velodyne->clouds, 50U);
    EXPECT_EQ(velodyne->footprint, "circle of radius 0.10 m, points 0.10 to 2.00 m above the base frame");
    const CloudUse *ground = useOf(result->clouds, "/groundgrid/filtered_cloud");
    ASSERT_TRUE(ground);
    EXPECT_FALSE(ground->used);
    EXPECT_EQ(ground->why,
              "named as a ground-segmentation output ('ground' in the name), not a range sensor's own cloud");
    const CloudUse *lio = useOf(result->clouds, "/lio/cloud");
    ASSERT_TRUE(lio);
    EXPECT_FALSE(lio->used);
    EXPECT_EQ(lio->why,
              "its clouds are in frame 'odom', fixed to the world, not to the robot: an accumulated or "
              "registered cloud, not a range sensor's own");
    const CloudUse *camera = useOf(result->clouds, "/camera/points");
    ASSERT_TRUE(camera);
    EXPECT_FALSE(camera->used);
    EXPECT_EQ(camera->unplaced, 50U);
    EXPECT_EQ(camera->why,
              "no static transform (/tf_static) from its frame 'camera_link' to base_footprint or "
              "base_link: its points cannot be placed on the robot");
}

TEST(CloudSensors, WithALaserScanTheCloudsClearanceIsListedAndTheScanJudges) {
    const Result<PassResult> result = cloudPass(writeCloudBag(test::scratchDir("cloud-sensors-scan"), true));
    ASSERT_TRUE(result.ok()) << result.message();
    ASSERT_EQ(result->scanners.size(), 2U);
    EXPECT_EQ(result->scanners[0].topic, "/scan");
    EXPECT_TRUE(result->scanners[0].judged);
    EXPECT_EQ(result->scanners[1].topic, "/velodyne_points");
    EXPECT_FALSE(result->scanners[1].judged);
    EXPECT_EQ(result->scanners[1].summary.episodes.size(), 1U);  // measured all the same
}

TEST(CloudSensors, NameAndFrameRules) {
    EXPECT_TRUE(cloudNameRule("/velodyne_points").empty());
    EXPECT_TRUE(cloudNameRule("/ouster/points").empty());
    EXPECT_TRUE(cloudNameRule("/livox/lidar").empty());
    EXPECT_TRUE(cloudNameRule("/camera/depth/color/points").empty());
    EXPECT_FALSE(cloudNameRule("/points_no_ground").empty());
    EXPECT_FALSE(cloudNameRule("/lio_sam/mapping/map_global").empty());
    EXPECT_FALSE(cloudNameRule("/cloud_registered").empty());
    EXPECT_FALSE(cloudNameRule("/points_downsampled").empty());
    EXPECT_FALSE(cloudNameRule("/local_costmap/voxel_marked_cloud").empty());
    EXPECT_TRUE(cloudFrameRule("os_sensor").empty());
    EXPECT_TRUE(cloudFrameRule("base_link").empty());
    EXPECT_FALSE(cloudFrameRule("map").empty());
    EXPECT_FALSE(cloudFrameRule("robot1/odom").empty());
    EXPECT_FALSE(cloudFrameRule("camera_init").empty());
    EXPECT_FALSE(cloudFrameRule("").empty());
}

TEST(CloudSensors, ACloudInTheBaseFrameNeedsNoTransformAndABadCloudIsCountedWithItsError) {
    traversal::CloudFootprint shape;
    bag::TopicInfo topic;
    topic.name = "/points";
    topic.type = "sensor_msgs/msg/PointCloud2";
    CloudSensors sensors({topic}, {}, shape);
    // In base_link itself: (0.25, 0, 0.5) is 0.15 m from the 0.1 m circle.
    sensors.add(0, test::makeCloud({{0.25f, 0, 0.5f}}, {test::CloudLayoutKind::Xyz, 0, 0, false, "base_link"}), 1);
    msgs::PointCloud2 bad = test::makeCloud({{1, 0, 0}}, {test::CloudLayoutKind::Xyz, 0, 0, false, "base_link"});
    bad.data.clear();
    sensors.add(0, bad, 2);
    const std::vector<ScannerResult> results = sensors.results();
    ASSERT_EQ(results.size(), 1U);
    EXPECT_NEAR(results[0].summary.min_clearance_m, 0.15, 1e-6);
    const std::vector<CloudUse> uses = sensors.uses();
    ASSERT_EQ(uses.size(), 1U);
    EXPECT_TRUE(uses[0].used);
    EXPECT_EQ(uses[0].base_frame, "base_link");
    EXPECT_EQ(uses[0].malformed, 1U);
    EXPECT_EQ(uses[0].first_error, "PointCloud2 data holds 0 bytes, its 1 x 1 points of 12 bytes need 12");
}

}  // namespace
}  // namespace robometrics::evaluate
