#pragma once
// `live list`: the ROS 2 topics discovery has seen, with their types and how many publishers and
// subscribers each has, as `ros2 topic list -v` shows them.

#include <map>
#include <string>

#include "robometrics/live/Transport.hpp"

namespace robometrics::live {

struct TopicListRow {
    std::string type;
    std::size_t publishers = 0;
    std::size_t subscribers = 0;
};

/// By topic name. DDS topics that are not ROS 2 topics only with `all` (`ros2 topic list` hides them).
std::map<std::string, TopicListRow> topicList(const Graph &graph, bool all);

std::string topicListJson(const std::map<std::string, TopicListRow> &rows);
std::string topicListText(const std::map<std::string, TopicListRow> &rows);

}  // namespace robometrics::live
