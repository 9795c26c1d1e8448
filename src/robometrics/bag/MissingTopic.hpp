#pragma once
// The error about a topic a bag does not hold names the topics it does, so a typo is fixed
// without a second command (`robometrics info`).

#include <string>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"

namespace robometrics::bag {

/// "BAG: no topic '/nope' in the bag; its topics: /odom (nav_msgs/msg/Odometry), /tf (...)",
/// then " (`hint`)" when a hint is given.
std::string missingTopicMessage(const std::string &bag, const std::string &topic, const std::vector<TopicInfo> &topics,
                                const std::string &hint = "");

}  // namespace robometrics::bag
