#include "robometrics/evaluate/Evaluator.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <memory>
#include <set>
#include <sstream>

#include "robometrics/bag/BagBytes.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/core/Params.hpp"
#include "robometrics/evaluate/CoreChecks.hpp"
#include "robometrics/evaluate/OdometryPaths.hpp"
#include "robometrics/evaluate/Scanners.hpp"
#include "robometrics/evaluate/TfGroundTruth.hpp"
#include "robometrics/evaluate/TfTrack.hpp"
#include "robometrics/evaluate/SystemFiles.hpp"
#include "robometrics/io/BagMap.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/io/TfRecording.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/nodes/ActivityNode.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/nodes/TopicChoice.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"
#include "robometrics/nodes/TraversalNode.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/slam/MatchedPairs.hpp"
#include "robometrics/topicstats/SensorSilence.hpp"

namespace robometrics::evaluate {

namespace {

/// Params of one node from the shared file (absent node = defaults) plus overrides.
Result<Params> nodeParams(const EvaluateOptions &options, const nodes::NodeSpec &spec) {
    return nodes::loadNodeParams(spec, options.params_file.value_or(""), options.param_overrides, false);
}

void addAnomaly(Evaluation &e, std::string code, std::string message, double value, double threshold,
                std::optional<double> time_s = std::nullopt,
                std::vector<std::pair<std::string, double>> evidence = {}) {
    e.anomalies.push_back(
        slam::Anomaly{std::move(code), std::move(message), value, threshold, time_s, std::move(evidence)});
}

constexpr std::size_t kMinOdometryForMotionChecks = 10;
/// A teleport moves the pose at least this far in one step (else it is fast driving).
constexpr double kMinTeleportStepM = 0.2;

double sinceStart(const Evaluation &e, TimeNs t) { return e.clock.sinceStart(t); }

/// The inputs a Nav2 or RoboTerrain robot may record, and what is not evaluated without each.
/// A missing input is listed, not a failure, unless the user declares its topic required.
void noteMissingInputs(Evaluation &e) {
    const TopicChoice &t = e.topics;
    auto missing = [&](bool absent, const char *what) {
        if (absent) e.notes.push_back(what);
    };
    missing(t.scan.empty(), "collisions and clearance: no sensor_msgs/LaserScan topic (/scan)");
    missing(t.imu.empty(), "roughness and smoothness: no sensor_msgs/Imu topic (/imu/data)");
    if (t.odometry.empty()) {
        e.notes.push_back(t.tf ? "odometry: no nav_msgs/Odometry topic; motion (path length, speed, teleport) is "
                                 "measured on the moving TF chain instead"
                               : "motion (path length, speed, stuck and teleport checks): no nav_msgs/Odometry topic");
    }
    missing(t.amcl_pose.empty(),
            "localization (lost detector): no geometry_msgs/PoseWithCovarianceStamped topic "
            "(/amcl_pose)");
}

/// A recording cut short (the recorder killed, the disk full, the robot's power gone) is read up
/// to the cut: what was lost is a caveat of every figure, and the cut itself an anomaly of the
/// run, because a recorder that died is a failure of the system under test.
void noteDamage(Evaluation &e, const bag::ReadDamage &damage) {
    e.caveats.push_back(bag::damageWarning(damage) + (damage.read_to_end
                                                          ? "; no analysis judges the lost stretches"
                                                          : "; every figure covers the recording up to there"));
    // Each stretch skipped, reading going on after it: said, judged by no analysis, and no
    // failure of the robot (the storage was damaged, not the run).
    for (const bag::LostSpan &span : damage.spans) {
        const std::optional<double> from =
            span.start_time ? std::optional<double>(e.clock.sinceStart(*span.start_time)) : std::nullopt;
        std::vector<std::pair<std::string, double>> evidence;
        if (span.byte_begin && span.byte_end) {
            evidence.push_back({"byte_begin", static_cast<double>(*span.byte_begin)});
            evidence.push_back({"byte_end", static_cast<double>(*span.byte_end)});
        }
        if (span.messages) evidence.push_back({"messages_lost", static_cast<double>(*span.messages)});
        addAnomaly(e, "recording_damaged",
                   fmt::format("{}: a damaged stretch was skipped and reading went on: {} ({})", span.file,
                               bag::describeSpan(span, e.start_time), span.reason),
                   span.messages ? static_cast<double>(*span.messages) : 0.0, 0, from, std::move(evidence));
        e.anomalies.back().end_time_s =
            span.end_time ? std::optional<double>(e.clock.sinceStart(*span.end_time)) : std::nullopt;
        e.anomalies.back().informs_only = true;
        e.lost_spans.push_back(span);
    }
    if (damage.read_to_end) return;
    const std::optional<double> at =
        damage.last_log_time ? std::optional<double>(e.clock.sinceStart(*damage.last_log_time)) : std::nullopt;
    addAnomaly(e, damage.truncated ? "recording_truncated" : "recording_damaged",
               fmt::format("{}: the recording {} {}({}); {} messages read", damage.file,
                           damage.truncated ? "ends abruptly" : "stops at damage",
                           at ? fmt::format("at {:.1f} s ", *at) : std::string(),
                           damage.loss.empty() ? damage.description : damage.loss,
                           bag::groupedCount(damage.messages_read)),
               static_cast<double>(damage.messages_read), 0, at,
               {{"messages_read", static_cast<double>(damage.messages_read)},
                {"damaged_files", static_cast<double>(1 + damage.other_damaged_files)}});
}

/// Topics the user declared required (slam_eval parameter required_topics) that the bag lacks
/// or that carry no message.
void checkRequiredTopics(Evaluation &e, const std::vector<std::string> &required) {
    for (const std::string &topic : required) {
        std::uint64_t count = 0;
        bool present = false;
        for (const auto &h : e.topic_health) {
            if (h.topic == topic) {
                present = true;
                count = h.count;
            }
        }
        if (count > 0) continue;
        addAnomaly(e, "missing_topic",
                   fmt::format("required topic {} {}", topic, present ? "has no messages" : "was not recorded"), 0, 1,
                   std::nullopt, {{"messages", 0.0}});
    }
}

/// Trajectory estimate: the user's choice, else TF map->base_link, else the AMCL pose, else odometry.
std::vector<std::string> estimateCandidates(const Evaluation &e, const EvaluateOptions &options) {
    if (options.est_trajectory) return {*options.est_trajectory};
    std::vector<std::string> out;
    if (e.topics.tf) out.push_back(e.inputs.bag + ":tf:map:base_link");
    if (!e.topics.amcl_pose.empty()) out.push_back(e.inputs.bag + ":" + e.topics.amcl_pose);
    if (!e.topics.odometry.empty()) out.push_back(e.inputs.bag + ":" + e.topics.odometry);
    return out;
}

/// What the single pass keeps for the analyses after it: the transforms (the estimate TF
/// map -> base_link and the odometry path's map -> odom) and the chosen map's raw bytes.
struct PassRecordings {
    std::optional<io::TfRecording> tf;
    std::optional<io::BagMapCollector> map;
};

/// What the analyses after the pass read from the TF recording, taken from it before they run so
/// that the recording is released first.
struct TfChains {
    std::optional<Result<slam::PoseLog>> estimate;  ///< map -> base_link (on disk), when it is an ATE candidate
    std::optional<RunPath> odometry_in_map;         ///< the odometry through map -> odom, when it chains
};

/// The ground truth of the ATE: --gt-traj, else the run directory's gt_trajectory file, else the
/// ground truth recorded in the bag (Gazebo's p3d Odometry, motion capture).
std::optional<std::string> groundTruthTrajectory(const Evaluation &e, const EvaluateOptions &options) {
    if (options.gt_trajectory) return options.gt_trajectory;
    if (e.inputs.gt_trajectory) return e.inputs.gt_trajectory;
    if (!e.topics.ground_truth.empty()) return e.inputs.bag + ":" + e.topics.ground_truth;
    return std::nullopt;
}

/// The activity node's input role for the bag's ground-truth topic, by its type.
std::string groundTruthRole(const TopicChoice &t) {
    if (t.ground_truth_type == msgs::TypeInfo<msgs::PoseStamped>::name) return "ground_truth_pose";
    if (t.ground_truth_type == msgs::TypeInfo<msgs::PoseWithCovarianceStamped>::name) return "ground_truth_pose_cov";
    return "ground_truth_odometry";
}

std::string ownTfEstimate(const Evaluation &e) { return e.inputs.bag + ":tf:map:base_link"; }

/// The poses of the estimate `candidate`, on disk where they can be (a 4-hour run's TF chain is
/// 47 MB, its poses matched with a 20 Hz ground truth 18 MB), or why there are none (the message
/// names the candidate). This bag's TF chain comes from the pass; any other candidate is read from
/// its bag or file.
Result<slam::PoseSource> estimatePoses(const Evaluation &e, const std::string &candidate, TfChains &chains) {
    if (chains.estimate && candidate == ownTfEstimate(e)) {
        Result<slam::PoseLog> chain = std::move(*chains.estimate);
        chains.estimate.reset();  // each candidate is loaded once
        if (!chain) return chain.error();
        if (chain->empty()) return Error{candidate + ": no poses"};
        return slam::PoseSource(std::move(*chain));
    }
    auto estimate = io::loadTrajectory(candidate);
    if (!estimate) return estimate.error();
    if (estimate->empty()) return Error{candidate + ": no poses"};
    return slam::PoseSource(std::move(*estimate));
}

/// The ground-truth trajectory's poses, being read from their file (invalid without one). With two
/// threads a file of at most kMostGroundTruthBytesBeside is parsed on the second while the
/// analyses after the pass run on the first; it is held whole until the ATE has taken its poses,
/// so a larger file, which would add its size to their memory, is read when the ATE needs it, as
/// with one thread.
using GroundTruthRead = std::future<Result<slam::Trajectory>>;

GroundTruthRead readGroundTruth(const Evaluation &e, const EvaluateOptions &options) {
    constexpr std::uintmax_t kMostGroundTruthBytesBeside = std::uintmax_t{16} << 20;  // 100k TUM poses
    const std::optional<std::string> gt = groundTruthTrajectory(e, options);
    if (!gt) return {};
    std::error_code ec;
    const std::uintmax_t bytes = std::filesystem::file_size(*gt, ec);  // fails for `BAG:TOPIC`, read later
    const bool beside = options.threads > 1 && !ec && bytes <= kMostGroundTruthBytesBeside;
    return std::async(beside ? std::launch::async : std::launch::deferred,
                      [path = *gt] { return io::loadTrajectory(path); });
}

Status evaluateTrajectory(Evaluation &e, const EvaluateOptions &options, TfChains &chains,
                          GroundTruthRead ground_truth) {
    if (!ground_truth.valid()) {
        e.notes.push_back("trajectory: no ground-truth trajectory (gt_trajectory.* or --gt-traj), ATE skipped");
        return Status::Ok();
    }
    // The whole reference goes to disk twice: its positions for the plot, its poses for matching.
    auto loaded = ground_truth.get();
    if (!loaded) return loaded.error();
    TrajectoryResult result;
    result.keepReference(*loaded);
    const slam::PoseSource reference(std::move(*loaded));
    std::string last_error =
        "no estimate source in the bag (TF map->base_link, a PoseWithCovarianceStamped or Odometry)";
    for (const std::string &candidate : estimateCandidates(e, options)) {
        slam::AssociationConfig association_config;
        association_config.t_max_diff = options.t_max_diff;
        auto estimate = estimatePoses(e, candidate, chains);
        if (!estimate) {
            last_error = estimate.message();
            continue;
        }
        // Associated on their stamps; the matched pairs' positions go to disk and both alignments
        // and their errors are computed in passes over them (slam::MatchedPairs): no trajectory is
        // held in memory, bit for bit the same numbers.
        auto association = slam::associate(reference.stampsOnly(), estimate->stampsOnly(), association_config);
        if (!association) {
            last_error = candidate + ": " + association.message();
            continue;
        }
        const slam::MatchedPairs pairs = slam::MatchedPairs::of(reference, *estimate, *association);
        *association = {};  // not read again
        result.clearPairs();
        auto ape = pairs.ape([&result](const slam::MatchedPairs::Pair &p, double se3, double origin,
                                       const Eigen::Vector3d &est) {
            result.addPair(AtePair{p.stamp, se3, origin, {p.ref[0], p.ref[1], p.ref[2]}, {est.x(), est.y(), est.z()}});
        });
        if (!ape) {
            last_error = candidate + ": " + ape.message();
            continue;
        }
        result.estimate_source = candidate;
        result.se3 = ape->se3;
        result.origin = ape->origin;
        result.scale = ape->se3_alignment.scale;
        e.trajectory = std::move(result);
        return Status::Ok();
    }
    e.notes.push_back("trajectory: ATE skipped: " + last_error);
    return Status::Ok();
}

std::optional<std::string> groundTruthMap(const Evaluation &e, const EvaluateOptions &options) {
    return options.gt_map ? options.gt_map : e.inputs.gt_map;
}

Status evaluateMap(Evaluation &e, const EvaluateOptions &options, PassRecordings &pass) {
    std::optional<std::string> gt = groundTruthMap(e, options);
    if (!gt || !pass.map) {
        e.notes.push_back(gt ? "map: the bag has no OccupancyGrid topic, map metrics skipped"
                             : "map: no ground-truth map (gt_map.yaml or --gt-map), map metrics skipped");
        return Status::Ok();
    }
    auto gt_grid = io::readMapServerMap(*gt);
    if (!gt_grid) return gt_grid.error();
    auto estimate = pass.map->take();
    if (!estimate) return estimate.error();
    slam::MapEvalConfig config;
    if (e.trajectory && e.trajectory->reference_start) config.start_position = *e.trajectory->reference_start;
    auto result = slam::evaluateMaps(*gt_grid, estimate->grid, config);
    if (!result) return withContext(e.inputs.bag + ":" + e.topics.map, result.error());
    e.map = std::move(result.value());
    return Status::Ok();
}

struct RunChecks {
    slam::FailureThresholds thresholds;
    double collision_threshold = 0.2;  ///< traversal's, for the collision anomalies' threshold
    std::vector<std::string> required_topics;
    activity::IntentConfig intent;
    activity::StuckConfig stuck;
};

/// Run-axis time of the first traversal row (one a second) whose counter `field` went up.
std::optional<double> firstRowCounting(const Evaluation &e, std::uint64_t traversal::TraversalRow::*field) {
    for (const auto &r : e.traversal->rows) {
        if (r.*field > 0) return sinceStart(e, r.time);
    }
    return std::nullopt;
}

/// One anomaly per contact on each scanner, from its first colliding scan to its last.
void collisionAnomalies(Evaluation &e, double threshold) {
    for (const ScannerResult &scanner : e.scanners) {
        for (const traversal::CollisionEpisode &c : scanner.summary.episodes) {
            const double from = sinceStart(e, c.start), to = sinceStart(e, c.end);
            addAnomaly(e, "collision",
                       fmt::format("collision on {} from {:.2f} s to {:.2f} s: smallest valid range {:.2f} m, below "
                                   "the collision threshold {:.2f} m ({} scans)",
                                   scanner.topic, from, to, c.min_range_m, threshold, c.scans),
                       c.min_range_m, threshold, from,
                       {{"scans_in_collision", static_cast<double>(c.scans)}, {"min_clearance_m", c.min_range_m}});
            e.anomalies.back().end_time_s = to;
        }
    }
}

/// The drift anomaly at the estimate's largest error (its header stamp on the run axis).
void timeTheDrift(Evaluation &e) {
    if (!e.trajectory || !e.trajectory->worst) return;
    const TrajectoryResult::Worst &worst = *e.trajectory->worst;
    for (slam::Anomaly &a : e.anomalies) {
        if (a.code != "drift") continue;
        a.time_s = e.clock.stampSinceStart(worst.stamp);
        a.evidence.push_back({"max_error_m", worst.error});
        a.message = fmt::format(
            "drift of the estimate {}: ATE RMSE {:.3f} m (SE(3) aligned), largest error {:.2f} m at "
            "{:.1f} s",
            e.trajectory->estimate_source, a.value, worst.error, *a.time_s);
    }
}

void topicDropAnomalies(Evaluation &e, double drop_ratio) {
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
        addAnomaly(e, "topic_drops",
                   fmt::format("{}: about {} messages missing ({:.1f} % of {}) at a period of {:.1f} ms (measured on "
                               "{}); longest gap{} {}",
                               t.topic, t.estimated_drops, 100 * ratio, t.count, t.expected_period_ms,
                               t.period_from_stamps ? "header stamps" : "receive times", spans.size() > 1 ? "s" : "",
                               fmt::join(spans, ", ")),
                   ratio, drop_ratio, start, std::move(evidence));
        e.anomalies.back().end_time_s = end;
    }
}

/// A sensor silent for many of its periods while the robot moved is raised whatever its share
/// of the whole run (a 200 Hz IMU silent for 3 s in a 2-minute run is 2.5 % of it): a silence of
/// at least kSilentPeriods periods and kSilentSeconds, the robot moving for at least half of it
/// (or motion unknown). A topic the share rule already raised is not raised twice.
void silentSensorAnomalies(Evaluation &e) {
    using Rule = topicstats::SensorSilenceRule;
    std::set<std::string> raised;
    for (const slam::Anomaly &a : e.anomalies) {
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
            const TimeNs origin = e.clock.systemStart();
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
        addAnomaly(e, "sensor_silent",
                   fmt::format("{}: silent for {:.2f} s ({:.0f} periods of {:.1f} ms) from {:.1f} s to {:.1f} s{}", t.topic,
                               to - from, periods, t.expected_period_ms, from, to,
                               e.activity.moving ? fmt::format(", the robot moving for {:.1f} s of it", worst_moving_s)
                                                 : std::string()),
                   to - from, least_s, from,
                   {{"silence_s", to - from},
                    {"periods", periods},
                    {"expected_period_ms", t.expected_period_ms},
                    {"moving_s", worst_moving_s}});
        e.anomalies.back().end_time_s = to;
    }
}

void stuckAnomalies(Evaluation &e) {
    const ActivityResult &a = e.activity;
    for (const activity::StuckEpisode &s : a.stuck) {
        const double from = toSeconds(s.start - e.clock.systemStart()), to = toSeconds(s.end - e.clock.systemStart());
        addAnomaly(e, "stuck",
                   fmt::format("commanded {:.2f} m/s on {} from {:.1f} s to {:.1f} s, but the robot covered {:.2f} m "
                               "({:.2f} m/s) on {}",
                               s.commandedSpeed(), a.command_topic, from, to, s.covered_m, s.measuredSpeed(),
                               a.progress_source),
                   s.measuredSpeed(), s.commandedSpeed(), from,
                   {{"commanded_mps", s.commandedSpeed()},
                    {"measured_mps", s.measuredSpeed()},
                    {"commanded_m", s.commanded_m},
                    {"covered_m", s.covered_m},
                    {"duration_s", s.durationSeconds()}});
        e.anomalies.back().end_time_s = to;
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

void gatherAnomalies(Evaluation &e, const EvaluateOptions &options, const RunChecks &checks) {
    const slam::FailureThresholds &thresholds = checks.thresholds;
    checkRequiredTopics(e, checks.required_topics);
    collisionAnomalies(e, checks.collision_threshold);
    if (e.traversal) {
        const auto &s = e.traversal->summary;
        const std::uint64_t jumps = s.rejected_pose_jumps - std::min(s.rejected_pose_jumps, jumpsOverLostSpans(e));
        if (jumps > 0) {
            addAnomaly(e, "pose_jump",
                       fmt::format("{} jump(s) of the ground-truth pose on {} larger than the step guard (teleport)",
                                   jumps, e.topics.pose_array),
                       static_cast<double>(jumps), 0,
                       firstRowCounting(e, &traversal::TraversalRow::rejected_pose_jumps),
                       {{"pose_messages", static_cast<double>(s.pose_messages)}});
        }
    }
    if (e.motion || e.traversal) {
        slam::RunObservations obs;
        // A handful of odometry messages is not a drive: stuck and teleport need a track to judge.
        if (e.motion && e.motion->samples >= kMinOdometryForMotionChecks) {
            obs.setMotion(*e.motion);
        } else if (e.motion) {
            e.notes.push_back(
                fmt::format("stuck and teleport checks: only {} odometry message(s) on {} (at least {} "
                            "needed)",
                            e.motion->samples, e.topics.odometry, kMinOdometryForMotionChecks));
        }
        obs.scan_messages = e.traversal ? e.traversal->summary.scans : 0;
        // A ground-truth pose topic measures real motion; wheel odometry keeps counting when the
        // wheels spin in place, so it cannot tell a stuck robot (the seed's "stuck" check).
        if (e.traversal && !e.topics.pose_array.empty() && e.traversal->summary.pose_messages > 0) {
            obs.path_length_m = e.traversal->summary.distance_traveled;
        }
        if (e.trajectory) obs.ate_rmse_m = e.trajectory->se3.rmse;
        obs.odometry_topic = e.topics.odometry.empty() ? e.motion_source : e.topics.odometry;
        for (slam::Anomaly &a : slam::assessRun(obs, thresholds).anomalies) {
            // A teleport is a jump of the pose. Driving faster than max_speed_mps moves a few
            // centimetres per sample (turtlesim's teleop turtle runs at 2 m/s): speed, said in a
            // note, not a jump.
            if (a.code == "teleport" && e.motion && e.motion->max_speed_step_m < kMinTeleportStepM) {
                e.notes.push_back(fmt::format("teleport: the fastest motion, {:.2f} m/s at {:.1f} s, is over {:.3f} m, "
                                              "under the {:.2f} m a jump needs: fast driving, not a teleport",
                                              e.motion->max_speed_mps, e.motion->max_speed_at_s,
                                              e.motion->max_speed_step_m, kMinTeleportStepM));
                continue;
            }
            e.anomalies.push_back(std::move(a));
        }
        timeTheDrift(e);
    }
    if (e.lost) {
        for (const auto &episode : e.lost->episodes.episodes()) {
            if (episode.worst != localization::LostStatus::Lost) continue;
            addAnomaly(e, "localization_lost",
                       fmt::format("localization on {} lost from {:.1f} s to {:.1f} s{} (peak P(lost) {:.2f})",
                                   e.lost->topic, sinceStart(e, episode.start), sinceStart(e, episode.end),
                                   episode.open ? ", not recovered" : "", episode.peak_probability),
                       episode.durationSeconds(), 0, sinceStart(e, episode.start),
                       {{"duration_s", episode.durationSeconds()}, {"peak_p_lost", episode.peak_probability}});
            e.anomalies.back().end_time_s = sinceStart(e, episode.end);
        }
    }
    stuckAnomalies(e);
    topicDropAnomalies(e, options.topic_drop_ratio);
    silentSensorAnomalies(e);
    if (e.system) {
        double peak = 0, peak_at = 0, previous_s = 0;
        bool over = false;
        for (const auto &s : e.system->samples) {
            if (s.cpu_percent > peak) {
                peak = s.cpu_percent;
                peak_at = s.elapsed_s;
            }
            over |= s.cpu_percent > options.cpu_budget_percent + cpuSampleResolution(s, s.elapsed_s - previous_s);
            previous_s = s.elapsed_s;
        }
        if (over) {
            addAnomaly(
                e, "cpu_budget",
                fmt::format("peak CPU {:.0f} % at {:.1f} s of the run command exceeds the edge budget of {:.0f} %",
                            peak, peak_at, options.cpu_budget_percent),
                peak, options.cpu_budget_percent, std::nullopt, {{"peak_at_run_elapsed_s", peak_at}});
        }
    }
}

/// Whether the estimate TF map -> base_link is an ATE candidate of this evaluation.
bool estimateFromOwnTf(const Evaluation &e, const EvaluateOptions &options) {
    const std::vector<std::string> candidates = estimateCandidates(e, options);
    return groundTruthTrajectory(e, options) &&
           std::find(candidates.begin(), candidates.end(), ownTfEstimate(e)) != candidates.end();
}

/// Whether the odometry path is to be brought into map through TF map -> odom: only the report of
/// a run without a ground truth draws it (with one, the ATE's trajectories are drawn instead), and
/// the chain is as long as the odometry (47 MB on a 4-hour run).
bool odometryInMapWanted(const Evaluation &e, const EvaluateOptions &options) {
    return !e.topics.odometry.empty() && !groundTruthTrajectory(e, options);
}

/// The chains the analyses after the pass read from the TF recording, which builds them while the
/// bag is read (so it keeps only the transforms a pose not yet built needs): map -> odom for the
/// odometry path in map, map -> base_link for the estimate.
std::vector<std::pair<std::string, std::string>> tfChainsToBuild(const Evaluation &e, const EvaluateOptions &options) {
    std::vector<std::pair<std::string, std::string>> chains;
    if (odometryInMapWanted(e, options)) chains.emplace_back("map", "odom");
    if (estimateFromOwnTf(e, options)) chains.emplace_back("map", "base_link");
    return chains;
}

/// The chains built by the pass's recording (released afterwards by the caller); what may make
/// them differ from chains built after reading is a caveat of the evaluation.
TfChains takeTfChains(Evaluation &e, const EvaluateOptions &options, const OdometryLog &odometry,
                      PassRecordings &pass) {
    TfChains chains;
    if (!pass.tf) return chains;
    if (!odometry.empty() && odometryInMapWanted(e, options)) {
        auto map_odom = pass.tf->takeStreamedChain(e.inputs.bag, "map", "odom");
        if (map_odom && !map_odom->empty()) {
            RunPath aligned = odometryInMap(e.topics.odometry + " via TF map->odom", odometry, e.clock, *map_odom);
            if (!aligned.t.empty()) chains.odometry_in_map = std::move(aligned);
        }
    }
    if (estimateFromOwnTf(e, options)) chains.estimate = pass.tf->takeStreamedPoses(e.inputs.bag, "map", "base_link");
    for (const std::string &note : pass.tf->streamNotes()) e.caveats.push_back(note);
    return chains;
}

/// Motion, path length and the drawn path of a TF-only recording, from its moving chain.
void motionFromTf(Evaluation &e, const io::TfRecording &tf) {
    const std::optional<TfTrack> track = tfTrack(tf, e.inputs.bag, e.clock);
    if (!track) {
        e.notes.push_back("motion: no odometry, no ground-truth pose, and no moving TF chain");
        return;
    }
    slam::MotionSummary motion;
    RunPath path{track->label(), track->parent, {}, {}, {}};
    for (const slam::OdomSample &s : track->samples) {
        motion.add(s);
        path.t.push_back(s.t);
        path.x.push_back(s.x);
        path.y.push_back(s.y);
    }
    e.motion = motion.result();
    e.motion_source = track->label();
    e.paths.push_back(std::move(path));
}

/// Without an ATE the report draws the estimated paths, the odometry first: brought into map
/// through the recorded TF map -> odom when the bag has it, else as recorded in odom. Made only
/// then, after the ATE: a long run's path is not held beside its trajectories.
void addOdometryPath(Evaluation &e, TfChains &chains, const OdometryLog &odometry) {
    if (e.trajectory) {
        e.paths.clear();  // the report draws the ATE's trajectories instead
        e.paths.shrink_to_fit();
        return;
    }
    if (odometry.empty()) return;
    if (chains.odometry_in_map) {
        e.paths.insert(e.paths.begin(), std::move(*chains.odometry_in_map));
        e.paths_aligned = true;
    } else {
        e.paths.insert(e.paths.begin(), odometryPath(e.topics.odometry, odometry, e.clock));
    }
}

/// The activity summary and the stuck episodes; stuck is "not evaluated" without a velocity command.
void fillActivity(Evaluation &e, const nodes::ActivityRun &run, const activity::StuckConfig &stuck) {
    ActivityResult &a = e.activity;
    a.command_topic = e.topics.cmd_vel.empty() ? e.topics.cmd_vel_stamped : e.topics.cmd_vel;
    for (const std::string &goal : {e.topics.navigate_status, e.topics.follow_path_status}) {
        if (!goal.empty()) a.goal_topics.push_back(goal);
    }
    a.intent_known = run.intent.known();
    a.goals = run.intent.goal_count;
    const TimeNs start = e.clock.systemStart(), end = e.clock.systemEnd();
    a.commanded_s = toSeconds(run.intent.commanded.overlap(start, end));
    a.moving_s = toSeconds(run.moving.overlap(start, end));
    if (run.has_odometry || run.progress) a.moving = run.moving;
    TimeIntervals active;
    std::vector<TimeSpan> spans = run.intent.commanded.spans();
    spans.insert(spans.end(), run.moving.spans().begin(), run.moving.spans().end());
    std::sort(spans.begin(), spans.end(), [](const TimeSpan &x, const TimeSpan &y) { return x.start < y.start; });
    for (const TimeSpan &s : spans) active.add(s.start, s.end);
    a.idle_s = std::max(0.0, toSeconds(end - start - active.overlap(start, end)));
    if (run.progress) {
        const std::string &truth = e.topics.pose_array.empty() ? e.topics.ground_truth : e.topics.pose_array;
        a.progress_source = run.progress_from_ground_truth ? truth + " (ground truth)" : e.topics.odometry;
        a.progress_samples = run.progress->size();
    }
    if (a.command_topic.empty()) {
        e.notes.push_back(
            "stuck: no velocity command topic (geometry_msgs/Twist or TwistStamped, /cmd_vel): nothing says when the "
            "robot was told to drive, and standing still is not stuck");
    } else if (!run.progress) {
        e.notes.push_back("stuck: no odometry or ground-truth pose to measure progress on");
    } else {
        a.stuck = activity::findStuckEpisodes(run.intent, *run.progress, stuck);
    }
}

Result<RunChecks> runChecks(const EvaluateOptions &options) {
    auto params = nodeParams(options, nodes::SlamRunNode::spec());
    if (!params) return params.error();
    RunChecks c;
    ROBOMETRICS_TRY(params->get("max_speed_mps", c.thresholds.max_speed_mps));
    ROBOMETRICS_TRY(params->get("min_path_m", c.thresholds.min_path_m));
    ROBOMETRICS_TRY(params->get("max_ate_m", c.thresholds.max_ate_m));
    ROBOMETRICS_TRY(params->get("required_topics", c.required_topics));
    ROBOMETRICS_TRY(params->get("cmd_vel_timeout_s", c.intent.command_timeout_s));
    ROBOMETRICS_TRY(params->get("stuck_window_s", c.stuck.window_s));
    ROBOMETRICS_TRY(params->get("stuck_progress_ratio", c.stuck.min_progress_ratio));
    if (!(c.intent.command_timeout_s > 0) || !(c.stuck.window_s > 0) || !(c.stuck.min_progress_ratio >= 0)) {
        return Error{"slam_eval: cmd_vel_timeout_s and stuck_window_s must be > 0, stuck_progress_ratio >= 0"};
    }
    // Stuck is judged from what the robot was told to do (stuckAnomalies), not BenchBot's
    // whole-run path length, which cannot tell a robot told to wait from a stalled one.
    c.thresholds.check_stuck = false;
    // A run is judged on what it recorded: an input that is absent is "not evaluated", and a
    // topic the user needs is declared in required_topics (checked by name, any type).
    c.thresholds.require_scan = false;
    c.thresholds.require_odometry = false;
    return c;
}

}  // namespace

Result<Evaluation> evaluateRun(const RunInputs &inputs, const EvaluateOptions &options) {
    Evaluation e;
    ROBOMETRICS_TRY(evaluateRun(inputs, options, e, {}));
    return e;
}

Status evaluateRun(const RunInputs &inputs, const EvaluateOptions &options, Evaluation &e,
                   const std::function<void(const Evaluation &)> &pass_done) {
    e.inputs = inputs;
    bag::ReadOptions read;
    read.recover = !options.strict;  // a recording cut short is read up to the cut, and said
    auto source = bag::openBag(inputs.bag, read);
    if (!source) return source.error();
    pipeline::Pipeline pipe;
    ROBOMETRICS_TRY(pipe.addRemaps(options.remaps));
    pipe.showProgress(options.progress, bag::bytesOnDisk(inputs.bag));
    pipe.readAhead(options.threads > 1);
    e.topics = nodes::chooseTopics((*source)->topics(), pipe);

    auto traversal_params = nodeParams(options, nodes::TraversalNode::spec());
    if (!traversal_params) return traversal_params.error();
    auto traversal_config = nodes::TraversalNode::configure(*traversal_params);
    if (!traversal_config) return traversal_config.error();
    auto lost_params = nodeParams(options, nodes::LostNode::spec());
    if (!lost_params) return lost_params.error();
    auto lost_config = nodes::LostNode::configure(*lost_params);
    if (!lost_config) return lost_config.error();
    auto checks = runChecks(options);
    if (!checks) return checks.error();
    noteMissingInputs(e);
    const std::vector<bag::TopicInfo> sensor_topics = (*source)->topics();  // the source goes after the pass

    // One pass drives every node on the topics chosen for it; a topic of the wrong type fails
    // run() with a clear message.
    const TopicChoice &t = e.topics;
    std::vector<traversal::TraversalRow> rows;
    std::optional<nodes::TraversalNode> traversal;
    if (!t.scan.empty() || !t.imu.empty() || !t.pose_array.empty() || !t.odometry.empty()) {
        traversal.emplace(*traversal_config, [&rows](const traversal::TraversalRow &row) { rows.push_back(row); });
        traversal->setDistanceFromOdometry(nodes::distanceFromOdometry(t));
        traversal->subscribe(pipe,
                             {{"scan", t.scan}, {"imu", t.imu}, {"pose", t.pose_array}, {"odometry", t.odometry}});
    }
    traversal::ScanCollisionsConfig scan_config;
    scan_config.collision_threshold = traversal_config->collision_threshold;
    scan_config.min_safe_clearance = traversal_config->min_safe_clearance;
    scan_config.respect_range_limits = traversal_config->respect_range_limits;
    checks->collision_threshold = scan_config.collision_threshold;
    // --topic scan=/x narrows the robot's scanners to that one; else every LaserScan topic.
    const bool scan_named = pipe.resolve(nodes::TraversalNode::spec().input("scan").topic) !=
                            nodes::TraversalNode::spec().input("scan").topic;
    Scanners scanners((*source)->topics(), scan_named ? t.scan : std::string(), scan_config);
    scanners.subscribe(pipe);
    nodes::SlamRunNode slam_run;
    OdometryLog odometry;
    slam_run.handOdometryTo([&odometry](const slam::OdomSample &s) { odometry.push_back(s); });
    slam_run.subscribe(pipe, {{"odometry", t.odometry}, {"scan", ""}});
    nodes::ActivityNode activity(checks->intent);
    activity.subscribe(pipe, {{"cmd_vel", t.cmd_vel},
                              {"cmd_vel_stamped", t.cmd_vel_stamped},
                              {"navigate_status", t.navigate_status},
                              {"follow_path_status", t.follow_path_status},
                              {"odometry", t.odometry},
                              {"pose", t.pose_array},
                              {groundTruthRole(t), t.pose_array.empty() ? t.ground_truth : std::string()}});
    std::optional<nodes::LostNode> lost;
    SpillLog<localization::LostSample> lost_readings;
    if (!t.amcl_pose.empty()) {
        lost_config->pose_topic = t.amcl_pose;
        lost_config->reset_topic = t.lost_reset;
        lost.emplace(*lost_config);
        lost->handReadingsTo([&lost_readings](const localization::LostReading &r) {
            lost_readings.push_back(localization::LostSample::of(r));
        });
        lost->subscribe(pipe);
    }
    std::optional<nodes::CostmapNode> costmap;
    if (!t.grid_map.empty()) {
        auto costmap_params = nodeParams(options, nodes::CostmapNode::spec());
        if (!costmap_params) return costmap_params.error();
        auto costmap_config = nodes::CostmapNode::configure(*costmap_params);
        if (!costmap_config) return costmap_config.error();
        costmap_config->gridmap_topic = t.grid_map;
        // The evaluation publishes no terrain cloud: the clouds are decoded and accumulated only
        // when they fill the costmap.
        costmap_config->enable_terrain_accumulation &= costmap_config->fill_from_terrain;
        nodes::CostmapOutputs outputs;
        outputs.skip_bad_input = true;
        costmap.emplace(*costmap_config, inputs.bag, outputs);
        // Lane 1 (its own thread when reading ahead): the costmap and the TF recording below
        // share nothing with the other nodes, and their /tf is decoded once for both.
        pipe.setLane(1);
        costmap->subscribe(pipe);
        pipe.setLane(0);
    }
    // Topic statistics see every message, raw: only the header stamp is decoded. The same
    // stamps place the run on its clock.
    topicstats::WindowLog windows;
    nodes::TopicStatsNode topic_stats({}, [&windows](const topicstats::WindowRecord &w) { windows.add(w); });
    for (const bag::TopicInfo &info : (*source)->topics()) {
        topic_stats.declare(info);
        if (info.type == "rosgraph_msgs/msg/Clock") e.clock.markClockTopic();
    }
    topic_stats.observeStamps([&e](TimeNs log_time, std::optional<TimeNs> stamp) { e.clock.observe(log_time, stamp); });
    topic_stats.observeClock([&e](TimeNs log_time, TimeNs sim_time) { e.clock.observeClock(log_time, sim_time); });
    topic_stats.subscribe(pipe, false);
    // What the analyses after the pass need from the bag is kept during it: one read in all.
    PassRecordings pass;
    if (const auto chains = tfChainsToBuild(e, options); t.tf && !chains.empty()) {
        pass.tf.emplace();
        pass.tf->buildWhileReading(chains);
        pipe.setLane(1);
        pass.tf->subscribe(pipe, (*source)->topics());
        pipe.setLane(0);
    }
    if (groundTruthMap(e, options) && !t.map.empty()) {
        for (const bag::TopicInfo &info : (*source)->topics()) {
            if (info.name != t.map) continue;
            pass.map.emplace(inputs.bag, t.map, msgs::wireFormatOf(info.serialization_format));
            pass.map->expectMessages(info.message_count);
            pass.map->subscribe(pipe);
        }
    }
    // A recording with TF and nothing else that says where the robot went: its moving chain is the
    // track (TfTrack), so the whole TF is kept; which chain moves is known only after reading.
    std::optional<io::TfRecording> tf_only;
    if (t.tf && t.odometry.empty() && t.pose_array.empty() && t.ground_truth.empty()) {
        tf_only.emplace();
        pipe.setLane(1);
        tf_only->subscribe(pipe, (*source)->topics());
        pipe.setLane(0);
    }
    // Ground truth in TF (a simulator's `world -> base_link_gt`), when nothing else gives it.
    std::optional<TfGroundTruthScan> tf_truth;
    if (t.tf && t.ground_truth.empty() && t.pose_array.empty() && !groundTruthTrajectory(e, options)) {
        tf_truth.emplace();
        tf_truth->subscribe(pipe, (*source)->topics());
    }
    ROBOMETRICS_TRY(pipe.run(**source));
    const std::optional<bag::ReadDamage> damage = (*source)->damage();
    (*source).reset();  // the reader's chunk and read-ahead buffers: the bag is read once
    e.clock.finish();
    e.start_time = e.clock.start();
    e.end_time = e.clock.end();
    if (damage) noteDamage(e, *damage);
    // What the lost stretches held is unknown: no silence, drop or stop is judged over them. A
    // span with no message read before it (or after it) reaches back to the start of the run (on
    // to its end): its time is unknown, not empty.
    TimeIntervals unread;
    {
        std::vector<TimeSpan> spans;
        for (const bag::LostSpan &span : e.lost_spans)
            spans.push_back({e.clock.systemTime(span.start_time.value_or(e.start_time)),
                             e.clock.systemTime(span.end_time.value_or(e.end_time))});
        std::sort(spans.begin(), spans.end(), [](const TimeSpan &a, const TimeSpan &b) { return a.start < b.start; });
        for (const TimeSpan &s : spans) unread.add(s.start, s.end);
    }
    if (const auto chain = tf_truth ? tf_truth->chain() : std::nullopt) {
        e.topics.ground_truth = "tf:" + chain->first + ":" + chain->second;  // BAG:tf:PARENT:CHILD for the ATE
        e.topics.ground_truth_type = "tf";
    }
    GroundTruthRead ground_truth = readGroundTruth(e, options);

    if (traversal) {
        traversal::TraversalSummary summary = traversal->finish(e.end_time);  // may close a last row
        e.traversal = TraversalResult{std::move(rows), std::move(summary)};
    }
    e.scanners = scanners.results();
    topic_stats.finish();
    e.topic_windows = std::move(windows);
    if (lost) {
        lost->finish();
        RunPath amcl_path{t.amcl_pose, "map", lost->path().t, lost->path().x, lost->path().y};
        for (double &time : amcl_path.t) time = e.clock.sinceStart(fromSeconds(time));
        localization::LostRun run = lost->takeRun();
        e.lost = LostResult{t.amcl_pose, std::move(lost_readings), std::move(run.episodes)};
        if (!amcl_path.t.empty()) e.paths.push_back(std::move(amcl_path));
    }
    // What the pass alone decides is final: its files can be written beside what follows.
    if (pass_done) pass_done(e);
    // What the robot was told and did decides which silences are drops (TopicHealth). With two
    // threads the health is worked out on the second while the analyses below run (it only reads
    // the topic statistics, the activity and the finished clock, which nothing below changes),
    // unless its scratch memory would add much to the ATE's peak: then first, on this thread, as
    // its own peak. Beside the ATE it adds at most twice the bound below: the scratch, and the
    // activity's tracks, which are about as long (as the odometry) and go when the health is known.
    constexpr std::size_t kMostHealthScratchBesideAte = std::size_t{4} << 20;  // a 100 Hz topic for 1.5 h
    const bool health_beside =
        options.threads > 1 && topic_stats.statistics().healthScratchBytes() <= kMostHealthScratchBesideAte;
    std::function<TimeNs(TimeNs)> to_system;
    if (e.clock.simTime()) to_system = [&e](TimeNs log) { return e.clock.systemTime(log); };
    auto activity_run = std::make_unique<nodes::ActivityRun>(activity.finish(
        to_system ? to_system : [](TimeNs log) { return log; }, e.clock.systemEnd()));
    if (e.topics.ground_truth_type == "tf") {  // progress on the TF ground truth, read again
        const auto chain = *tf_truth->chain();  // a copy: chain() returns by value
        if (auto track = tfTrackOnSystemClock(e.inputs.bag, chain.first, chain.second, e.clock)) {
            activity_run->progress = std::move(*track);
            activity_run->progress_from_ground_truth = true;
        }
    }
    fillActivity(e, *activity_run, checks->stuck);
    std::erase_if(e.activity.stuck, [&unread](const activity::StuckEpisode &s) {
        return unread.meets(s.start, s.end);  // the robot's progress then is not known
    });
    std::future<std::vector<topicstats::TopicHealth>> health = std::async(
        health_beside ? std::launch::async : std::launch::deferred, [&topic_stats, &activity_run, &to_system, &unread] {
            topicstats::HealthContext context;
            context.to_system = to_system;
            if (!unread.empty()) context.unrecorded = &unread;
            context.navigating = &activity_run->intent.goals;
            if (activity_run->has_odometry || activity_run->progress) context.moving = &activity_run->moving;
            if (activity_run->progress) {
                context.after_travel = [track = &*activity_run->progress](TimeNs from, double metres) {
                    return track->timeAfterPath(from, metres);
                };
            }
            std::vector<topicstats::TopicHealth> table = topic_stats.statistics().health(context);
            activity_run.reset();  // its tracks are as long as the odometry
            return table;
        });
    if (!health_beside) health.wait();  // runs it now
    // On an early return below, the future's destructor waits for the thread before the locals
    // it reads (declared before it) go.
    if (!odometry.empty()) {
        slam::MotionSummary motion;
        for (const slam::OdomSample &s : odometry) motion.add(onRunAxis(e.clock, s));
        e.motion = motion.result();
        e.motion_source = "odometry " + t.odometry;
    } else if (tf_only) {
        motionFromTf(e, *tf_only);
        tf_only.reset();
    }
    if (costmap) {
        costmap->finish();  // end of input: the maps still waiting for a later TF sample
        const nodes::CostmapRun &run = costmap->run();
        if (run.stats.frames == 0) {
            e.notes.push_back("costmap: no costmap computed (" + run.first_drop_reason + ")");
        } else {
            e.costmap =
                CostmapResult{t.grid_map, run.stats, costmap->lastCostmap(), run.dropped, run.first_drop_reason};
        }
    }

    TfChains chains = takeTfChains(e, options, odometry, pass);
    pass.tf.reset();
    ROBOMETRICS_TRY(evaluateTrajectory(e, options, chains, std::move(ground_truth)));
    addOdometryPath(e, chains, odometry);
    odometry.clear();
    ROBOMETRICS_TRY(evaluateMap(e, options, pass));
    if (inputs.run_json || inputs.system_csv) {
        auto system = readSystemFiles(inputs);
        if (!system) return system.error();
        e.system = std::move(system.value());
    }
    e.topic_health = health.get();
    gatherAnomalies(e, options, *checks);
    e.sensors = sensorUses(sensor_topics, e);
    e.core_checks = coreChecks(e);
    return Status::Ok();
}

}  // namespace robometrics::evaluate
