#pragma once
// Which topic each analysis reads: the conventional name when the bag has it with the right
// type (/scan, /imu/data, /rover/pose_array, /odometry/wheels, /amcl_pose, /map), else the first
// topic of that type, unless the user remapped the conventional name.

#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::evaluate {

TopicChoice chooseTopics(const std::vector<bag::TopicInfo> &topics, const pipeline::Pipeline &remapped);

/// Distance travelled comes from the odometry pose when the bag has no PoseArray (the seed's
/// ground-truth pose) but has odometry: what a Nav2 robot records. `traversal` and `evaluate`
/// both follow this rule and say which source they used.
inline bool distanceFromOdometry(const TopicChoice &c) { return c.pose_array.empty() && !c.odometry.empty(); }

}  // namespace robometrics::evaluate
