#include "robometrics/sim/RobotKind.hpp"

#include "robometrics/sim/EnumNames.hpp"

namespace robometrics::sim {

const std::vector<std::string> &robotNames() {
    static const std::vector<std::string> names{"rover", "turtlebot3"};
    return names;
}

std::string robotName(RobotKind kind) { return enumName(robotNames(), kind); }

std::optional<RobotKind> parseRobot(const std::string &name) { return enumFromName<RobotKind>(robotNames(), name); }

RobotBody robotBody(RobotKind kind) {
    if (kind == RobotKind::Rover) return {};
    // TurtleBot3 waffle with Nav2's TurtleBot3 parameters (max_vel_x 0.26, max_vel_theta 1.0,
    // acc_lim_x 2.5, acc_lim_theta 3.2); the LDS-01 (base_scan) sits 0.064 m behind base_link.
    RobotBody body;
    body.cruise_speed = 0.26;
    body.limits = DiffDriveLimits{2.5, 3.2, 1.0};
    body.laser_x = -0.064;
    return body;
}

}  // namespace robometrics::sim
