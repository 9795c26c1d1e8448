#pragma once
// An occupancy grid named on a command line: a map_server YAML (.yaml / .yml), or anything else
// as a bag, "BAG[:TOPIC]", whose last nav_msgs/msg/OccupancyGrid on the topic is taken.

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::io {

/// `bag_topic` is the topic used when a bag argument names none.
Result<msgs::OccupancyGrid> readOccupancyGrid(const std::string &argument, const std::string &bag_topic);

}  // namespace robometrics::io
