#include "robometrics/evaluate/Evaluation.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "robometrics/evaluate/RobotVerdicts.hpp"
#include "robometrics/evaluate/TraversalJson.hpp"
#include "robometrics/report/JsonNumber.hpp"

namespace robometrics::evaluate {

namespace {

using report::finiteOrNull;

nlohmann::json statsJson(const slam::ErrorStatistics &s) {
    return {{"n", s.n},
            {"rmse", finiteOrNull(s.rmse)},
            {"mean", finiteOrNull(s.mean)},
            {"median", finiteOrNull(s.median)},
            {"std", finiteOrNull(s.std)},
            {"min", finiteOrNull(s.min)},
            {"max", finiteOrNull(s.max)},
            {"sse", finiteOrNull(s.sse)}};
}

/// What the verdict rests on: each core check, whether it ran, on what, or why not.
nlohmann::json verdictBasisJson(const Evaluation &e) {
    nlohmann::json ran = nlohmann::json::array(), missing = nlohmann::json::array();
    for (const CoreCheck &c : e.core_checks) {
        (c.ran ? ran : missing).push_back({{"check", c.name}, {c.ran ? "on" : "reason", c.basis}});
    }
    return {{"checks_run", ran}, {"checks_not_run", missing}};
}

}  // namespace

bool Evaluation::ok() const {
    return std::all_of(anomalies.begin(), anomalies.end(), [](const slam::Anomaly &a) { return a.informs_only; });
}

bool Evaluation::inconclusive() const {
    return ok() && std::any_of(core_checks.begin(), core_checks.end(), [](const CoreCheck &c) { return !c.ran; });
}

const char *Evaluation::verdict() const {
    if (!ok()) return "potential_failure";
    return inconclusive() ? "inconclusive" : "ok";
}

std::pair<double, double> gapOnAxis(const RunClock &clock, const topicstats::TopicHealth &t,
                                    const topicstats::TopicGap &g) {
    if (t.period_from_stamps) return {clock.stampSinceStart(g.start), clock.stampSinceStart(g.end)};
    return {toSeconds(g.start - clock.axisOrigin()), toSeconds(g.end - clock.axisOrigin())};
}

namespace {

/// The window judged: its bounds as asked, and the first and last message read in it, on the axis.
nlohmann::json windowJson(const bag::LogWindow &w, const RunClock &clock) {
    const bool open_end = w.end == std::numeric_limits<TimeNs>::max();
    return {
        {"origin_ns", w.origin},
        {"start_ns", w.start},
        {"end_ns", open_end ? nlohmann::json(nullptr) : nlohmann::json(w.end)},
        {"start_s", toSeconds(w.start - w.origin)},
        {"end_s", open_end ? nlohmann::json(nullptr) : nlohmann::json(toSeconds(w.end - w.origin))},
        {"first_message_s", clock.empty() ? nlohmann::json(nullptr) : nlohmann::json(clock.sinceStart(clock.start()))},
        {"last_message_s", clock.empty() ? nlohmann::json(nullptr) : nlohmann::json(clock.sinceStart(clock.end()))}};
}

}  // namespace

nlohmann::json toSummaryJson(const Evaluation &e) {
    nlohmann::json j;
    j["verdict"] = e.verdict();
    j["verdict_basis"] = verdictBasisJson(e);
    j["bag"] = e.inputs.bag;
    j["start_ns"] = e.start_time;
    j["end_ns"] = e.end_time;
    j["duration_s"] = e.clock.durationSeconds();  // on the system's clock (simulated time in a simulation)
    j["wall_duration_s"] = e.clock.wallDurationSeconds();
    if (e.window) j["window"] = windowJson(*e.window, e.clock);
    const auto offset = e.clock.stampOffsetSeconds();
    j["time_base"] = {{"axis", fmt::format("{}, seconds since the first message", e.clock.clockName())},
                      {"clock", e.clock.clockName()},
                      {"sim_time", e.clock.simTime()},
                      {"paused_wall_s", e.clock.pausedWallSeconds()},
                      {"stamp_offset_s", offset ? finiteOrNull(*offset) : nullptr},
                      {"description", e.clock.describe()}};
    j["anomalies"] = nlohmann::json::array();
    for (const auto &a : e.anomalies) {
        nlohmann::json evidence = nlohmann::json::object();
        for (const auto &[name, value] : a.evidence) evidence[name] = finiteOrNull(value);
        j["anomalies"].push_back({{"code", a.code},
                                  {"message", a.message},
                                  {"value", finiteOrNull(a.value)},
                                  {"threshold", finiteOrNull(a.threshold)},
                                  {"time_s", a.time_s ? finiteOrNull(*a.time_s) : nullptr},
                                  {"end_time_s", a.end_time_s ? finiteOrNull(*a.end_time_s) : nullptr},
                                  {"evidence", evidence}});
        if (a.informs_only) j["anomalies"].back()["affects_verdict"] = false;
        if (!a.robot.empty()) j["anomalies"].back()["robot"] = a.robot;  // a multi-robot run only
    }
    if (!e.lost_spans.empty()) {  // only when there is one: a clean run's file is unchanged
        nlohmann::json spans = nlohmann::json::array();
        for (const bag::LostSpan &span : e.lost_spans) {
            spans.push_back(
                {{"file", span.file},
                 {"start_s", span.start_time ? finiteOrNull(e.clock.sinceStart(*span.start_time)) : nullptr},
                 {"end_s", span.end_time ? finiteOrNull(e.clock.sinceStart(*span.end_time)) : nullptr},
                 {"messages", span.messages ? nlohmann::json(*span.messages) : nlohmann::json(nullptr)},
                 {"topics", span.topics},
                 {"byte_begin", span.byte_begin ? nlohmann::json(*span.byte_begin) : nlohmann::json(nullptr)},
                 {"byte_end", span.byte_end ? nlohmann::json(*span.byte_end) : nlohmann::json(nullptr)},
                 {"reason", span.reason}});
        }
        j["lost_spans"] = std::move(spans);
    }
    if (!e.robots.empty()) j["robots"] = robotsJson(e);  // a multi-robot run only (docs/evaluate.md)
    j["not_evaluated"] = e.notes;  // analyses that did not run and why (missing inputs are not failures)
    if (!e.caveats.empty()) j["caveats"] = e.caveats;  // only when there is one: a clean run's file is unchanged
    nlohmann::json topics = {{"scan", e.topics.scan},
                             {"imu", e.topics.imu},
                             {"pose_array", e.topics.pose_array},
                             {"odometry", e.topics.odometry},
                             {"amcl_pose", e.topics.amcl_pose},
                             {"map", e.topics.map},
                             {"grid_map", e.topics.grid_map},
                             {"tf", e.topics.tf}};
    // The ground truth and why, only when a recording has a candidate: other files are unchanged.
    if (!e.topics.ground_truth.empty() || !e.topics.ground_truth_passed_over.empty()) {
        topics["ground_truth"] = {{"topic", e.topics.ground_truth},
                                  {"type", e.topics.ground_truth_type},
                                  {"entry", e.topics.ground_truth_entry},
                                  {"why", e.topics.ground_truth_why},
                                  {"passed_over", e.topics.ground_truth_passed_over}};
    }
    j["analysed_topics"] = topics;
    j["sensors"] = sensorsJson(e);
    j["scanners"] = scannersJson(e);
    if (!e.clouds.empty()) j["point_clouds"] = pointCloudsJson(e);  // only with a cloud: other files unchanged
    j["safety"] = safetyJson(e);
    if (e.traversal) j["traversal"] = traversalJson(e);
    {
        const ActivityResult &a = e.activity;
        nlohmann::json stuck = nlohmann::json::array();
        for (const auto &s : a.stuck) {
            stuck.push_back({{"start_s", toSeconds(s.start - e.clock.axisOrigin())},
                             {"end_s", toSeconds(s.end - e.clock.axisOrigin())},
                             {"commanded_mps", finiteOrNull(s.commandedSpeed())},
                             {"measured_mps", finiteOrNull(s.measuredSpeed())}});
        }
        j["activity"] = {{"command_topic", a.command_topic},
                         {"goal_topics", a.goal_topics},
                         {"intent_known", a.intent_known},
                         {"goals", a.goals},
                         {"commanded_s", a.commanded_s},
                         {"moving_s", a.moving_s},
                         {"idle_s", a.idle_s},
                         {"progress_source", a.progress_source},
                         {"stuck_episodes", stuck}};
    }
    nlohmann::json health = nlohmann::json::array();
    for (const auto &t : e.topic_health) {
        nlohmann::json gaps = nlohmann::json::array();
        for (const auto &g : topicstats::worstGaps(t)) {
            gaps.push_back({{"start_s", gapOnAxis(e.clock, t, g).first},
                            {"length_s", g.lengthMs() / 1e3},
                            {"missing", g.missing}});
        }
        health.push_back(
            {{"topic", t.topic},
             {"count", t.count},
             {"role", topicstats::toString(t.role)},
             {"duration_s", t.duration_s},
             {"mean_rate_hz", finiteOrNull(t.mean_rate_hz)},
             {"active_rate_hz", finiteOrNull(t.active_rate_hz)},
             {"idle_gaps", t.idle_gaps},
             {"idle_s", t.idle_s},
             {"worst_gaps", gaps},
             {"jitter_ms", finiteOrNull(t.jitter_ms)},
             {"longest_gap_ms", finiteOrNull(t.longest_gap_ms)},
             {"kind", topicstats::toString(t.kind)},
             {"publishers", t.publishers},
             {"expected_period_ms", finiteOrNull(t.expected_period_ms)},
             {"period_from_stamps", t.period_from_stamps},
             {"estimated_drops",
              t.kind == topicstats::TopicKind::Periodic ? nlohmann::json(t.estimated_drops) : nlohmann::json(nullptr)},
             {"bandwidth_bps", finiteOrNull(t.bandwidth_bps)},
             {"age_p50_ms", t.age_samples ? finiteOrNull(t.age_p50_ms) : nullptr},
             {"age_p95_ms", t.age_samples ? finiteOrNull(t.age_p95_ms) : nullptr},
             {"stamps_out_of_order", t.stamps_out_of_order}});
    }
    j["topics"] = health;
    if (e.lost) {
        nlohmann::json episodes = nlohmann::json::array();
        const TimeNs origin = e.clock.empty() ? e.start_time : e.clock.logOrigin();
        for (const auto &ep : e.lost->episodes.episodes()) {
            episodes.push_back({{"start_s", toSeconds(ep.start - origin)},
                                {"end_s", toSeconds(ep.end - origin)},
                                {"duration_s", ep.durationSeconds()},
                                {"worst", std::string(localization::toString(ep.worst))},
                                {"peak_probability", finiteOrNull(ep.peak_probability)},
                                {"open", ep.open}});
        }
        j["localization"] = {{"topic", e.lost->topic},
                             {"readings", e.lost->episodes.readings()},
                             {"invalid_readings", e.lost->episodes.invalid()},
                             {"normal", e.lost->episodes.countOf(localization::LostStatus::Normal)},
                             {"confused", e.lost->episodes.countOf(localization::LostStatus::Confused)},
                             {"lost", e.lost->episodes.countOf(localization::LostStatus::Lost)},
                             {"episodes", episodes}};
    }
    if (e.motion) {
        j["motion"] = {
            {"source", e.motion_source},
            {"odometry_messages", e.motion->samples},
            {"path_length_m", finiteOrNull(e.motion->path_length_m)},
            {"max_speed_mps", finiteOrNull(e.motion->max_speed_mps)},
            {"max_speed_at_s", finiteOrNull(e.motion->max_speed_at_s)},
            {"max_speed_from_stamps", e.motion->max_speed_from_stamps},
            {"movement_start_s", e.motion->movement_start_s ? finiteOrNull(*e.motion->movement_start_s) : nullptr}};
    }
    if (e.trajectory) {
        const auto &tr = *e.trajectory;
        j["trajectory"] = {{"estimate", tr.estimate_source},
                           {"matched_poses", tr.se3.n},
                           {"ate_se3", statsJson(tr.se3)},
                           {"ate_origin", statsJson(tr.origin)},
                           {"scale", tr.scale}};
        if (e.motion && e.motion->path_length_m > 0) {
            j["trajectory"]["drift_per_m"] = tr.se3.rmse / e.motion->path_length_m;
        }
    }
    if (e.map) {
        const auto &m = *e.map;
        j["map"] = {
            {"coverage", finiteOrNull(m.coverage.coverage)},
            {"accessible_coverage", finiteOrNull(m.coverage.accessible_coverage)},
            {"iou", finiteOrNull(m.iou.iou)},
            {"ssim", m.ssim_valid ? finiteOrNull(m.ssim) : nullptr},
            {"ssim_full", m.ssim_valid ? finiteOrNull(m.ssim_full) : nullptr},
            {"wall_thickness_m", m.estimate_walls.valid() ? finiteOrNull(m.estimate_walls.corrected_m) : nullptr},
            {"cells", m.cells}};
    }
    if (e.costmap) {
        const auto &c = e.costmap->stats;
        j["costmap"] = {{"topic", e.costmap->topic},
                        {"frames", c.frames},
                        {"dropped_frames", e.costmap->dropped},
                        {"lethal_share", c.share(c.lethal)},
                        {"unknown_share", c.share(c.unknown)},
                        {"free_share", c.share(c.free)},
                        {"mean_frame_ms", finiteOrNull(c.meanMs())},
                        {"p95_frame_ms", finiteOrNull(c.percentileMs(0.95))}};
    }
    if (e.system) {
        double peak_cpu = 0, mean_cpu = 0;
        std::uint64_t peak_rss = 0;
        for (const auto &s : e.system->samples) {
            peak_cpu = std::max(peak_cpu, s.cpu_percent);
            mean_cpu += s.cpu_percent;
            peak_rss = std::max(peak_rss, s.rss_bytes);
        }
        if (!e.system->samples.empty()) mean_cpu /= static_cast<double>(e.system->samples.size());
        // What the kernel counted at exit (run.json, wait4) is exact however short the run: the
        // average CPU over the run (a lower bound of its peak) and the largest resident set.
        const nlohmann::json &run = e.system->run;
        if (run.is_object() && run.contains("cpu_time_s") && run.value("duration_s", 0.0) > 0) {
            mean_cpu = 100.0 * run["cpu_time_s"].get<double>() / run["duration_s"].get<double>();
            peak_cpu = std::max(peak_cpu, mean_cpu);
        }
        if (run.is_object() && run.contains("max_rss_bytes")) {
            peak_rss = std::max(peak_rss, run["max_rss_bytes"].get<std::uint64_t>());
        }
        j["system"] = {{"samples", e.system->samples.size()},
                       {"peak_cpu_percent", peak_cpu},
                       {"mean_cpu_percent", mean_cpu},
                       {"peak_rss_bytes", peak_rss}};
        if (run.is_object()) j["system"]["run"] = run;  // system.csv without run.json: no null entry
    }
    return j;
}

}  // namespace robometrics::evaluate
