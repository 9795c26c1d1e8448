#pragma once
// The IMU driver of a robot model: readings at the sensor profile's rate on the robot's topic,
// each also shown to the event log (rough stretches count the IMU samples above the threshold).
// At 100 Hz one reading per 10 ms tick, at the tick's stamp; at 200 Hz a second one 5 ms later,
// from the same chassis state (the physics steps every tick) with its own noise.

#include <string>
#include <vector>

#include "robometrics/sim/ImuModel.hpp"
#include "robometrics/sim/RobotModel.hpp"

namespace robometrics::sim {

class ImuPublisher {
public:
    ImuPublisher(Rng rng, const char *topic, int rate_hz);

    /// The topic as scenario.json lists it.
    SimTopic topic() const;
    /// Appends the readings due in the vehicle's current tick.
    void emit(Vehicle &vehicle, std::vector<SimOutput> &out);

private:
    ImuModel imu_;
    const char *topic_;
    int per_tick_;
};

}  // namespace robometrics::sim
