#pragma once
// What `lost` and `lost-train` share: the parameters, reading the AMCL poses and reset requests
// out of a bag, the labels (CSV intervals or the simulator's scenario.json), and the scores.

#include <fmt/format.h>

#include <fstream>
#include <functional>
#include <limits>
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

/// Calls `on_event` with every AMCL pose (as features) and every reset request, at log time.
inline void subscribePoseEvents(pipeline::Pipeline &pipe, const localization::LostDetectorConfig &config,
                                std::function<void(const localization::PoseEvent &)> on_event) {
    pipe.subscribe<msgs::PoseWithCovarianceStamped>(
        config.pose_topic, [on_event](const msgs::PoseWithCovarianceStamped &m, const pipeline::Envelope &env) {
            on_event({env.log_time, false, localization::covarianceFeatures(m.pose.covariance)});
        });
    pipe.subscribe<msgs::Empty>(config.reset_topic, [on_event](const msgs::Empty &, const pipeline::Envelope &env) {
        on_event({env.log_time, true, {}});
    });
}

/// /lost_detector/status: "normal", "confused" or "lost".
inline msgs::String lostStatusMessage(const localization::LostReading &r) {
    return msgs::String{std::string(localization::toString(r.status))};
}

/// /lost_detector/probability: [P(lost), xy std, yaw std]; NaN stds for an invalid reading.
inline msgs::Float32MultiArray lostProbabilityMessage(const localization::LostReading &r) {
    msgs::Float32MultiArray p;
    p.layout.dim = {{"p_lost,xy_std_m,yaw_std_rad", 3, 3}};
    const float nan = std::numeric_limits<float>::quiet_NaN();
    p.data = {static_cast<float>(r.probability), r.features.valid ? static_cast<float>(r.features.xy_std) : nan,
              r.features.valid ? static_cast<float>(r.features.yaw_std) : nan};
    return p;
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
    subscribePoseEvents(pipe, config, [&](const localization::PoseEvent &e) { events.push_back(e); });
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

/// Each labelled interval: seconds of bag log time, whether an alarm fell inside, the latency.
inline nlohmann::json intervalsJson(const localization::DetectionScore &s) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto &d : s.per_interval) {
        out.push_back({{"start_s", toSeconds(d.interval.start)},
                       {"end_s", toSeconds(d.interval.end)},
                       {"valid_readings", d.readings},
                       {"detected", d.detected},
                       {"latency_s", d.detected ? nlohmann::json(d.latency_seconds) : nlohmann::json()}});
    }
    return out;
}

inline nlohmann::json scoreJson(const localization::DetectionScore &s) {
    return {{"valid_readings", s.valid_readings},
            {"invalid_readings_not_scored", s.invalid_readings},
            {"alarm", {{"precision", s.precision()},
                       {"recall", s.recall()},
                       {"true_positive", s.true_positive},
                       {"false_positive", s.false_positive},
                       {"false_negative", s.false_negative},
                       {"true_negative", s.true_negative}}},
            {"lost", {{"precision", s.lostPrecision()}, {"recall", s.lostRecall()}}},
            {"intervals", s.intervals},
            {"detected", s.detected},
            {"per_interval", intervalsJson(s)},
            {"latency_s", s.latency_seconds},
            {"mean_latency_s", s.meanLatency()},
            {"max_latency_s", s.maxLatency()}};
}

inline void printScore(const localization::DetectionScore &s) {
    fmt::print("  vs labels       over {} valid readings ({} invalid not scored)\n", s.valid_readings,
               s.invalid_readings);
    fmt::print(
        "                  alarm (confused or lost): precision {:.3f}, recall {:.3f}; lost: precision {:.3f}, "
        "recall {:.3f}\n",
        s.precision(), s.recall(), s.lostPrecision(), s.lostRecall());
    fmt::print("  detection       {} of {} lost intervals, latency mean {:.2f} s, max {:.2f} s\n", s.detected,
               s.intervals, s.meanLatency(), s.maxLatency());
    if (!s.per_interval.empty()) fmt::print("  per interval    (seconds of bag log time, as in the labels)\n");
    for (const auto &d : s.per_interval) {
        fmt::print("    {:.2f} - {:.2f} s  {:>4} valid readings  {}\n", toSeconds(d.interval.start),
                   toSeconds(d.interval.end), d.readings,
                   d.detected ? fmt::format("detected after {:.2f} s", d.latency_seconds) : std::string("missed"));
    }
}

}  // namespace robometrics::app
