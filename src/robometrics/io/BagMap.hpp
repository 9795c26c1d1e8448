#pragma once
// An occupancy grid taken from a bag: "PATH:TOPIC" (or just PATH, with a default topic), the last
// nav_msgs/msg/OccupancyGrid message on the topic by default, or the n-th (0-based; negative
// counts from the end: -1 = last).

#include <string>

#include "robometrics/core/Result.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::io {

/// A bag path and a topic parsed from "PATH:TOPIC". A spec naming an existing file or directory
/// is a path alone (topic = `default_topic`); otherwise it splits at the last ':'.
struct BagTopicSpec {
    std::string path;
    std::string topic;
};
BagTopicSpec parseBagTopicSpec(const std::string &spec, const std::string &default_topic);

struct BagMap {
    msgs::OccupancyGrid grid;
    std::size_t messages = 0;  ///< OccupancyGrid messages on the topic
    std::size_t index = 0;     ///< which one `grid` is
};

/// Reads the map; errors name the bag, the topic, and the topics that do carry maps.
Result<BagMap> readBagMap(const std::string &spec, const std::string &default_topic = "/map", long which = -1);

}  // namespace robometrics::io
