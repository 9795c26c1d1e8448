#include <gtest/gtest.h>

#include "robometrics/sim/EventLog.hpp"

namespace robometrics::sim {

TEST(EventLog, ProximityIntervalsBecomeClosePassesOrCollisions) {
    EventLog log;
    const double clearances[] = {0.8, 0.45, 0.3, 0.4, 0.6, 0.4, 0.15, 0.35, 0.7};
    for (int i = 0; i < 9; ++i) log.observeClearance(i * 0.05, clearances[i], i, 0);
    log.add({"stop", 0.01, 0.02, "x", {}});
    const std::vector<Event> events = log.finish();
    ASSERT_EQ(events.size(), 3u);
    EXPECT_EQ(events[0].type, "stop");
    EXPECT_EQ(events[1].type, "close_pass");
    EXPECT_DOUBLE_EQ(events[1].t_start, 0.05);
    EXPECT_DOUBLE_EQ(events[1].t_end, 0.15);
    EXPECT_DOUBLE_EQ(events[1].details["min_clearance_m"].get<double>(), 0.3);
    EXPECT_DOUBLE_EQ(events[1].details["x"].get<double>(), 2.0);
    EXPECT_EQ(events[2].type, "collision");
    EXPECT_DOUBLE_EQ(events[2].t_start, 0.25);
    EXPECT_DOUBLE_EQ(events[2].t_end, 0.35);
    EXPECT_DOUBLE_EQ(events[2].details["min_clearance_m"].get<double>(), 0.15);
}

TEST(EventLog, RoughStretchesCountImuSamplesAboveTheThreshold) {
    EventLog log;
    for (int i = 0; i < 100; ++i) log.observeGround(i * 0.01, 0.0, 0.5, 9.8);  // smooth
    for (int i = 100; i < 200; ++i) log.observeGround(i * 0.01, 0.8, 0.5, i % 4 == 0 ? 16.0 : 10.0);
    for (int i = 200; i < 400; ++i) log.observeGround(i * 0.01, 0.0, 0.5, 9.8);  // smooth again
    const std::vector<Event> events = log.finish();
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].type, "rough");
    EXPECT_DOUBLE_EQ(events[0].t_start, 1.0);
    EXPECT_DOUBLE_EQ(events[0].t_end, 1.99);
    EXPECT_EQ(events[0].details["imu_samples"].get<int>(), 100);
    EXPECT_EQ(events[0].details["imu_samples_above_15"].get<int>(), 25);
    EXPECT_DOUBLE_EQ(events[0].details["max_accel_mps2"].get<double>(), 16.0);
}

}  // namespace robometrics::sim
