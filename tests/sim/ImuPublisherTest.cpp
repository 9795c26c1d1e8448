#include <gtest/gtest.h>

#include "robometrics/sim/ImuPublisher.hpp"

namespace robometrics::sim {

namespace {

/// The IMU readings of the first `ticks` ticks of a terrain run, from a publisher at `rate_hz`.
std::vector<SimOutput> imuReadings(int rate_hz, std::int64_t ticks) {
    Vehicle vehicle(makeScenario("terrain", 10, 1).value(), Rng(1), 5 * kNsPerSecond);
    ImuPublisher imu(Rng(1).fork(3), "/imu/data", rate_hz);
    std::vector<SimOutput> out;
    for (std::int64_t tick = 0; tick < ticks; ++tick) {
        vehicle.step(tick);
        imu.emit(vehicle, out);
    }
    return out;
}

}  // namespace

TEST(ImuPublisher, OneReadingPerTickAt100Hz) {
    const std::vector<SimOutput> out = imuReadings(100, 3);
    ASSERT_EQ(out.size(), 3u);
    for (std::size_t i = 0; i < out.size(); ++i) {
        EXPECT_STREQ(out[i].topic, "/imu/data");
        EXPECT_EQ(out[i].time, 5 * kNsPerSecond + static_cast<TimeNs>(i) * kTickNs);
        EXPECT_EQ(std::get<msgs::Imu>(out[i].message).header.stamp.toNs(), out[i].time);
    }
    const SimTopic topic = ImuPublisher(Rng(1), "/imu", 100).topic();
    EXPECT_EQ(topic.name, "/imu");
    EXPECT_EQ(topic.type, "sensor_msgs/msg/Imu");
    EXPECT_DOUBLE_EQ(topic.rate_hz, 100.0);
}

TEST(ImuPublisher, At200HzASecondReadingHalfATickLaterWithItsOwnNoise) {
    const std::vector<SimOutput> fast = imuReadings(200, 3);
    ASSERT_EQ(fast.size(), 6u);
    for (std::size_t i = 0; i < fast.size(); ++i)
        EXPECT_EQ(fast[i].time, 5 * kNsPerSecond + static_cast<TimeNs>(i) * 5'000'000);
    const auto &first = std::get<msgs::Imu>(fast[0].message), &second = std::get<msgs::Imu>(fast[1].message);
    EXPECT_NE(first.linear_acceleration.z, second.linear_acceleration.z);
    EXPECT_NEAR(first.linear_acceleration.z, second.linear_acceleration.z, 0.5);  // the same state, at rest
    // The stream is the 100 Hz IMU's: the very first reading is the same.
    EXPECT_TRUE(first == std::get<msgs::Imu>(imuReadings(100, 1)[0].message));
    EXPECT_DOUBLE_EQ(ImuPublisher(Rng(1), "/imu", 200).topic().rate_hz, 200.0);
}

}  // namespace robometrics::sim
