#pragma once
// Which sensors the robot carries (`simulate --sensors`): `standard` is what each robot has
// always published; `heavy` adds a sensor mast with a 64-beam 3-D lidar and a camera (raw and
// PNG-compressed) and runs the IMU at 200 Hz, so a run has the data rates of a real sensor-heavy
// robot (HeavySensors).

#include <optional>
#include <string>
#include <vector>

namespace robometrics::sim {

enum class SensorProfile { Standard, Heavy };

/// "standard", "heavy" in documentation order.
const std::vector<std::string> &sensorProfileNames();
std::string sensorProfileName(SensorProfile profile);
std::optional<SensorProfile> parseSensorProfile(const std::string &name);

/// The IMU's rate: 100 Hz on the standard robots, 200 Hz with the heavy sensors.
int imuRateHz(SensorProfile profile);

}  // namespace robometrics::sim
