#include "robometrics/sim/GazeboPoseInfo.hpp"

#include <cmath>

namespace robometrics::sim {

namespace {

msgs::Pose at(double x, double y, double z) {
    msgs::Pose p;
    p.position = {x, y, z};
    return p;
}

}  // namespace

msgs::PoseArray officePoseInfo(const Pose2 &robot, const std::vector<msgs::Pose> &robot_links, TimeNs stamp) {
    msgs::PoseArray m;
    m.header.stamp = msgs::Time::fromNs(stamp);
    msgs::Pose model = at(robot.x, robot.y, 0);
    model.orientation = {0, 0, std::sin(robot.yaw / 2), std::cos(robot.yaw / 2)};
    // Models: ground_plane, office, the robot; links: ground_plane::link, office::link, the
    // robot's; lights: sun.
    m.poses = {at(0, 0, 0), at(0, 0, 0), model, at(0, 0, 0), at(0, 0, 0)};
    m.poses.insert(m.poses.end(), robot_links.begin(), robot_links.end());
    m.poses.push_back(at(0, 0, 10));
    return m;
}

}  // namespace robometrics::sim
