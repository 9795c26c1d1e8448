#include "robometrics/evaluate/EvaluationHeadlines.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>
#include <iterator>

#include "robometrics/evaluate/RobotVerdicts.hpp"

namespace robometrics::evaluate {

namespace {
/// ", excluding 1 jump of 5.00 m at 12.3 s": odometry jumps are not travel.
std::string jumpsLeftOut(const Evaluation &e) {
    const auto &s = e.traversal->summary;
    return fmt::format(", excluding {} jump(s) of {:.2f} m in all, the first {:.2f} m at {:.1f} s", s.odometry_jumps,
                       s.odometry_jump_distance_m, s.first_odometry_jump_m,
                       e.clock.sinceStart(s.first_odometry_jump_time));
}

std::string traversalLine(const Evaluation &e) {
    const auto &s = e.traversal->summary;
    std::vector<std::string> parts;
    if (s.pose_messages > 0 || s.distance_from_odometry) {
        parts.push_back(fmt::format("{:.2f} m travelled ({}{})", s.distance_traveled,
                                    s.distance_from_odometry ? e.topics.odometry + " pose" : e.topics.pose_array,
                                    s.distance_from_odometry && s.odometry_jumps > 0 ? jumpsLeftOut(e) : ""));
    }
    if (s.odometry_messages > 0) parts.push_back(fmt::format("mean speed {:.2f} m/s", s.mean_velocity));
    if (s.imu_messages > 0) parts.push_back(fmt::format("{:.1f} s on rough terrain", s.time_rough_terrain_s));
    return parts.empty() ? std::string("no data") : fmt::format("{}", fmt::join(parts, ", "));
}
/// "/scan_front 0 collisions, min clearance 0.45 m; /scan_rear 1 collision, ...".
std::string scannersLine(const Evaluation &e) {
    std::vector<std::string> parts;
    for (const ScannerResult &scanner : e.scanners) {
        const traversal::ScanCollisionSummary &s = scanner.summary;
        if (s.scans == 0) {
            parts.push_back(scanner.topic + " no scan");
            continue;
        }
        std::string part = fmt::format("{} {} collision(s), min clearance {:.2f} m", scanner.topic, s.episodes.size(),
                                       s.min_clearance_m);
        if (scanner.sensor == "PointCloud2" && std::isnan(s.min_clearance_m)) {  // not a distance: say why
            part = fmt::format("{} {} collision(s), min clearance none (no return in the height band)", scanner.topic,
                               s.episodes.size());
        }
        if (!scanner.judged) part += " (footprint clearance, listed only: the LaserScan judges contacts)";
        if (s.ranges.invalid() > 0) {
            part +=
                fmt::format(", {:.1f} % of readings invalid (no return or out of range, not obstacles)",
                            100.0 * static_cast<double>(s.ranges.invalid()) / static_cast<double>(s.ranges.readings));
        }
        parts.push_back(std::move(part));
    }
    return fmt::format("{}", fmt::join(parts, "; "));
}

std::string activityLine(const Evaluation &e) {
    const ActivityResult &a = e.activity;
    std::vector<std::string> parts;
    if (a.intent_known) {
        std::string told = fmt::format("motion commanded {:.1f} s", a.commanded_s);
        if (!a.command_topic.empty()) told += " on " + a.command_topic;
        if (a.goals > 0) told += fmt::format(", {} navigation goal(s)", a.goals);
        parts.push_back(told);
    } else {
        parts.emplace_back("no velocity command or goal topic (stuck not evaluated)");
    }
    if (!a.progress_source.empty()) {
        std::string motion = fmt::format("moving {:.1f} s, idle {:.1f} s", a.moving_s, a.idle_s);
        if (a.unread_s > 0) motion += fmt::format(", not known {:.1f} s (lost spans)", a.unread_s);
        parts.push_back(motion);
    }
    return fmt::format("{}", fmt::join(parts, "; "));
}

}  // namespace

std::string evaluationHeadlines(const Evaluation &e, const std::string &out_dir) {
    std::string text;
    auto out = std::back_inserter(text);
    fmt::format_to(out, "verdict: {}\n", e.verdict());
    for (const auto &a : e.anomalies) {
        fmt::format_to(out, "  - {}: {}{}\n", a.code, a.robot.empty() ? "" : a.robot + ": ", a.message);
    }
    for (const RobotJudgement &r : e.robots) fmt::format_to(out, "robot {}\n", robotLine(e, r));
    for (const CoreCheck &c : e.core_checks) {
        if (!c.ran) fmt::format_to(out, "  not checked: {}: {}\n", c.name, c.basis);
    }
    std::vector<std::string> checked;
    for (const CoreCheck &c : e.core_checks) {
        if (c.ran) checked.push_back(c.name + " on " + c.basis);
    }
    if (!checked.empty()) fmt::format_to(out, "checked: {}\n", fmt::join(checked, "; "));
    if (e.clock.simTime()) {
        fmt::format_to(out, "duration: {:.1f} s of simulated time ({:.1f} s of wall time)\n", e.clock.durationSeconds(),
                       e.clock.wallDurationSeconds());
    } else {
        fmt::format_to(out, "duration: {:.1f} s of recorder log time\n", e.clock.durationSeconds());
    }
    fmt::format_to(out, "time base: {}\n", e.clock.describe());
    if (e.window)
        fmt::format_to(out,
                       "window: {}; latched topics and the last /tf before it read too; times since the "
                       "recording's first message\n",
                       bag::describeWindow(*e.window));
    fmt::format_to(out, "activity: {}\n", activityLine(e));
    if (!e.scanners.empty()) fmt::format_to(out, "scanners: {}\n", scannersLine(e));
    if (e.traversal) fmt::format_to(out, "traversal: {}\n", traversalLine(e));
    if (e.trajectory) {
        fmt::format_to(out,
                       "trajectory: ATE RMSE {:.3f} m (SE(3) aligned), {:.3f} m (origin aligned), {} poses matched\n",
                       e.trajectory->se3.rmse, e.trajectory->origin.rmse, e.trajectory->se3.n);
    }
    if (e.map) {
        fmt::format_to(out, "map: coverage {:.1f} %, IoU {:.3f}{}\n", 100 * e.map->coverage.coverage, e.map->iou.iou,
                       e.map->ssim_valid ? fmt::format(", SSIM {:.3f}", e.map->ssim) : "");
    }
    if (e.lost) {
        std::size_t lost = 0;
        for (const auto &ep : e.lost->episodes.episodes()) lost += ep.worst == localization::LostStatus::Lost;
        fmt::format_to(out, "localization: {} lost episode(s) over {} readings\n", lost, e.lost->episodes.readings());
    }
    fmt::format_to(out, "topics: {} analysed\n", e.topic_health.size());
    for (const auto &n : e.notes) fmt::format_to(out, "not evaluated: {}\n", n);
    for (const auto &c : e.caveats) fmt::format_to(out, "caveat: {}\n", c);
    fmt::format_to(out, "outputs: {}/summary.json, report.html, evaluation.mcap and one CSV per analysis\n", out_dir);
    return text;
}

}  // namespace robometrics::evaluate
