#pragma once
// Trajectories from bags: a pose topic given as `PATH:TOPIC` (nav_msgs/Odometry,
// geometry_msgs/PoseStamped, PoseWithCovarianceStamped, PoseArray (its first pose), nav_msgs/Path
// (the poses of its LAST message, each with its own stamp: a planner or SLAM back end republishes
// the whole path, and the last one is the final estimate, as evo reads it)), or a TF chain given as
// `PATH:tf:PARENT:CHILD`, composed over time from /tf and /tf_static.
// Stamps are the messages' header stamps (as evo uses them), in seconds.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/io/TrajectorySource.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

/// "odometry", "pose", "pose_with_covariance", "pose_array" or "path" for a message type that
/// holds a trajectory; empty otherwise.
std::string trajectoryKind(const std::string &type);

/// Makes `pipeline` fill `out` from `topic`, whose message type is `type` (see trajectoryKind());
/// false, subscribing nothing, for a type that holds no pose. `out` must outlive the run().
bool subscribeTrajectoryTopic(pipeline::Pipeline &pipeline, const std::string &topic, const std::string &type,
                              slam::Trajectory &out);

/// Reads the trajectory of a source in a bag (a pose topic or a TF chain, TF chains as `options`
/// says); errors name the bag and the topic or frames.
Result<slam::Trajectory> readBagTrajectory(const TrajectorySource &source, const TrajectoryLoadOptions &options = {});

}  // namespace robometrics::io
