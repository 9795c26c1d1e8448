#pragma once
// What trajectories a bag holds, for a listing (`robometrics traj`, or `ape` given a bag without a
// topic): every topic of a pose type (nav_msgs/Odometry, geometry_msgs/PoseStamped,
// PoseWithCovarianceStamped, nav_msgs/Path) and the TF chains worth evaluating
// (io::TfRecording::movingChains(): root -> every frame with a moving link, and between moving
// frames). PoseArray topics are left out: their first pose is usually one particle of a filter,
// not a trajectory (they can still be read by name). One pass over the messages.

#include <cstdint>
#include <string>
#include <vector>

#include "robometrics/core/Result.hpp"

namespace robometrics::toolbox {

struct BagTrajectoryInfo {
    std::string spec;  ///< what io::loadTrajectory() accepts: "BAG:/odom" or "BAG:tf:map:base_link"
    std::string kind;  ///< "odometry", "pose", "pose_with_covariance", "path", "tf"
    std::string name;  ///< topic, or "map -> base_link" for a TF chain
    std::string type;  ///< message type, or "tf2_msgs/msg/TFMessage"
    std::uint64_t poses = 0;
    double duration_s = 0;  ///< last stamp - first stamp
    double rate_hz = 0;     ///< (poses - 1) / duration, 0 when the duration is 0
    double length_m = 0;    ///< sum of the distances between consecutive positions
};

/// Topics first (in the bag's order), then TF chains sorted by parent and child. Topics and chains
/// without a pose are left out. Errors name the bag.
Result<std::vector<BagTrajectoryInfo>> listBagTrajectories(const std::string &bag);

}  // namespace robometrics::toolbox
