#include "robometrics/sim/MocapBody.hpp"

namespace robometrics::sim {

msgs::TransformStamped mocapBody(const Pose2 &body, TimeNs stamp) {
    msgs::TransformStamped m;
    m.header.stamp = msgs::Time::fromNs(stamp);
    m.header.frame_id = "world";
    m.child_frame_id = "vicon/turtlebot3/turtlebot3";
    m.transform.translation = {body.x, body.y, 0};
    m.transform.rotation = quaternionFromYaw(body.yaw);
    return m;
}

}  // namespace robometrics::sim
