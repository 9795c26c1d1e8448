// CloudSensors in the bag pass: a Velodyne-like cloud placed through /tf_static gives the
// footprint's clearance and a collision from its first close cloud to its last (times by hand);
// clouds that are not a range sensor's (by name, by frame, without a transform) are listed with why.

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>

#include "CloudMessages.hpp"
#include "TestSupport.hpp"
#include "robometrics/bag/TypedWriter.hpp"
#include "robometrics/evaluate/BagPass.hpp"
#include "robometrics/evaluate/CloudSensors.hpp"
#include "robometrics/evaluate/CoreChecks.hpp"
#include "robometrics/evaluate/EvaluationHeadlines.hpp"

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
    EXPECT_EQ(lio->unplaced, 50U);  // in odom, and no /tf places it
    EXPECT_EQ(lio->why,
              "no transform (/tf_static or /tf) from its frame 'odom' to base_footprint or base_link: its points "
              "cannot be placed on the robot");
    const CloudUse *camera = useOf(result->clouds, "/camera/points");
    ASSERT_TRUE(camera);
    EXPECT_FALSE(camera->used);
    EXPECT_EQ(camera->unplaced, 50U);
    EXPECT_EQ(camera->why,
              "no transform (/tf_static or /tf) from its frame 'camera_link' to base_footprint or base_link: its "
              "points cannot be placed on the robot");
    EXPECT_EQ(velodyne->transform, "tf_static");
    EXPECT_EQ(velodyne->held, 0U);
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
    // A cloud in a world frame (a deskewed or registered sweep) is placed through /tf at its stamp.
    EXPECT_TRUE(cloudFrameRule("map").empty());
    EXPECT_TRUE(cloudFrameRule("robot1/odom").empty());
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

/// /tf odom -> base_footprint at 10 Hz from 0 to 3.0 s: the robot drives along odom's x at
/// 1 m/s, turned 90 degrees (its x is odom's y), at x = t. Clouds at 10 Hz stamped and logged
/// 0.05 s after each sample (k = 0..49, stamp s = 0.1 k + 0.05 s, between two samples: x
/// interpolated to exactly s): /odom_points in odom and /base_points in base_footprint hold the
/// same point, d ahead of the robot and 0.5 m up: (s, d, 0.5) in odom, (d, 0, 0.5) in the base;
/// d = 0.25 m (clearance 0.15 m, a contact) for k = 20..30, else 1.0 m (clearance 0.9 m).
/// k = 30 (3.05 s) is 0.05 s past the last sample: placed with it held; k = 31..49 (3.15 s on) are
/// beyond the 0.1 s tolerance: no transform, 19 clouds skipped.
fs::path writeMovingBag(const fs::path &dir) {
    const fs::path bag = dir / "moving.mcap";
    auto writer = bag::TypedWriter::open(bag.string());
    EXPECT_TRUE(writer.ok()) << writer.message();
    const Eigen::Quaterniond yaw(Eigen::AngleAxisd(M_PI / 2, Eigen::Vector3d::UnitZ()));
    for (int k = 0; k < 50; ++k) {
        const TimeNs sample = kCloudStart + TimeNs{k} * 100'000'000;
        if (k <= 30) {
            msgs::TFMessage tf;
            msgs::TransformStamped odom_T_base;
            odom_T_base.header = {msgs::Time::fromNs(sample), "odom"};
            odom_T_base.child_frame_id = "base_footprint";
            odom_T_base.transform.translation = {0.1 * k, 0, 0};
            odom_T_base.transform.rotation = {yaw.x(), yaw.y(), yaw.z(), yaw.w()};
            tf.transforms = {odom_T_base};
            EXPECT_TRUE(writer->write("/tf", tf, sample).ok());
        }
        const TimeNs t = sample + 50'000'000;
        const double s = 0.1 * k + 0.05;
        const float d = k >= 20 && k <= 30 ? 0.25f : 1.0f;
        msgs::PointCloud2 in_odom =
            test::makeCloud({{static_cast<float>(s), d, 0.5f}}, {test::CloudLayoutKind::Xyz, 0, 0, false, "odom"});
        in_odom.header.stamp = msgs::Time::fromNs(t);
        EXPECT_TRUE(writer->write("/odom_points", in_odom, t).ok());
        msgs::PointCloud2 in_base =
            test::makeCloud({{d, 0, 0.5f}}, {test::CloudLayoutKind::Xyz, 0, 0, false, "base_footprint"});
        in_base.header.stamp = msgs::Time::fromNs(t);
        EXPECT_TRUE(writer->write("/base_points", in_base, t).ok());
    }
    EXPECT_TRUE(writer->close().ok());
    return bag;
}

TEST(CloudSensors, ACloudInOdomOnAMovingBaseGivesTheClearanceOfTheSamePointsInTheBase) {
    const Result<PassResult> result = cloudPass(writeMovingBag(test::scratchDir("cloud-sensors-moving")));
    ASSERT_TRUE(result.ok()) << result.message();
    ASSERT_EQ(result->scanners.size(), 2U);
    const ScannerResult *in_odom = nullptr, *in_base = nullptr;
    for (const ScannerResult &s : result->scanners) (s.topic == "/odom_points" ? in_odom : in_base) = &s;
    ASSERT_TRUE(in_odom && in_base);
    EXPECT_EQ(in_base->summary.scans, 50U);
    EXPECT_EQ(in_odom->summary.scans, 31U);
    EXPECT_NEAR(in_base->summary.min_clearance_m, 0.15, 1e-6);
    EXPECT_NEAR(in_odom->summary.min_clearance_m, 0.15, 1e-6);
    for (const ScannerResult *s : {in_odom, in_base}) {
        ASSERT_EQ(s->summary.episodes.size(), 1U) << s->topic;
        EXPECT_EQ(s->summary.episodes[0].start, kCloudStart + 2'050'000'000) << s->topic;
        EXPECT_EQ(s->summary.episodes[0].end, kCloudStart + 3'050'000'000) << s->topic;
        EXPECT_EQ(s->summary.episodes[0].scans, 11U) << s->topic;
    }
    // The mean over its 31 clouds: 20 at 0.9 m, 10 at 0.15 m, and the held one (k = 30): placed
    // with the sample of 3.0 s, the robot is taken 0.05 m behind where it was at 3.05 s, so the
    // point reads at (0.25, -0.05) in the base: hypot(0.25, 0.05) - 0.1 = 0.1550 m.
    EXPECT_NEAR(in_odom->summary.mean_clearance_m, (20 * 0.9 + 10 * 0.15 + (std::hypot(0.25, 0.05) - 0.1)) / 31, 1e-6);

    const CloudUse *odom = useOf(result->clouds, "/odom_points");
    ASSERT_TRUE(odom);
    EXPECT_TRUE(odom->used);
    EXPECT_EQ(odom->base_frame, "base_footprint");
    EXPECT_EQ(odom->transform, "tf");
    EXPECT_EQ(odom->clouds, 31U);
    EXPECT_EQ(odom->held, 1U);       // 3.05 s, 0.05 s after the last sample
    EXPECT_EQ(odom->unplaced, 19U);  // 3.15 s on: never used untransformed
    EXPECT_NE(odom->transform_error.find("base_footprint"), std::string::npos) << odom->transform_error;
    const CloudUse *base = useOf(result->clouds, "/base_points");
    ASSERT_TRUE(base);
    EXPECT_EQ(base->transform, "none");
    EXPECT_EQ(base->unplaced, 0U);
}

TEST(CloudSensors, ACloudWhoseTransformNeverCoversItsStampIsNotUsedAndSaysWhy) {
    traversal::CloudFootprint shape;
    bag::TopicInfo topic;
    topic.name = "/points";
    topic.type = "sensor_msgs/msg/PointCloud2";
    CloudSensors sensors({topic}, {}, shape);
    msgs::TFMessage tf;
    msgs::TransformStamped odom_T_base;
    odom_T_base.header = {msgs::Time::fromNs(kCloudStart), "odom"};
    odom_T_base.child_frame_id = "base_link";
    odom_T_base.transform.rotation.w = 1;
    tf.transforms = {odom_T_base};
    sensors.addTf(tf, false, kCloudStart);
    // Stamped 1 s after the only sample, far beyond the 0.1 s tolerance.
    msgs::PointCloud2 cloud = test::makeCloud({{1, 0, 0.5f}}, {test::CloudLayoutKind::Xyz, 0, 0, false, "odom"});
    cloud.header.stamp = msgs::Time::fromNs(kCloudStart + kNsPerSecond);
    sensors.add(0, cloud, kCloudStart + kNsPerSecond);
    sensors.finish();
    EXPECT_TRUE(sensors.results().empty());
    const std::vector<CloudUse> uses = sensors.uses();
    ASSERT_EQ(uses.size(), 1U);
    EXPECT_FALSE(uses[0].used);
    EXPECT_EQ(uses[0].unplaced, 1U);
    EXPECT_EQ(uses[0].transform, "tf");
    EXPECT_EQ(uses[0].why.rfind("no transform from its frame 'odom' to base_link at its clouds' stamps (", 0), 0U)
        << uses[0].why;
}

bag::TopicInfo cloudTopic(const std::string &name) {
    bag::TopicInfo topic;
    topic.name = name;
    topic.type = "sensor_msgs/msg/PointCloud2";
    return topic;
}

// The self-filter box x -0.3..0.3, y -0.2..0.2, z 0..1.3 m (a mast) in base_link, band 0.1..2.0 m.
// /points, per cloud: (0.1, 0, 0.5) in the box; (0.25, 0, 1.5) above it, in the band (clearance
// 0.15 m); (1.0, 0, 0.05) in the box's z range but ahead of it, below the band; (0, 0, 0) and a NaN
// are no return. Two clouds: 6 returns, 2 removed by the box (33.3 %), 2 in the band.
// /mast_points: (0.1, 0, 0.5) and (0.1, 0.1, 0.6) in the box, (0.25, 0, 1.5) not: 2 of 3 removed,
// more than half, a caveat.
TEST(CloudSensors, TheSelfFiltersRemovedReturnsAreCountedAndABoxRemovingMostIsACaveat) {
    traversal::CloudFootprint shape;
    shape.self_filter = traversal::CropBox{-0.3, 0.3, -0.2, 0.2, 0.0, 1.3};
    CloudSensors sensors({cloudTopic("/points"), cloudTopic("/mast_points")}, {}, shape);
    const test::CloudShape in_base{test::CloudLayoutKind::Xyz, 0, 0, false, "base_link"};
    const float nan = std::numeric_limits<float>::quiet_NaN();
    for (TimeNs t : {1, 2}) {
        sensors.add(
            0, test::makeCloud({{0.1f, 0, 0.5f}, {0.25f, 0, 1.5f}, {1.0f, 0, 0.05f}, {0, 0, 0}, {nan, 0, 0}}, in_base),
            t);
    }
    sensors.add(1, test::makeCloud({{0.1f, 0, 0.5f}, {0.1f, 0.1f, 0.6f}, {0.25f, 0, 1.5f}}, in_base), 1);

    const std::vector<CloudUse> uses = sensors.uses();
    ASSERT_EQ(uses.size(), 2U);
    EXPECT_TRUE(uses[0].self_filter);
    EXPECT_EQ(uses[0].returns, 6U);
    EXPECT_EQ(uses[0].self_filtered, 2U);
    EXPECT_EQ(uses[0].in_band, 2U);
    EXPECT_EQ(selfFilterSummary(uses[0]),
              "the self-filter box removed 2 of 6 returns (33.3 %), 2 left in the height band");
    EXPECT_EQ(uses[1].returns, 3U);
    EXPECT_EQ(uses[1].self_filtered, 2U);
    EXPECT_EQ(uses[1].in_band, 1U);
    const std::vector<ScannerResult> results = sensors.results();
    ASSERT_EQ(results.size(), 2U);
    EXPECT_NEAR(results[0].summary.min_clearance_m, 0.15, 1e-6);

    const std::vector<std::string> caveats = selfFilterCaveats(uses);
    ASSERT_EQ(caveats.size(), 1U);
    EXPECT_EQ(caveats[0],
              "point cloud /mast_points: the self-filter box removed 2 of 3 returns (66.7 %), 1 left in the height "
              "band: a box larger than the robot's body hides real obstacles (check self_filter.min_x .. "
              "self_filter.max_z against the robot)");

    // The sensors list says what the box did, after what read the cloud.
    Evaluation e;
    e.scanners = results;
    e.clouds = uses;
    const std::vector<SensorUse> listed = sensorUses({cloudTopic("/points")}, e);
    ASSERT_EQ(listed.size(), 1U);
    EXPECT_EQ(listed[0].why,
              "collisions and clearance; the self-filter box removed 2 of 6 returns (33.3 %), 2 left in the height "
              "band");
}

TEST(CloudSensors, WithoutASelfFilterNothingIsSaidOfIt) {
    CloudSensors sensors({cloudTopic("/points")}, {}, traversal::CloudFootprint{});
    sensors.add(
        0, test::makeCloud({{0.1f, 0, 0.5f}, {1.0f, 0, 0.05f}}, {test::CloudLayoutKind::Xyz, 0, 0, false, "base_link"}),
        1);
    const std::vector<CloudUse> uses = sensors.uses();
    ASSERT_EQ(uses.size(), 1U);
    EXPECT_FALSE(uses[0].self_filter);
    EXPECT_EQ(uses[0].returns, 2U);
    EXPECT_EQ(uses[0].self_filtered, 0U);
    EXPECT_EQ(uses[0].in_band, 1U);
    EXPECT_EQ(selfFilterSummary(uses[0]), "");
    EXPECT_TRUE(selfFilterCaveats(uses).empty());
}

// A cloud all of whose returns the box removed has no clearance: the text says so, not "nan m".
TEST(CloudSensors, ACloudWithoutAReturnInTheBandHasNoMinimumClearanceInTheText) {
    traversal::CloudFootprint shape;
    shape.self_filter = traversal::CropBox{-5, 5, -5, 5, -5, 5};
    CloudSensors sensors({cloudTopic("/points")}, {}, shape);
    sensors.add(0, test::makeCloud({{0.5f, 0, 0.5f}}, {test::CloudLayoutKind::Xyz, 0, 0, false, "base_link"}), 1);
    Evaluation e;
    e.scanners = sensors.results();
    e.clouds = sensors.uses();
    const std::string text = evaluationHeadlines(e, "out");
    EXPECT_NE(text.find("scanners: /points 0 collision(s), min clearance none (no return in the height band)"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("nan"), std::string::npos) << text;
}

}  // namespace
}  // namespace robometrics::evaluate
