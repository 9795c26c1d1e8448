#include <gtest/gtest.h>

#include <cmath>

#include "WholeRun.hpp"
#include "robometrics/sim/Simulator.hpp"

namespace robometrics::sim {

namespace {

const WholeRun &rearCollisionRun() {
    static const WholeRun run = runWhole("rear_collision");
    return run;
}

/// Seconds since the first tick of the scans on `topic` with a valid reading below 0.2 m.
std::vector<double> contactTimes(const std::string &topic) {
    std::vector<double> out;
    for (const SimOutput &o : rearCollisionRun().outputs) {
        if (topic != o.topic) continue;
        const auto &scan = std::get<msgs::LaserScan>(o.message);
        for (float r : scan.ranges) {
            if (std::isfinite(r) && r >= scan.range_min && r < 0.2f) {
                out.push_back(static_cast<double>(o.time - kDefaultStartTime) * 1e-9);
                break;
            }
        }
    }
    return out;
}

}  // namespace

TEST(TwoScanners, FrontAndRearScansReplaceTheSingleScan) {
    const WholeRun &r = rearCollisionRun();
    std::vector<std::string> scans;
    for (const SimTopic &t : r.topics)
        if (t.type == "sensor_msgs/msg/LaserScan") scans.push_back(t.name);
    EXPECT_EQ(scans, (std::vector<std::string>{"/scan_front", "/scan_rear"}));
    int front = 0, rear = 0;
    const msgs::TFMessage *statics = nullptr;
    for (const SimOutput &o : r.outputs) {
        const std::string topic = o.topic;
        if (topic == "/scan_front") {
            ++front;
            const auto &s = std::get<msgs::LaserScan>(o.message);
            EXPECT_EQ(s.header.frame_id, "base_scan_front");
            EXPECT_EQ(s.ranges.size(), 540u);
            EXPECT_NEAR(s.angle_min, -0.75 * kPi, 1e-6);  // 270 degrees centred ahead
        }
        if (topic == "/scan_rear") ++rear;
        if (topic == "/tf_static") statics = &std::get<msgs::TFMessage>(o.message);
    }
    EXPECT_EQ(front, 200);  // 5 Hz for the 40 s default
    EXPECT_EQ(rear, 200);
    ASSERT_NE(statics, nullptr);
    bool rear_frame = false;
    for (const auto &tf : statics->transforms) {
        EXPECT_NE(tf.child_frame_id, "base_scan");  // no LDS-01
        if (tf.child_frame_id == "base_scan_rear") {
            rear_frame = true;
            EXPECT_DOUBLE_EQ(tf.transform.translation.x, -0.15);
            EXPECT_NEAR(std::abs(tf.transform.rotation.z), 1.0, 1e-12);  // turned by pi: looks backwards
        }
    }
    EXPECT_TRUE(rear_frame);
}

TEST(TwoScanners, OnlyTheRearScannerSeesTheWallTheRobotBacksInto) {
    // By the script: backing up at 0.15 m/s from x = 2.5 at 3 s, the rear scanner (x - 0.15)
    // comes within 0.2 m of the wall face (x = 0.1) after 2.05 m, at 3 + 2.05 / 0.15 = 16.67 s
    // (a beam's noise may read 1-2 cm short: a scan or two earlier); the backup ends after 2.15 m
    // (17.33 s), the robot waits 4 s and drives off east at 2.5 m/s^2 to 0.26 m/s: 0.1 m later (the goal
    // starts at 21.36 s), by about 21.8 s, the scanner is clear again.
    EXPECT_TRUE(contactTimes("/scan_front").empty());
    const std::vector<double> rear = contactTimes("/scan_rear");
    ASSERT_FALSE(rear.empty());
    EXPECT_GE(rear.front(), 16.2);
    EXPECT_LE(rear.front(), 16.8);
    EXPECT_GE(rear.back(), 21.4);
    EXPECT_LE(rear.back(), 22.0);
    // The truth event is exactly that stretch, on the rear topic, and the only collision.
    int collisions = 0;
    for (const Event &e : rearCollisionRun().events) {
        if (e.type != "collision") {
            EXPECT_NE(e.type, "close_pass");  // no single-origin clearance events on this robot
            continue;
        }
        ++collisions;
        EXPECT_EQ(e.anomaly, "collision");
        EXPECT_EQ(e.details["topic"], "/scan_rear");
        EXPECT_DOUBLE_EQ(e.t_start, rear.front());
        EXPECT_DOUBLE_EQ(e.t_end, rear.back());
    }
    EXPECT_EQ(collisions, 1);
}

}  // namespace robometrics::sim
