#pragma once
// Trajectories from bags: a pose topic given as `PATH:TOPIC` (nav_msgs/Odometry,
// geometry_msgs/PoseStamped, PoseWithCovarianceStamped, PoseArray (its first pose)), or a TF chain
// given as `PATH:tf:PARENT:CHILD`, composed over time from /tf and /tf_static.
// Stamps are the messages' header stamps (as evo uses them), in seconds.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

struct BagTrajectorySpec {
    std::string path;
    std::string topic;   ///< the pose topic, empty for a TF chain
    std::string parent;  ///< TF chain: the frame the poses are expressed in ("map")
    std::string child;   ///< TF chain: the moving frame ("base_link")
    bool isTf() const { return topic.empty(); }
};

/// Splits `PATH:TOPIC` or `PATH:tf:PARENT:CHILD`.
Result<BagTrajectorySpec> parseBagTrajectorySpec(const std::string &spec);

/// Reads the trajectory; errors name the bag and the topic or frames.
Result<slam::Trajectory> readBagTrajectory(const BagTrajectorySpec &spec);

}  // namespace robometrics::io
