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

}  // namespace robometrics::evaluate
