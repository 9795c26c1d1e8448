#pragma once
// What `lost` and `lost-train` share: the parameters, reading the AMCL poses and reset requests
// out of a bag, the labels (CSV intervals or the simulator's scenario.json), and the scores.

#include <fmt/format.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "CommandSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/localization/LostReplay.hpp"
#include "robometrics/localization/LostTrainer.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::app {

struct LostInputOptions {
    std::string bag;
    std::string pose_topic;  ///< empty: the config's pose_topic (/amcl_pose)
    std::string params_file;
    std::vector<std::string> overrides;
    std::string labels;
};

inline void addLostInputOptions(CLI::App &app, LostInputOptions &o) {
    app.add_option("BAG", o.bag, "rosbag2 directory, .mcap or .db3 file")->required();
    app.add_option("--pose-topic", o.pose_topic, "AMCL pose topic (default /amcl_pose)");
    app.add_option("--params", o.params_file, "ROS 2 params file (node lost_detector)");
    app.add_option("-p,--param", o.overrides, "parameter override name:=value (repeatable)");
}

inline Result<localization::LostDetectorConfig> loadLostConfig(const LostInputOptions &o, const char *cmd) {
    auto params = loadParams(o.params_file, "lost_detector", o.overrides);
    if (!params) return params.error();
    if (!o.pose_topic.empty()) params->set("pose_topic", o.pose_topic);
    auto config = localization::LostDetectorConfig::fromParams(*params);
    if (!config) return config.error();
    warnUnusedParams(cmd, *params);
    return config;
}

/// Pose readings (features) and reset requests in log-time order. Times are log (receive)
/// times: what a live detector would know, and the clock the labels use.
inline Result<std::vector<localization::PoseEvent>> readPoseEvents(const std::string &bag_path,
                                                                   const localization::LostDetectorConfig &config) {
    auto source = bag::openBag(bag_path);
    if (!source) return source.error();
    bool found = false;
    for (const auto &t : (*source)->topics()) found = found || t.name == config.pose_topic;
    if (!found) return Error{fmt::format("{}: no topic {} (use --pose-topic)", bag_path, config.pose_topic)};
    std::vector<localization::PoseEvent> events;
    pipeline::Pipeline pipe;
    pipe.subscribe<msgs::PoseWithCovarianceStamped>(
        config.pose_topic, [&](const msgs::PoseWithCovarianceStamped &m, const pipeline::Envelope &env) {
            events.push_back({env.log_time, false, localization::covarianceFeatures(m.pose.covariance)});
        });
    pipe.subscribe<msgs::Empty>(config.reset_topic, [&](const msgs::Empty &, const pipeline::Envelope &env) {
        events.push_back({env.log_time, true, {}});
    });
    ROBOMETRICS_TRY(pipe.run(**source));
    return events;
}

/// Labels from a CSV of "start,end" seconds or from a scenario.json.
inline Result<localization::LostLabels> loadLostLabels(const std::string &path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Error{fmt::format("{}: cannot open labels file", path)};
    std::ostringstream text;
    text << in.rdbuf();
    if (path.size() >= 5 && path.substr(path.size() - 5) == ".json") {
        return localization::LostLabels::fromScenarioJson(text.str(), path);
    }
    return localization::LostLabels::parse(text.str(), path);
}

inline nlohmann::json scoreJson(const localization::DetectionScore &s) {
    return {{"alarm", {{"precision", s.precision()},
                       {"recall", s.recall()},
                       {"true_positive", s.true_positive},
                       {"false_positive", s.false_positive},
                       {"false_negative", s.false_negative},
                       {"true_negative", s.true_negative}}},
            {"lost", {{"precision", s.lostPrecision()}, {"recall", s.lostRecall()}}},
            {"intervals", s.intervals},
            {"detected", s.detected},
            {"latency_s", s.latency_seconds},
            {"mean_latency_s", s.meanLatency()},
            {"max_latency_s", s.maxLatency()}};
}

inline void printScore(const localization::DetectionScore &s) {
    fmt::print("  vs labels       alarm (confused or lost): precision {:.3f}, recall {:.3f}; lost: precision {:.3f}, "
               "recall {:.3f}\n",
               s.precision(), s.recall(), s.lostPrecision(), s.lostRecall());
    fmt::print("  detection       {} of {} lost intervals, latency mean {:.2f} s, max {:.2f} s\n", s.detected,
               s.intervals, s.meanLatency(), s.maxLatency());
}

}  // namespace robometrics::app
