#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "CloudMessages.hpp"
#include "robometrics/traversal/CloudClearance.hpp"

namespace robometrics::traversal {
namespace {

using test::CloudLayoutKind;
using test::CloudPoint3;
using test::CloudShape;
using test::makeCloud;

/// The lidar 0.4 m above the base frame, axes aligned (the simulated rover's lidar_link).
Eigen::Isometry3d mastAt(double x, double y, double z, double yaw = 0) {
    Eigen::Isometry3d t = Eigen::Isometry3d::Identity();
    t.translation() = Eigen::Vector3d(x, y, z);
    t.linear() = Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()).toRotationMatrix();
    return t;
}

CloudFootprint rectangle() {
    CloudFootprint f;
    f.footprint = {{0.5, 0.3}, {0.5, -0.3}, {-0.5, -0.3}, {-0.5, 0.3}};
    return f;
}

TEST(CloudClearance, APointAtAKnownPlaceGivesItsDistanceToTheCircle) {
    // Sensor (1, 0, 0.5) -> base (1, 0, 0.9): 1 m from the centre, 0.9 m from the 0.1 m circle.
    const auto c = cloudClearance(makeCloud({{1.0f, 0, 0.5f}}), mastAt(0, 0, 0.4), CloudFootprint{});
    ASSERT_TRUE(c.ok()) << c.message();
    ASSERT_TRUE(c->clearance);
    EXPECT_NEAR(*c->clearance, 0.9, 1e-9);
    EXPECT_EQ(c->points, 1u);
    EXPECT_EQ(c->returns, 1u);
    EXPECT_EQ(c->in_band, 1u);
    EXPECT_NEAR(c->nearest.z(), 0.9, 1e-9);
}

TEST(CloudClearance, TheNearestOfSeveralPointsCountsThroughARotatedMount) {
    // A side-looking lidar (yaw +90 deg) at (-0.2, 0, 0.3): sensor (1, 0, 0) is base (-0.2, 1, 0.3),
    // sqrt(0.04 + 1) = 1.0198039 m from the centre; sensor (3, 0, 0) is base (-0.2, 3, 0.3).
    const auto c = cloudClearance(makeCloud({{3.0f, 0, 0}, {1.0f, 0, 0}}), mastAt(-0.2, 0, 0.3, std::numbers::pi / 2),
                                  CloudFootprint{});
    ASSERT_TRUE(c.ok()) << c.message();
    ASSERT_TRUE(c->clearance);
    EXPECT_NEAR(*c->clearance, std::sqrt(1.04) - 0.1, 1e-6);
    EXPECT_NEAR(c->nearest.x(), -0.2, 1e-6);
    EXPECT_NEAR(c->nearest.y(), 1.0, 1e-6);
}

TEST(CloudClearance, PointsOutsideTheHeightBandAndNoReturnsAreIgnored) {
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    // Base z = sensor z + 0.4: 2.1 (above the 2.0 m band), 0.05 (below 0.1 m: the ground), then
    // NaN, +inf, -inf and (0, 0, 0): no return. Only (3, 4, 0) -> base (3, 4, 0.4) remains: 5 - 0.1.
    const std::vector<CloudPoint3> points{{0.3f, 0, 1.7f}, {0.2f, 0, -0.35f}, {nan, nan, nan}, {inf, 0, 0},
                                          {0.1f, -inf, 0}, {0, 0, 0},         {3.0f, 4.0f, 0}};
    const auto c = cloudClearance(makeCloud(points), mastAt(0, 0, 0.4), CloudFootprint{});
    ASSERT_TRUE(c.ok()) << c.message();
    EXPECT_EQ(c->points, 7u);
    EXPECT_EQ(c->returns, 3u);
    EXPECT_EQ(c->in_band, 1u);
    ASSERT_TRUE(c->clearance);
    EXPECT_NEAR(*c->clearance, 4.9, 1e-6);
}

TEST(CloudClearance, ACloudWithNothingInTheBandHasNoClearance) {
    const auto c = cloudClearance(makeCloud({{1.0f, 0, 2.0f}}), mastAt(0, 0, 0.4), CloudFootprint{});
    ASSERT_TRUE(c.ok());
    EXPECT_FALSE(c->clearance);
    const auto empty = cloudClearance(makeCloud({}), mastAt(0, 0, 0.4), CloudFootprint{});
    ASSERT_TRUE(empty.ok()) << empty.message();
    EXPECT_FALSE(empty->clearance);
    EXPECT_EQ(empty->points, 0u);
}

TEST(CloudClearance, APolygonFootprintMeasuresToItsNearestEdgeAndIsZeroInside) {
    const Eigen::Isometry3d at_base = mastAt(0, 0, 0);
    // Base (0.7, 0.1, 0.5): 0.2 m ahead of the front edge x = 0.5.
    auto c = cloudClearance(makeCloud({{0.7f, 0.1f, 0.5f}}), at_base, rectangle());
    ASSERT_TRUE(c.ok() && c->clearance);
    EXPECT_NEAR(*c->clearance, 0.2, 1e-6);
    // Base (0.8, 0.6): off the corner (0.5, 0.3) by (0.3, 0.3).
    c = cloudClearance(makeCloud({{0.8f, 0.6f, 0.5f}}), at_base, rectangle());
    ASSERT_TRUE(c.ok() && c->clearance);
    EXPECT_NEAR(*c->clearance, std::hypot(0.3, 0.3), 1e-6);
    // Behind (-0.6, 0): 0.1 m from the rear edge, after a far point was taken first.
    c = cloudClearance(makeCloud({{5.0f, 5.0f, 0.5f}, {-0.6f, 0, 0.5f}}), at_base, rectangle());
    ASSERT_TRUE(c.ok() && c->clearance);
    EXPECT_NEAR(*c->clearance, 0.1, 1e-6);
    // Inside the footprint: 0.
    c = cloudClearance(makeCloud({{2.0f, 0, 0.5f}, {0.2f, 0.1f, 0.5f}}), at_base, rectangle());
    ASSERT_TRUE(c.ok() && c->clearance);
    EXPECT_EQ(*c->clearance, 0.0);
    // Inside the circle: 0 as well.
    c = cloudClearance(makeCloud({{0.05f, 0, 0.5f}}), at_base, CloudFootprint{});
    ASSERT_TRUE(c.ok() && c->clearance);
    EXPECT_EQ(*c->clearance, 0.0);
}

TEST(CloudClearance, OrganizedUnorganizedDriverLayoutsAndByteOrdersAgree) {
    std::vector<CloudPoint3> points;
    for (int i = 0; i < 12; ++i) {
        points.push_back({0.4f + 0.25f * float(i), 0.3f * float(i % 3) - 0.3f, 0.1f * float(i % 4)});
    }
    points[5] = {std::numeric_limits<float>::quiet_NaN(), 0, 0};  // a no-return inside the grid
    const Eigen::Isometry3d mount = mastAt(0.1, 0, 0.4, 0.3);
    const auto reference = cloudClearance(makeCloud(points), mount, rectangle());
    ASSERT_TRUE(reference.ok() && reference->clearance);
    const CloudShape shapes[] = {
        {CloudLayoutKind::Xyz, 4, 0, false, "l"},      {CloudLayoutKind::Xyz, 3, 6, false, "l"},
        {CloudLayoutKind::Velodyne, 0, 0, false, "l"}, {CloudLayoutKind::Velodyne, 6, 2, false, "l"},
        {CloudLayoutKind::Ouster, 4, 0, false, "l"},   {CloudLayoutKind::Xyz, 0, 0, true, "l"},
        {CloudLayoutKind::Ouster, 3, 8, true, "l"},
    };
    for (const CloudShape &shape : shapes) {
        const msgs::PointCloud2 cloud = makeCloud(points, shape);
        const auto c = cloudClearance(cloud, mount, rectangle());
        ASSERT_TRUE(c.ok()) << c.message();
        ASSERT_TRUE(c->clearance);
        EXPECT_EQ(*c->clearance, *reference->clearance) << cloud.height << " x " << cloud.width;
        EXPECT_EQ(c->returns, 11u);
        EXPECT_EQ(c->in_band, reference->in_band);
    }
}

TEST(CloudClearance, AMalformedLayoutIsAnErrorNamingWhatIsWrong) {
    msgs::PointCloud2 c = makeCloud({{1, 0, 0}});
    c.fields.pop_back();
    EXPECT_EQ(cloudClearance(c, mastAt(0, 0, 0), {}).message(), "PointCloud2 has no field 'z' (fields: x, y)");
    c = makeCloud({{1, 0, 0}});
    c.fields[0].datatype = msgs::PointField::FLOAT64;
    EXPECT_EQ(cloudClearance(c, mastAt(0, 0, 0), {}).message(),
              "PointCloud2 field 'x' has datatype 8, expected FLOAT32 (7)");
    c = makeCloud({{1, 0, 0}});
    c.fields[2].offset = 10;
    EXPECT_EQ(cloudClearance(c, mastAt(0, 0, 0), {}).message(),
              "PointCloud2 field 'z' at offset 10 does not fit in point_step 12");
    c = makeCloud({{1, 0, 0}, {2, 0, 0}});
    c.data.resize(20);
    EXPECT_EQ(cloudClearance(c, mastAt(0, 0, 0), {}).message(),
              "PointCloud2 data holds 20 bytes, its 1 x 2 points of 12 bytes need 24");
    c = makeCloud({{1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}}, {CloudLayoutKind::Xyz, 2, 0, false, "l"});
    c.row_step = 20;
    EXPECT_EQ(cloudClearance(c, mastAt(0, 0, 0), {}).message(),
              "PointCloud2 row_step 20 is shorter than width 2 x point_step 12");
    // A huge width with little data is refused before any point is read.
    c = makeCloud({{1, 0, 0}});
    c.width = 4'000'000'000u;
    EXPECT_FALSE(cloudClearance(c, mastAt(0, 0, 0), {}).ok());
}

/// A mast at (-0.2, 0, 0.3..1.2) and an arm over the front (0.25, 0.1, 0.5) of a robot whose
/// lidar is 0.4 m up; a wall point 1.5 m ahead. Unfiltered, the mast is nearest (0.2 m from the
/// centre: 0.1 m from the 0.1 m circle, a contact); with the box -0.3..0.3 x -0.2..0.2 x 0..1.3
/// around the body, the mast's two points and the arm are filtered out and the wall is nearest
/// (1.5 - 0.1 = 1.4 m).
TEST(CloudClearance, TheSelfFilterBoxDropsTheRobotsOwnBody) {
    const msgs::PointCloud2 cloud =
        makeCloud({{-0.2f, 0, -0.1f}, {-0.2f, 0, 0.8f}, {0.25f, 0.1f, 0.1f}, {1.5f, 0, 0.1f}});
    const Eigen::Isometry3d lidar = mastAt(0, 0, 0.4);
    auto open = cloudClearance(cloud, lidar, CloudFootprint{});
    ASSERT_TRUE(open.ok()) << open.message();
    EXPECT_NEAR(*open->clearance, 0.1, 1e-6);
    EXPECT_EQ(open->self, 0u);
    CloudFootprint filtered;
    filtered.self_filter = CropBox{-0.3, 0.3, -0.2, 0.2, 0.0, 1.3};
    auto c = cloudClearance(cloud, lidar, filtered);
    ASSERT_TRUE(c.ok()) << c.message();
    ASSERT_TRUE(c->clearance);
    EXPECT_NEAR(*c->clearance, 1.4, 1e-6);
    EXPECT_EQ(c->returns, 4u);
    EXPECT_EQ(c->self, 3u);
    EXPECT_EQ(c->in_band, 1u);
    // The box bounds are inclusive: a point on its face is the robot's.
    filtered.self_filter->max_x = 1.5;
    c = cloudClearance(cloud, lidar, filtered);
    EXPECT_EQ(c->self, 4u);
    EXPECT_FALSE(c->clearance);
}

TEST(CloudClearance, TheSelfFilterBoxComesFromCropBoxParameters) {
    Params off;
    EXPECT_FALSE(CloudFootprint::fromParams(off).value().self_filter);
    Params p;
    ASSERT_TRUE(p.applyOverrides({"self_filter.min_x:=-0.3", "self_filter.max_x:=0.3", "self_filter.min_y:=-0.2",
                                  "self_filter.max_y:=0.2", "self_filter.min_z:=0", "self_filter.max_z:=1.3"})
                    .ok());
    const CloudFootprint f = CloudFootprint::fromParams(p).value();
    ASSERT_TRUE(f.self_filter);
    EXPECT_DOUBLE_EQ(f.self_filter->min_x, -0.3);
    EXPECT_DOUBLE_EQ(f.self_filter->max_z, 1.3);
    EXPECT_EQ(f.describe(), "circle of radius 0.10 m, self-filter box x -0.3..0.3, y -0.2..0.2, z 0..1.3 m");
    Params half;  // a box given in part is empty along the axes left out: an error naming them
    ASSERT_TRUE(half.applyOverrides({"self_filter.min_x:=-0.3", "self_filter.max_x:=0.3"}).ok());
    EXPECT_NE(CloudFootprint::fromParams(half).message().find("'self_filter.min_y' (0) and 'self_filter.max_y' (0)"),
              std::string::npos)
        << CloudFootprint::fromParams(half).message();
}

TEST(CloudClearance, FootprintAndBandComeFromNav2Parameters) {
    Params p;
    p.set("footprint", "[[0.5, 0.3], [0.5, -0.3], [-0.5, -0.3], [-0.5, 0.3]]");
    p.set("min_obstacle_height", "0.05");
    auto f = CloudFootprint::fromParams(p);
    ASSERT_TRUE(f.ok()) << f.message();
    EXPECT_EQ(f->footprint.size(), 4u);
    EXPECT_EQ(f->footprint[1][1], -0.3);
    EXPECT_EQ(f->min_obstacle_height, 0.05);
    EXPECT_EQ(f->max_obstacle_height, 2.0);
    EXPECT_EQ(f->describe(), "polygon of 4 vertices");
    EXPECT_EQ(CloudFootprint{}.describe(), "circle of radius 0.10 m");

    EXPECT_TRUE(parseFootprint("[]").ok());
    EXPECT_TRUE(parseFootprint("[]")->empty());
    EXPECT_EQ(parseFootprint("[[1, 2], [3, 4]]").message(),
              "parameter 'footprint': a polygon needs at least 3 points, got 2");
    EXPECT_EQ(parseFootprint("[[1, 2], [3]]").message(),
              "parameter 'footprint': expected [x, y] pairs, got an odd count of numbers");
    EXPECT_EQ(parseFootprint("[[1, 2], [3, x]]").message(), "parameter 'footprint': expected a number at 'x]]'");
    EXPECT_EQ(parseFootprint("[[1, 2]").message(), "parameter 'footprint': a '[' without its ']'");
    Params bad;
    bad.set("max_obstacle_height", "0.0");
    EXPECT_NE(CloudFootprint::fromParams(bad).message().find("'max_obstacle_height'"), std::string::npos);
    Params radius;
    radius.set("robot_radius", "-1");
    EXPECT_EQ(CloudFootprint::fromParams(radius).message(),
              "parameter 'robot_radius': expected a distance of 0 m or more, got -1");
}

}  // namespace
}  // namespace robometrics::traversal
