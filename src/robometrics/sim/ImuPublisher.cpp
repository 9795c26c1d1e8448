#include "robometrics/sim/ImuPublisher.hpp"

#include <cmath>

namespace robometrics::sim {

ImuPublisher::ImuPublisher(Rng rng, const char *topic, int rate_hz)
    : imu_(rng), topic_(topic), per_tick_(std::max(1, rate_hz / 100)) {}

SimTopic ImuPublisher::topic() const {
    return {topic_, "sensor_msgs/msg/Imu", 100.0 * per_tick_, false, 1, "periodic"};
}

void ImuPublisher::emit(Vehicle &vehicle, std::vector<SimOutput> &out) {
    const Pose2 pose = vehicle.drive().pose();
    const double roughness = vehicle.spec().world.terrain.roughness(pose.x, pose.y);
    const double speed = std::abs(vehicle.drive().groundSpeed());
    for (int k = 0; k < per_tick_; ++k) {
        const TimeNs t = vehicle.stamp() + k * kTickNs / per_tick_;
        msgs::Imu m = imu_.measure(vehicle.body(), roughness, speed);
        m.header.stamp = msgs::Time::fromNs(t);
        const auto &a = m.linear_acceleration;
        vehicle.events().observeGround(vehicle.now() + k * kTickS / per_tick_, roughness, speed,
                                       std::sqrt(a.x * a.x + a.y * a.y + a.z * a.z));
        out.push_back({topic_, t, false, std::move(m)});
    }
}

}  // namespace robometrics::sim
