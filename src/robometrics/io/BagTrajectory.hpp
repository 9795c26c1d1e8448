#pragma once
// Trajectories from bags: a pose topic given as `PATH:TOPIC` (nav_msgs/Odometry,
// geometry_msgs/PoseStamped, PoseWithCovarianceStamped, PoseArray (its first pose), nav_msgs/Path
// (the poses of its LAST message, each with its own stamp: a planner or SLAM back end republishes
// the whole path, and the last one is the final estimate, as evo reads it)), or a TF chain given as
// `PATH:tf:PARENT:CHILD`, composed over time from /tf and /tf_static.
// Stamps are the messages' header stamps (as evo uses them), in seconds.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/io/TfRecording.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/slam/Trajectory.hpp"

namespace robometrics::io {

struct BagTrajectorySpec {
    std::string path;
    std::string topic;   ///< the pose topic, empty for a TF chain
    std::string parent;  ///< TF chain: the frame the poses are expressed in ("map")
    std::string child;   ///< TF chain: the moving frame ("base_link")
    /// TF chain: 0 samples it at every stamp of a moving link on it; a frequency (Hz) looks it up
    /// at that rate, as evo does (TfRecording::chainAtFrequency), from the first /tf stamp (evo
    /// >= 1.36.4) or, with BagStart, from the bag's first log time (evo before).
    double tf_lookup_frequency = 0;
    TfLookupStart::Anchor tf_start = TfLookupStart::Anchor::FirstTfStamp;
    bool isTf() const { return topic.empty(); }
};

/// Splits `PATH:TOPIC` or `PATH:tf:PARENT:CHILD`.
Result<BagTrajectorySpec> parseBagTrajectorySpec(const std::string &spec);

/// "odometry", "pose", "pose_with_covariance", "pose_array" or "path" for a message type that
/// holds a trajectory; empty otherwise.
std::string trajectoryKind(const std::string &type);

/// Makes `pipeline` fill `out` from `topic`, whose message type is `type` (see trajectoryKind());
/// false, subscribing nothing, for a type that holds no pose. `out` must outlive the run().
bool subscribeTrajectoryTopic(pipeline::Pipeline &pipeline, const std::string &topic, const std::string &type,
                              slam::Trajectory &out);

/// Reads the trajectory; errors name the bag and the topic or frames.
Result<slam::Trajectory> readBagTrajectory(const BagTrajectorySpec &spec);

}  // namespace robometrics::io
