#pragma once
// The topic statistics node's whole-run output: the health table `topic-stats` and
// `live topic-stats` print, and their --json document.

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "robometrics/topicstats/TopicStatistics.hpp"

namespace robometrics::nodes {

nlohmann::json topicHealthJson(const topicstats::TopicHealth &h, const std::string &type);

/// The health table, a line per topic and a closing line. Topics in `lossy` (live: samples known
/// lost) show the kind "lossy": what arrived does not say what the publisher sends.
std::string topicHealthTable(const std::vector<topicstats::TopicHealth> &rows, std::uint64_t windows, double window_s,
                             const std::set<std::string> &lossy = {});

/// The --json document of a run over `input` (a bag path, or "DDS").
nlohmann::json topicStatsJson(const std::string &input, double window_s, bool rclcpp_period,
                              const topicstats::TopicStatistics &stats, const std::vector<std::string> &types);

}  // namespace robometrics::nodes
