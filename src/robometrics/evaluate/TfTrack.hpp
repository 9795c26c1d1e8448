#pragma once
// The robot's motion from TF alone. A recording with /tf but no odometry topic and no
// ground-truth pose (a TF-only rosbag2 bag, a ROS 1 turtlesim bag) still says where the robot
// went: the moving chain that `traj` lists. The chain is chosen as a robotics engineer would
// read it: odom -> base_footprint / base_link first (the robot's own odometry, published only on
// TF by many drivers), then map -> base_footprint / base_link, then any chain ending in a base
// frame, then the first moving chain.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/core/RunClock.hpp"
#include "robometrics/io/TfRecording.hpp"
#include "robometrics/slam/SlamRun.hpp"

namespace robometrics::evaluate {

struct TfTrack {
    std::string parent, child;
    std::vector<slam::OdomSample> samples;  ///< t on the run's axis (the header stamps mapped onto it)
    std::string label() const { return "TF " + parent + "->" + child; }
};

/// The chain the robot's track is read from, among `chains` (TfRecording::movingChains()).
std::optional<std::pair<std::string, std::string>> robotChain(
    const std::vector<std::pair<std::string, std::string>> &chains);

/// The robot's track from the recording, or nothing when no chain moves.
std::optional<TfTrack> tfTrack(const io::TfRecording &tf, const std::string &bag, const RunClock &clock);

}  // namespace robometrics::evaluate
