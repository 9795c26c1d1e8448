#include "robometrics/sim/FleetReport.hpp"

#include <algorithm>

namespace robometrics::sim {

namespace {

/// Robot i's counts under its own topic names (what its Simulator calls them).
std::map<std::string, std::uint64_t> ownCounts(const Fleet &fleet, std::size_t i,
                                               const std::map<std::string, std::uint64_t> &counts) {
    std::map<std::string, std::uint64_t> own;
    for (const SimTopic &t : fleet.robot(i).topics()) {
        auto it = counts.find(fleet.recordedTopic(i, t.name));
        if (it != counts.end()) own[t.name] = it->second;
    }
    return own;
}

/// `list` (events or expected anomalies) of robot i, each naming it; a pause is the
/// simulation's, listed once, without a robot.
void addRobotItems(nlohmann::json &all, const nlohmann::json &list, std::size_t i) {
    for (nlohmann::json item : list) {
        if (item.value("type", "") == "pause") {
            if (i == 0) all.push_back(std::move(item));
            continue;
        }
        item["robot"] = Fleet::robotName(i);
        all.push_back(std::move(item));
    }
}

void sortByStart(nlohmann::json &list) {
    std::stable_sort(list.begin(), list.end(), [](const nlohmann::json &a, const nlohmann::json &b) {
        return a["t_start"].get<double>() < b["t_start"].get<double>();
    });
}

}  // namespace

std::string fleetTrajectoryFile(std::size_t i, const OutputFiles &files) {
    return Fleet::robotName(i) + "/" + files.gt_trajectory;
}

nlohmann::json fleetReport(const Fleet &fleet, const std::map<std::string, std::uint64_t> &message_counts,
                           const OutputFiles &files) {
    nlohmann::json j;
    nlohmann::json robots = nlohmann::json::array(), topics = nlohmann::json::array();
    nlohmann::json events = nlohmann::json::array(), expected = nlohmann::json::array();
    std::string verdict = "ok";
    for (std::size_t i = 0; i < fleet.size(); ++i) {
        OutputFiles own_files = files;
        own_files.gt_trajectory = fleetTrajectoryFile(i, files);
        nlohmann::json own = scenarioReport(fleet.robot(i), ownCounts(fleet, i, message_counts), own_files);
        if (i == 0) j = own;
        for (nlohmann::json t : own["topics"]) {
            t["name"] = fleet.recordedTopic(i, t["name"]);
            if (t["name"] != "") topics.push_back(std::move(t));
        }
        addRobotItems(events, own["events"], i);
        addRobotItems(expected, own["expected_anomalies"], i);
        const std::string robot_verdict = own["expected_verdict"];
        if (robot_verdict == "potential_failure" || (robot_verdict == "inconclusive" && verdict == "ok"))
            verdict = robot_verdict;
        const std::string ns = "/" + Fleet::robotName(i);
        robots.push_back({{"name", Fleet::robotName(i)},
                          {"namespace", ns},
                          {"description", own["description"]},
                          {"seed", own["seed"]},
                          {"tf", ns + "/tf and " + ns + "/tf_static, frames without a prefix"},
                          {"gt_trajectory", own_files.gt_trajectory},
                          {"truth", own["truth"]},
                          {"expected_verdict", robot_verdict}});
    }
    std::string description = std::to_string(fleet.size()) + " robots, each in its own namespace";
    for (const auto &r : robots)
        description += "; " + r["name"].get<std::string>() + ": " + r["description"].get<std::string>();
    j["description"] = description;
    j["files"].erase("gt_trajectory");
    j.erase("truth");
    j["robots"] = robots;
    sortByStart(events);
    sortByStart(expected);
    j["topics"] = topics;
    j["events"] = events;
    j["expected_verdict"] = verdict;
    j["expected_anomalies"] = expected;
    return j;
}

}  // namespace robometrics::sim
