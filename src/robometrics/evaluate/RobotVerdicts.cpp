#include "robometrics/evaluate/RobotVerdicts.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <vector>

#include "robometrics/report/HtmlReport.hpp"
#include "robometrics/evaluate/TraversalJson.hpp"
#include "robometrics/report/JsonNumber.hpp"

namespace robometrics::evaluate {

namespace {

constexpr std::size_t kMinPosesForMotion = 10;  ///< as the run's motion check (CoreChecks)

/// The codes of the anomalies that name `robot` and affect the verdict, in order.
std::vector<std::string> codesOf(const Evaluation &e, const std::string &robot) {
    std::vector<std::string> codes;
    for (const slam::Anomaly &a : e.anomalies) {
        if (a.robot == robot && !a.informs_only) codes.push_back(a.code);
    }
    return codes;
}

bool motionJudged(const RobotJudgement &r) {
    return (r.motion && r.motion->samples >= kMinPosesForMotion) || r.activity.progress_samples >= kMinPosesForMotion;
}

/// The lost detector's result of robot `index` of `e.robots` (the first's is the run's).
const LostResult *lostOf(const Evaluation &e, std::size_t index) {
    if (index == 0) return e.lost ? &*e.lost : nullptr;
    return e.robots[index].lost ? &*e.robots[index].lost : nullptr;
}

std::size_t lostEpisodes(const LostResult &lost) {
    std::size_t n = 0;
    for (const auto &episode : lost.episodes.episodes()) n += episode.worst == localization::LostStatus::Lost ? 1 : 0;
    return n;
}

/// "no AMCL pose (geometry_msgs/PoseWithCovarianceStamped) under /robot2", or for the robot alone.
std::string underRobot(const RobotJudgement &r, const std::string &what) {
    return r.name.empty() || r.name == "/" ? what + " for the robot" : what + " under /" + r.name;
}

/// Each measured figure of robot `index`, or null and why it is not measured (`not_measured`).
void addMeasured(const Evaluation &e, std::size_t index, nlohmann::json &out) {
    const RobotJudgement &r = e.robots[index];
    nlohmann::json not_measured = nlohmann::json::object();
    if (r.ate) {
        out["ate"] = {{"rmse_m", report::finiteOrNull(r.ate->se3.rmse)},
                      {"mean_m", report::finiteOrNull(r.ate->se3.mean)},
                      {"max_m", report::finiteOrNull(r.ate->se3.max)},
                      {"pairs", r.ate->se3.n},
                      {"ground_truth", r.ate->ground_truth},
                      {"estimate", r.ate->estimate}};
    } else {
        out["ate"] = nullptr;
        not_measured["ate"] = r.ate_not_measured;
    }
    if (const LostResult *lost = lostOf(e, index)) {
        out["localization"] = {{"topic", lost->topic}, {"lost_episodes", lostEpisodes(*lost)}};
    } else {
        out["localization"] = nullptr;
        not_measured["localization"] =
            underRobot(r, "no AMCL pose (geometry_msgs/PoseWithCovarianceStamped)") + ": lost detector not run";
    }
    // The first robot's traversal is the run's; the others' are measured on their own topics.
    if (index == 0 && e.traversal) {
        out["traversal"] = traversalJson(e);
    } else if (index > 0 && r.traversal) {
        out["traversal"] = traversalJson(*r.traversal, r.topics, e.clock);
    } else {
        out["traversal"] = nullptr;
        not_measured["traversal"] = underRobot(r, "no traversal input (scan, IMU, pose or odometry)");
    }
    if (!r.motion) not_measured["motion"] = underRobot(r, "no odometry message");
    out["not_measured"] = std::move(not_measured);
}

}  // namespace

const char *robotVerdict(const Evaluation &e, const RobotJudgement &robot) {
    if (!codesOf(e, robot.name).empty()) return "potential_failure";
    if (robot.topics.scan.empty() || !motionJudged(robot)) return "inconclusive";
    return "ok";
}

nlohmann::json robotsJson(const Evaluation &e) {
    nlohmann::json out = nlohmann::json::array();
    for (std::size_t index = 0; index < e.robots.size(); ++index) {
        const RobotJudgement &r = e.robots[index];
        const ActivityResult &a = r.activity;
        nlohmann::json motion = nullptr;
        if (r.motion) {
            motion = {{"samples", r.motion->samples},
                      {"path_length_m", report::finiteOrNull(r.motion->path_length_m)},
                      {"max_speed_mps", report::finiteOrNull(r.motion->max_speed_mps)}};
        }
        out.push_back({{"name", r.name},
                       {"verdict", robotVerdict(e, r)},
                       {"anomalies", codesOf(e, r.name)},
                       {"topics",
                        {{"odometry", r.topics.odometry},
                         {"scan", r.topics.scan},
                         {"imu", r.topics.imu},
                         {"cmd_vel", a.command_topic},
                         {"amcl_pose", r.topics.amcl_pose},
                         {"ground_truth", r.topics.ground_truth},
                         {"tf", r.tf_topic}}},
                       {"frame_prefix", r.frame_prefix},
                       {"activity",
                        {{"goals", a.goals},
                         {"commanded_s", report::finiteOrNull(a.commanded_s)},
                         {"moving_s", report::finiteOrNull(a.moving_s)},
                         {"idle_s", report::finiteOrNull(a.idle_s)},
                         {"progress_source", a.progress_source},
                         {"stuck_episodes", a.stuck.size()}}},
                       {"motion", motion}});
        addMeasured(e, index, out.back());
    }
    return out;
}

namespace {

/// "commanded 46.3 s, moving 46.4 s, 2 goal(s), 8.7 m; progress on /robot1/odom"
std::string activityText(const RobotJudgement &r) {
    const ActivityResult &a = r.activity;
    std::string text =
        fmt::format("commanded {:.1f} s, moving {:.1f} s, {} goal(s)", a.commanded_s, a.moving_s, a.goals);
    if (r.motion) text += fmt::format(", {:.1f} m", r.motion->path_length_m);
    text += fmt::format("; progress on {}", a.progress_source.empty() ? "nothing" : a.progress_source);
    return text;
}

}  // namespace

/// "; ATE 0.052 m (BAG:/robot2/odom against robot2/gt_trajectory.tum)", or why there is none.
std::string ateText(const RobotJudgement &r) {
    if (!r.ate) return "; no ATE: " + r.ate_not_measured;
    return fmt::format("; ATE {:.3f} m ({} against {})", r.ate->se3.rmse, r.ate->estimate, r.ate->ground_truth);
}

std::string robotLine(const Evaluation &e, const RobotJudgement &r) {
    const std::vector<std::string> codes = codesOf(e, r.name);
    std::string line = fmt::format("{}: {}", r.name, robotVerdict(e, r));
    if (!codes.empty()) line += fmt::format(" ({})", fmt::join(codes, ", "));
    const LostResult *lost = lostOf(e, static_cast<std::size_t>(&r - e.robots.data()));
    return line + "; " + activityText(r) + ateText(r) +
           (lost ? "; localization on " + lost->topic : std::string("; localization not checked (no AMCL pose)"));
}

std::string robotsTable(const Evaluation &e) {
    std::vector<std::vector<std::string>> rows;
    for (const RobotJudgement &r : e.robots) {
        std::vector<std::string> anomalies;
        for (const slam::Anomaly &a : e.anomalies) {
            if (a.robot != r.name) continue;
            const std::string at = a.time_s ? fmt::format(" at {:.2f} s", *a.time_s) : std::string();
            anomalies.push_back(a.code + at + ": " + a.message);
        }
        rows.push_back({r.name, robotVerdict(e, r),
                        anomalies.empty() ? "none" : fmt::format("{}", fmt::join(anomalies, "; ")), activityText(r)});
    }
    return report::htmlTable({"robot", "verdict", "anomalies", "activity"}, rows);
}

}  // namespace robometrics::evaluate
