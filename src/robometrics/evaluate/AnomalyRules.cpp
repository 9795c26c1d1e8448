#include "robometrics/evaluate/AnomalyRules.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "robometrics/topicstats/SensorSilence.hpp"

namespace robometrics::evaluate {

namespace {

constexpr std::size_t kMinOdometryForMotionChecks = 10;
/// A teleport moves the pose at least this far in one step (else it is fast driving).
constexpr double kMinTeleportStepM = 0.2;

/// Topics the user declared required (slam_eval parameter required_topics) that the bag lacks
/// or that carry no message.
void requiredTopics(const Evaluation &e, const RuleLimits &limits, Findings &found) {
    for (const std::string &topic : limits.checks.required_topics) {
        std::uint64_t count = 0;
        bool present = false;
        for (const auto &h : e.topic_health) {
            if (h.topic == topic) {
                present = true;
                count = h.count;
            }
        }
        if (count > 0) continue;
        found.raise("missing_topic",
                    fmt::format("required topic {} {}", topic, present ? "has no messages" : "was not recorded"), 0, 1,
                    std::nullopt, {{"messages", 0.0}});
    }
}

/// One anomaly per contact on each scanner, from its first colliding scan to its last.
void collisions(const Evaluation &e, const RuleLimits &limits, Findings &found) {
    const double threshold = limits.checks.collision_threshold;
    for (const ScannerResult &scanner : e.scanners) {
        if (!scanner.judged) continue;
        const bool cloud = scanner.sensor == "PointCloud2";
        for (const traversal::CollisionEpisode &c : scanner.summary.episodes) {
            const double from = e.clock.sinceStart(c.start), to = e.clock.sinceStart(c.end);
            found
                .raise("collision",
                       fmt::format("collision on {} from {:.2f} s to {:.2f} s: {} {:.2f} m, below "
                                   "the collision threshold {:.2f} m ({} {})",
                                   scanner.topic, from, to,
                                   cloud ? "smallest clearance of the footprint" : "smallest valid range",
                                   c.min_range_m, threshold, c.scans, cloud ? "clouds" : "scans"),
                       c.min_range_m, threshold, from,
                       {{"scans_in_collision", static_cast<double>(c.scans)}, {"min_clearance_m", c.min_range_m}})
                .end_time_s = to;
        }
    }
}

/// Run-axis time of the first traversal row (one a second) whose counter `field` went up.
std::optional<double> firstRowCounting(const Evaluation &e, std::uint64_t traversal::TraversalRow::*field) {
    for (const auto &r : e.traversal->rows) {
        if (r.*field > 0) return e.clock.sinceStart(r.time);
    }
    return std::nullopt;
}

/// The rejected pose jumps that compare the poses on either side of a lost span (a damaged
/// stretch the reader skipped): counted in the rows whose stretch of time meets the span or the
/// second after it, where the first pose after the span lands. Not jumps of the robot.
std::uint64_t jumpsOverLostSpans(const Evaluation &e) {
    std::uint64_t over = 0, before = 0;
    TimeNs previous = e.start_time;
    for (const traversal::TraversalRow &r : e.traversal->rows) {
        const std::uint64_t added = r.rejected_pose_jumps - before;
        before = r.rejected_pose_jumps;
        for (const bag::LostSpan &span : e.lost_spans) {
            if (added == 0 || !span.start_time || !span.end_time) continue;
            if (*span.start_time <= r.time && previous <= *span.end_time + kNsPerSecond) {
                over += added;
                break;
            }
        }
        previous = r.time;
    }
    return over;
}

void poseJumps(const Evaluation &e, const RuleLimits &, Findings &found) {
    if (!e.traversal) return;
    const auto &s = e.traversal->summary;
    const std::uint64_t jumps = s.rejected_pose_jumps - std::min(s.rejected_pose_jumps, jumpsOverLostSpans(e));
    if (jumps == 0) return;
    found.raise("pose_jump",
                fmt::format("{} jump(s) of the ground-truth pose on {} larger than the step guard (teleport)", jumps,
                            e.topics.pose_array),
                static_cast<double>(jumps), 0, firstRowCounting(e, &traversal::TraversalRow::rejected_pose_jumps),
                {{"pose_messages", static_cast<double>(s.pose_messages)}});
}

/// What BenchBot's whole-run checks judge for one robot: its motion, its ground-truth pose topic's
/// path (the run's own robot only), its ATE.
struct Assessed {
    const std::optional<slam::RunMotion> &motion;
    std::string odometry_topic;  ///< named in the teleport anomaly
    std::string counted_on;      ///< the odometry topic the note on too few messages names
    std::optional<double> path_length_m;
    std::optional<double> ate_rmse_m;
    std::string estimate_source;                   ///< of the ATE
    std::optional<TrajectoryResult::Worst> worst;  ///< its largest error, for the drift anomaly
    std::string robot;                             ///< empty: the run's own robot (named later)
};

/// The drift anomaly at the estimate's largest error (its header stamp on the run axis).
void timeTheDrift(const Evaluation &e, const Assessed &what, std::vector<slam::Anomaly> &anomalies) {
    if (!what.worst) return;
    const TrajectoryResult::Worst &worst = *what.worst;
    for (slam::Anomaly &a : anomalies) {
        if (a.code != "drift") continue;
        a.time_s = e.clock.stampSinceStart(worst.stamp);
        a.evidence.push_back({"max_error_m", worst.error});
        a.message = fmt::format(
            "drift of the estimate {}: ATE RMSE {:.3f} m (SE(3) aligned), largest error {:.2f} m at "
            "{:.1f} s",
            what.estimate_source, a.value, worst.error, *a.time_s);
    }
}

/// BenchBot's whole-run checks (slam::assessRun) on one robot: speed, teleport, path length, drift.
void assess(const Evaluation &e, const RuleLimits &limits, const Assessed &what, std::size_t scans, Findings &found) {
    const std::optional<slam::RunMotion> &motion = what.motion;
    slam::RunObservations obs;
    // A handful of odometry messages is not a drive: stuck and teleport need a track to judge.
    if (motion && motion->samples >= kMinOdometryForMotionChecks) {
        obs.setMotion(*motion);
    } else if (motion) {
        found.notes.push_back(
            fmt::format("{}stuck and teleport checks: only {} odometry message(s) on {} (at least {} "
                        "needed)",
                        what.robot.empty() ? "" : what.robot + ": ", motion->samples, what.counted_on,
                        kMinOdometryForMotionChecks));
    }
    obs.scan_messages = scans;
    if (what.path_length_m) obs.path_length_m = *what.path_length_m;
    obs.ate_rmse_m = what.ate_rmse_m;
    obs.odometry_topic = what.odometry_topic;
    std::vector<slam::Anomaly> raised;
    for (slam::Anomaly &a : slam::assessRun(obs, limits.checks.thresholds).anomalies) {
        // A teleport is a jump of the pose. Driving faster than max_speed_mps moves a few
        // centimetres per sample (turtlesim's teleop turtle runs at 2 m/s): speed, said in a
        // note, not a jump.
        if (a.code == "teleport" && motion && motion->max_speed_step_m < kMinTeleportStepM) {
            found.notes.push_back(
                fmt::format("{}teleport: the fastest motion, {:.2f} m/s at {:.1f} s, is over {:.3f} m, "
                            "under the {:.2f} m a jump needs: fast driving, not a teleport",
                            what.robot.empty() ? "" : what.robot + ": ", motion->max_speed_mps, motion->max_speed_at_s,
                            motion->max_speed_step_m, kMinTeleportStepM));
            continue;
        }
        a.robot = what.robot;
        raised.push_back(std::move(a));
    }
    timeTheDrift(e, what, raised);
    for (slam::Anomaly &a : raised) found.anomalies.push_back(std::move(a));
}

/// The run's own robot, then each other robot of a multi-robot recording on its own motion and ATE.
void runAssessment(const Evaluation &e, const RuleLimits &limits, Findings &found) {
    if (e.motion || e.traversal) {
        Assessed own{.motion = e.motion,
                     .odometry_topic = e.topics.odometry.empty() ? e.motion_source : e.topics.odometry,
                     .counted_on = e.topics.odometry};
        // A ground-truth pose topic measures real motion; wheel odometry keeps counting when the
        // wheels spin in place, so it cannot tell a stuck robot (the seed's "stuck" check).
        if (e.traversal && !e.topics.pose_array.empty() && e.traversal->summary.pose_messages > 0) {
            own.path_length_m = e.traversal->summary.distance_traveled;
        }
        if (e.trajectory) {
            own.ate_rmse_m = e.trajectory->se3.rmse;
            own.estimate_source = e.trajectory->estimate_source;
            own.worst = e.trajectory->worst;
        }
        assess(e, limits, own, e.traversal ? e.traversal->summary.scans : 0, found);
    }
    for (std::size_t i = 1; i < e.robots.size(); ++i) {
        const RobotJudgement &r = e.robots[i];
        if (!r.motion && !r.ate) continue;
        Assessed other{.motion = r.motion, .odometry_topic = r.topics.odometry, .counted_on = r.topics.odometry};
        other.robot = r.name;
        if (r.ate) {
            other.ate_rmse_m = r.ate->se3.rmse;
            other.estimate_source = r.ate->estimate;
            other.worst = r.ate->worst;
        }
        assess(e, limits, other, 0, found);
    }
}

/// The lost episodes of one robot's AMCL pose, named with `robot` (empty: the run's own robot).
void lostOf(const Evaluation &e, const LostResult &lost, const std::string &robot, Findings &found) {
    for (const auto &episode : lost.episodes.episodes()) {
        if (episode.worst != localization::LostStatus::Lost) continue;
        const double from = e.clock.sinceStart(episode.start), to = e.clock.sinceStart(episode.end);
        found
            .raise("localization_lost",
                   fmt::format("localization on {} lost from {:.1f} s to {:.1f} s{} (peak P(lost) {:.2f})", lost.topic,
                               from, to, episode.open ? ", not recovered" : "", episode.peak_probability),
                   episode.durationSeconds(), 0, from,
                   {{"duration_s", episode.durationSeconds()}, {"peak_p_lost", episode.peak_probability}})
            .end_time_s = to;
        found.anomalies.back().robot = robot;
    }
}

/// The run's own robot's AMCL pose, then each other robot's.
void localizationLost(const Evaluation &e, const RuleLimits &, Findings &found) {
    if (e.lost) lostOf(e, *e.lost, {}, found);
    for (std::size_t i = 1; i < e.robots.size(); ++i) {
        if (e.robots[i].lost) lostOf(e, *e.robots[i].lost, e.robots[i].name, found);
    }
}

/// The stuck episodes of one robot's activity `a`, named with `robot` (empty in a one-robot run).
void stuckOf(const Evaluation &e, const ActivityResult &a, const std::string &robot, Findings &found) {
    for (const activity::StuckEpisode &s : a.stuck) {
        const double from = toSeconds(s.start - e.clock.axisOrigin()), to = toSeconds(s.end - e.clock.axisOrigin());
        found
            .raise("stuck",
                   fmt::format("commanded {:.2f} m/s on {} from {:.1f} s to {:.1f} s, but the robot covered {:.2f} m "
                               "({:.2f} m/s) on {}",
                               s.commandedSpeed(), a.command_topic, from, to, s.covered_m, s.measuredSpeed(),
                               a.progress_source),
                   s.measuredSpeed(), s.commandedSpeed(), from,
                   {{"commanded_mps", s.commandedSpeed()},
                    {"measured_mps", s.measuredSpeed()},
                    {"commanded_m", s.commanded_m},
                    {"covered_m", s.covered_m},
                    {"duration_s", s.durationSeconds()}})
            .end_time_s = to;
        found.anomalies.back().robot = robot;
    }
}

/// Stuck, robot by robot in a multi-robot recording.
void stuck(const Evaluation &e, const RuleLimits &, Findings &found) {
    if (e.robots.empty()) return stuckOf(e, e.activity, {}, found);
    for (const RobotJudgement &robot : e.robots) stuckOf(e, robot.activity, robot.name, found);
}

void topicDrops(const Evaluation &e, const RuleLimits &limits, Findings &found) {
    const double drop_ratio = limits.topic_drop_ratio;
    for (const auto &t : e.topic_health) {
        // Only a periodic topic has messages that should have come (see TopicHealth).
        if (t.kind != topicstats::TopicKind::Periodic) continue;
        const double ratio = static_cast<double>(t.estimated_drops) / static_cast<double>(t.count);
        if (ratio <= drop_ratio) continue;
        const std::vector<topicstats::TopicGap> worst = topicstats::worstGaps(t);
        std::vector<std::string> spans;
        for (const topicstats::TopicGap &g : worst) {
            const auto [from, to] = gapOnAxis(e.clock, t, g);
            spans.push_back(fmt::format("{:.1f}-{:.1f} s ({:.2f} s)", from, to, g.lengthMs() / 1e3));
        }
        std::vector<std::pair<std::string, double>> evidence{
            {"estimated_drops", static_cast<double>(t.estimated_drops)},
            {"messages", static_cast<double>(t.count)},
            {"expected_period_ms", t.expected_period_ms},
            {"gaps_over_threshold", static_cast<double>(t.gaps_over_threshold)},
            {"idle_gaps", static_cast<double>(t.idle_gaps)}};
        std::optional<double> start, end;
        if (!worst.empty()) {
            std::tie(start, end) = gapOnAxis(e.clock, t, worst.front());
            evidence.push_back({"longest_gap_ms", worst.front().lengthMs()});
        }
        found
            .raise("topic_drops",
                   fmt::format("{}: about {} messages missing ({:.1f} % of {}) at a period of {:.1f} ms (measured on "
                               "{}); longest gap{} {}",
                               t.topic, t.estimated_drops, 100 * ratio, t.count, t.expected_period_ms,
                               t.period_from_stamps ? "header stamps" : "receive times", spans.size() > 1 ? "s" : "",
                               fmt::join(spans, ", ")),
                   ratio, drop_ratio, start, std::move(evidence))
            .end_time_s = end;
    }
}

/// A sensor silent for many of its periods while the robot moved is raised whatever its share
/// of the whole run (a 200 Hz IMU silent for 3 s in a 2-minute run is 2.5 % of it): a silence of
/// at least kSilentPeriods periods and kSilentSeconds, the robot moving for at least half of it
/// (or motion unknown). A topic the share rule already raised is not raised twice.
void silentSensors(const Evaluation &e, const RuleLimits &, Findings &found) {
    using Rule = topicstats::SensorSilenceRule;
    std::set<std::string> raised;
    for (const slam::Anomaly &a : found.anomalies) {
        if (a.code == "topic_drops") raised.insert(a.message.substr(0, a.message.find(": ")));
    }
    for (const auto &t : e.topic_health) {
        if (t.kind != topicstats::TopicKind::Periodic || t.role != topicstats::TopicRole::Sensor) continue;
        if (raised.count(t.topic) || !(t.expected_period_ms > 0)) continue;
        const double period_s = t.expected_period_ms / 1e3, least_s = Rule::least(period_s);
        const topicstats::TopicGap *worst = nullptr;
        double worst_moving_s = 0;
        for (const topicstats::TopicGap &g : t.gaps) {
            const auto [from, to] = gapOnAxis(e.clock, t, g);
            const TimeNs origin = e.clock.axisOrigin();
            std::optional<double> moving;
            if (e.activity.moving)
                moving = toSeconds(e.activity.moving->overlap(origin + fromSeconds(from), origin + fromSeconds(to)));
            if (!Rule::counts(to - from, moving, period_s)) continue;
            const double moving_s = moving.value_or(to - from);
            if (!worst || g.lengthMs() > worst->lengthMs()) {
                worst = &g;
                worst_moving_s = moving_s;
            }
        }
        if (!worst) continue;
        const auto [from, to] = gapOnAxis(e.clock, t, *worst);
        const double periods = worst->lengthMs() / t.expected_period_ms;
        found
            .raise("sensor_silent",
                   fmt::format("{}: silent for {:.2f} s ({:.0f} periods of {:.1f} ms) from {:.1f} s to {:.1f} s{}",
                               t.topic, to - from, periods, t.expected_period_ms, from, to,
                               e.activity.moving ? fmt::format(", the robot moving for {:.1f} s of it", worst_moving_s)
                                                 : std::string()),
                   to - from, least_s, from,
                   {{"silence_s", to - from},
                    {"periods", periods},
                    {"expected_period_ms", t.expected_period_ms},
                    {"moving_s", worst_moving_s}})
            .end_time_s = to;
    }
}

/// How far a CPU share of system.csv can be off: the kernel charges CPU time in clock ticks
/// (USER_HZ, 100 a second on Linux), so each process of a sample may be charged up to one tick
/// more than it ran in the interval. A single-threaded command busy for one 1 s interval can read
/// 101 %, which is not over a 100 % budget.
double cpuSampleResolution(const system::ResourceSample &s, double interval_s) {
    constexpr double kUserHz = 100.0;
    if (!(interval_s > 0)) return 0.0;
    return 100.0 * std::max(1, s.processes) / (kUserHz * interval_s);
}

void cpuBudget(const Evaluation &e, const RuleLimits &limits, Findings &found) {
    if (!e.system) return;
    const double budget = limits.cpu_budget_percent;
    double peak = 0, peak_at = 0, previous_s = 0;
    bool over = false;
    for (const auto &s : e.system->samples) {
        if (s.cpu_percent > peak) {
            peak = s.cpu_percent;
            peak_at = s.elapsed_s;
        }
        over |= s.cpu_percent > budget + cpuSampleResolution(s, s.elapsed_s - previous_s);
        previous_s = s.elapsed_s;
    }
    if (!over) return;
    found.raise("cpu_budget",
                fmt::format("peak CPU {:.0f} % at {:.1f} s of the run command exceeds the edge budget of {:.0f} %",
                            peak, peak_at, budget),
                peak, budget, std::nullopt, {{"peak_at_run_elapsed_s", peak_at}});
}

}  // namespace

slam::Anomaly &Findings::raise(std::string code, std::string message, double value, double threshold,
                               std::optional<double> time_s, std::vector<std::pair<std::string, double>> evidence) {
    anomalies.push_back(
        slam::Anomaly{std::move(code), std::move(message), value, threshold, time_s, std::move(evidence)});
    return anomalies.back();
}

const std::vector<AnomalyRule> &anomalyRules() {
    static const std::vector<AnomalyRule> rules{requiredTopics, collisions,       poseJumps,
                                                runAssessment,  localizationLost, stuck,
                                                topicDrops,     silentSensors,    cpuBudget};
    return rules;
}

Findings runAnomalyRules(const Evaluation &e, const RuleLimits &limits) {
    Findings found;
    for (const AnomalyRule rule : anomalyRules()) rule(e, limits, found);
    nameRobots(e.robots, found.anomalies);
    return found;
}

void nameRobots(const std::vector<RobotJudgement> &robots, std::vector<slam::Anomaly> &anomalies) {
    for (slam::Anomaly &a : anomalies) {
        if (!a.robot.empty() || robots.empty()) continue;
        if (robots.size() == 1) {
            a.robot = robots.front().name;
            continue;
        }
        // The robot whose topics the message names (/robot2/scan); one outside the namespaces
        // ("/") only when no namespaced robot is named.
        for (const RobotJudgement &r : robots) {
            if (r.name != "/" && a.message.find("/" + r.name + "/") != std::string::npos) a.robot = r.name;
        }
    }
}

DamageFindings damageFindings(const bag::ReadDamage &damage, const RunClock &clock, TimeNs start_time) {
    // A recording cut short (the recorder killed, the disk full, the robot's power gone) is read up
    // to the cut: what was lost is a caveat of every figure, and the cut itself an anomaly of the
    // run, because a recorder that died is a failure of the system under test.
    DamageFindings out;
    out.caveat = bag::damageWarning(damage) + (damage.read_to_end ? "; no analysis judges the lost stretches"
                                                                  : "; every figure covers the recording up to there");
    // Each stretch skipped, reading going on after it: said, judged by no analysis, and no
    // failure of the robot (the storage was damaged, not the run).
    for (const bag::LostSpan &span : damage.spans) {
        const std::optional<double> from =
            span.start_time ? std::optional<double>(clock.sinceStart(*span.start_time)) : std::nullopt;
        std::vector<std::pair<std::string, double>> evidence;
        if (span.byte_begin && span.byte_end) {
            evidence.push_back({"byte_begin", static_cast<double>(*span.byte_begin)});
            evidence.push_back({"byte_end", static_cast<double>(*span.byte_end)});
        }
        if (span.messages) evidence.push_back({"messages_lost", static_cast<double>(*span.messages)});
        slam::Anomaly &a =
            out.found.raise("recording_damaged",
                            fmt::format("{}: a damaged stretch was skipped and reading went on: {} ({})", span.file,
                                        bag::describeSpan(span, start_time), span.reason),
                            span.messages ? static_cast<double>(*span.messages) : 0.0, 0, from, std::move(evidence));
        a.end_time_s = span.end_time ? std::optional<double>(clock.sinceStart(*span.end_time)) : std::nullopt;
        a.informs_only = true;
        out.lost_spans.push_back(span);
    }
    if (damage.read_to_end) return out;
    const std::optional<double> at =
        damage.last_log_time ? std::optional<double>(clock.sinceStart(*damage.last_log_time)) : std::nullopt;
    out.found.raise(
        damage.truncated ? "recording_truncated" : "recording_damaged",
        fmt::format("{}: the recording {} {}({}); {} messages read", damage.file,
                    damage.truncated ? "ends abruptly" : "stops at damage",
                    at ? fmt::format("at {:.1f} s ", *at) : std::string(),
                    damage.loss.empty() ? damage.description : damage.loss, bag::groupedCount(damage.messages_read)),
        static_cast<double>(damage.messages_read), 0, at,
        {{"messages_read", static_cast<double>(damage.messages_read)},
         {"damaged_files", static_cast<double>(1 + damage.other_damaged_files)}});
    return out;
}

}  // namespace robometrics::evaluate
