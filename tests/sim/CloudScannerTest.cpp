// cloud_collision: a 3-D lidar replaces the LDS-01; the truth of its collision is the footprint's
// geometric clearance (evaluate finds it on the clouds: EvaluateTruthProfiles.cloud_collision).

#include <gtest/gtest.h>

#include <cmath>

#include "WholeRun.hpp"
#include "robometrics/sim/CloudScanner.hpp"
#include "robometrics/sim/Simulator.hpp"

namespace robometrics::sim {

namespace {

const WholeRun &cloudCollisionRun() {
    static const WholeRun run = runWhole("cloud_collision");
    return run;
}

}  // namespace

TEST(CloudScanner, AVelodyneCloudReplacesTheScan) {
    const WholeRun &r = cloudCollisionRun();
    for (const SimTopic &t : r.topics) EXPECT_NE(t.type, "sensor_msgs/msg/LaserScan") << t.name;
    int clouds = 0;
    const msgs::TFMessage *statics = nullptr;
    for (const SimOutput &o : r.outputs) {
        const std::string topic = o.topic;
        EXPECT_NE(topic, "/scan");
        if (topic == CloudScanner::kTopic) {
            const auto &c = std::get<msgs::PointCloud2>(o.message);
            if (clouds++ == 0) {
                EXPECT_EQ(c.header.frame_id, "velodyne");
                EXPECT_EQ(c.height, 16u);
                EXPECT_EQ(c.width, 360u);
            }
        }
        if (topic == "/tf_static") statics = &std::get<msgs::TFMessage>(o.message);
    }
    EXPECT_EQ(clouds, 200);  // 10 Hz for the 20 s default
    ASSERT_NE(statics, nullptr);
    bool velodyne = false;
    for (const auto &tf : statics->transforms) {
        EXPECT_NE(tf.child_frame_id, "base_scan");  // no LDS-01
        if (tf.child_frame_id != "velodyne") continue;
        velodyne = true;
        EXPECT_EQ(tf.header.frame_id, "base_link");
        EXPECT_NEAR(tf.transform.translation.z, 0.29, 1e-12);  // 0.3 m above base_footprint
    }
    EXPECT_TRUE(velodyne);
}

TEST(CloudScanner, TheTrueCollisionIsTheFootprintWithin0p2mOfTheWall) {
    const WholeRun &r = cloudCollisionRun();
    std::vector<const Event *> collisions;
    for (const Event &e : r.events)
        if (e.type == "collision") collisions.push_back(&e);
    ASSERT_EQ(collisions.size(), 1u);
    const Event &truth = *collisions[0];
    EXPECT_EQ(truth.details["topic"], CloudScanner::kTopic);
    EXPECT_EQ(truth.anomaly, "collision");
    // By the script: 0.8 m of the 0.85 m backing at 0.15 m/s after a 2 s wait, 7.33 s (the
    // drive's acceleration shifts it a little later); the robot drives off after its 4 s wait.
    EXPECT_NEAR(truth.t_start, 7.33, 0.2);
    EXPECT_GT(truth.t_end, 11.3);
    EXPECT_LT(truth.t_end, 12.5);
}

}  // namespace robometrics::sim
