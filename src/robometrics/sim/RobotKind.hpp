#pragma once
// Which robot a run simulates (`simulate --robot`): its body (speed and drive limits, where its
// laser sits) and, through its RobotModel, the topics and publishing habits it has.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/sim/DiffDrive.hpp"

namespace robometrics::sim {

enum class RobotKind {
    Rover,       ///< the outdoor/indoor research rover: fixed-rate topics, SLAM map, GroundGrid
    TurtleBot3,  ///< a Nav2 TurtleBot3 waffle: LDS-01, diff drive, AMCL, robot_state_publisher
};

/// "rover", "turtlebot3" in documentation order.
const std::vector<std::string> &robotNames();
std::string robotName(RobotKind kind);
std::optional<RobotKind> parseRobot(const std::string &name);

/// What the chassis can do. The rover's cruise speed belongs to its scenario (0.5 m/s indoors,
/// 0.8 m/s outdoors), so `cruise_speed` is 0 for it.
struct RobotBody {
    double cruise_speed = 0;  ///< m/s; 0: the scenario's
    DiffDriveLimits limits;
    double laser_x = 0;  ///< m, scan origin ahead of the rotation centre (negative: behind)
};

RobotBody robotBody(RobotKind kind);

}  // namespace robometrics::sim
