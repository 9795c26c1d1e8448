#include "robometrics/evaluate/Evaluator.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Params.hpp"
#include "robometrics/evaluate/SystemFiles.hpp"
#include "robometrics/evaluate/TopicChoice.hpp"
#include "robometrics/io/BagMap.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/localization/LostDetectorConfig.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/terrain/CostmapGenerator.hpp"
#include "robometrics/terrain/CostmapInput.hpp"
#include "robometrics/terrain/TfFeed.hpp"
#include <chrono>
#include "robometrics/topicstats/HeaderStamp.hpp"
#include "robometrics/topicstats/TopicStatistics.hpp"
#include "robometrics/traversal/TraversalMetrics.hpp"

namespace robometrics::evaluate {

namespace {

/// Params of one analyzer's node from the shared file (absent node = defaults) plus overrides.
Result<Params> nodeParams(const EvaluateOptions &options, const std::string &node) {
    return Params::load(options.params_file.value_or(""), node, options.param_overrides, false);
}

/// The streaming analyzers wired to one pipeline pass.
struct StreamingPass {
    std::optional<traversal::TraversalMetrics> traversal;
    std::vector<traversal::TraversalRow> rows;
    topicstats::TopicStatistics topic_stats;
    std::vector<topicstats::WindowRecord> windows;
    std::optional<localization::LostDetector> lost;
    LostResult lost_result;
    std::vector<slam::OdomSample> odometry;  ///< t in absolute log seconds until the pass ends
    RunPath amcl_path;                        ///< t in absolute log seconds until the pass ends
    std::size_t scans = 0;
    std::optional<terrain::CostmapGenerator> costmap_generator;
    std::optional<terrain::TfSyncQueue> costmap_tf;  ///< /tf for the costmap, and the maps waiting for it
    std::optional<CostmapResult> costmap;

    StreamingPass() : topic_stats({}, [this](const topicstats::WindowRecord &w) { windows.push_back(w); }) {}
};

void addAnomaly(Evaluation &e, std::string code, std::string message, double value, double threshold,
                std::optional<double> time_s = std::nullopt,
                std::vector<std::pair<std::string, double>> evidence = {}) {
    e.anomalies.push_back(
        slam::Anomaly{std::move(code), std::move(message), value, threshold, time_s, std::move(evidence)});
}

constexpr std::size_t kMinOdometryForMotionChecks = 10;

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
    missing(t.odometry.empty(),
            "motion (path length, speed, stuck and teleport checks): no nav_msgs/Odometry topic");
    missing(t.amcl_pose.empty(),
            "localization (lost detector): no geometry_msgs/PoseWithCovarianceStamped topic "
            "(/amcl_pose)");
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

Status evaluateTrajectory(Evaluation &e, const EvaluateOptions &options) {
    std::optional<std::string> gt = options.gt_trajectory ? options.gt_trajectory : e.inputs.gt_trajectory;
    if (!gt) {
        e.notes.push_back("trajectory: no ground-truth trajectory (gt_trajectory.* or --gt-traj), ATE skipped");
        return Status::Ok();
    }
    auto reference = io::loadTrajectory(*gt);
    if (!reference) return reference.error();
    std::string last_error = "no estimate source in the bag (TF map->base_link, a PoseWithCovarianceStamped or Odometry)";
    for (const std::string &candidate : estimateCandidates(e, options)) {
        auto estimate = io::loadTrajectory(candidate);
        if (!estimate || estimate->empty()) {
            last_error = estimate ? candidate + ": no poses" : estimate.message();
            continue;
        }
        slam::TrajectoryEvalConfig config;
        config.association.t_max_diff = options.t_max_diff;
        config.align = slam::AlignMode::Se3;
        auto se3 = slam::evaluateApe(*reference, *estimate, config, slam::PoseRelation::Trans);
        if (!se3) {
            last_error = candidate + ": " + se3.message();
            continue;
        }
        config.align = slam::AlignMode::Origin;
        auto origin = slam::evaluateApe(*reference, *estimate, config, slam::PoseRelation::Trans);
        if (!origin) return origin.error();
        e.trajectory = TrajectoryResult{candidate, std::move(reference.value()), std::move(se3.value()),
                                        std::move(origin.value())};
        return Status::Ok();
    }
    e.notes.push_back("trajectory: ATE skipped: " + last_error);
    return Status::Ok();
}

Status evaluateMap(Evaluation &e, const EvaluateOptions &options) {
    std::optional<std::string> gt = options.gt_map ? options.gt_map : e.inputs.gt_map;
    if (!gt || e.topics.map.empty()) {
        e.notes.push_back(gt ? "map: the bag has no OccupancyGrid topic, map metrics skipped"
                             : "map: no ground-truth map (gt_map.yaml or --gt-map), map metrics skipped");
        return Status::Ok();
    }
    auto gt_grid = io::readMapServerMap(*gt);
    if (!gt_grid) return gt_grid.error();
    auto estimate = io::readBagMap(e.inputs.bag + ":" + e.topics.map);
    if (!estimate) return estimate.error();
    slam::MapEvalConfig config;
    if (e.trajectory && !e.trajectory->reference.empty()) {
        const Eigen::Vector3d &p = e.trajectory->reference.positions.front();
        config.start_position = Eigen::Vector2d(p.x(), p.y());
    }
    auto result = slam::evaluateMaps(*gt_grid, estimate->grid, config);
    if (!result) return withContext(e.inputs.bag + ":" + e.topics.map, result.error());
    e.map = std::move(result.value());
    return Status::Ok();
}

struct RunChecks {
    slam::FailureThresholds thresholds;
    std::vector<std::string> required_topics;
};

/// Run-axis time of the first traversal row whose collision counter went up.
std::optional<double> firstCollisionTime(const Evaluation &e) {
    for (const auto &r : e.traversal->rows) {
        if (r.collision_events > 0) return sinceStart(e, r.time);
    }
    return std::nullopt;
}

void gatherAnomalies(Evaluation &e, const EvaluateOptions &options, const RunChecks &checks) {
    const slam::FailureThresholds &thresholds = checks.thresholds;
    checkRequiredTopics(e, checks.required_topics);
    if (e.traversal) {
        const auto &s = e.traversal->summary;
        if (s.collision_events > 0) {
            addAnomaly(e, "collision",
                       fmt::format("{} collision event(s): laser minimum below the collision threshold ({} scans)",
                                   s.collision_events, s.total_collisions),
                       static_cast<double>(s.collision_events), 0, firstCollisionTime(e),
                       {{"scans_in_collision", static_cast<double>(s.total_collisions)},
                        {"min_clearance_m", s.min_clearance}});
        }
        if (s.rejected_pose_jumps > 0) {
            addAnomaly(e, "pose_jump",
                       fmt::format("{} jump(s) of the ground-truth pose larger than the step guard (teleport)",
                                   s.rejected_pose_jumps),
                       static_cast<double>(s.rejected_pose_jumps), 0, std::nullopt,
                       {{"pose_messages", static_cast<double>(s.pose_messages)}});
        }
    }
    if (e.motion || e.traversal) {
        slam::RunObservations obs;
        // A handful of odometry messages is not a drive: stuck and teleport need a track to judge.
        if (e.motion && e.motion->samples >= kMinOdometryForMotionChecks) {
            obs.setMotion(*e.motion);
        } else if (e.motion) {
            e.notes.push_back(fmt::format("stuck and teleport checks: only {} odometry message(s) on {} (at least {} "
                                          "needed)",
                                          e.motion->samples, e.topics.odometry, kMinOdometryForMotionChecks));
        }
        obs.scan_messages = e.traversal ? e.traversal->summary.scans : 0;
        // A ground-truth pose topic measures real motion; wheel odometry keeps counting when the
        // wheels spin in place, so it cannot tell a stuck robot (the seed's "stuck" check).
        if (e.traversal && !e.topics.pose_array.empty() && e.traversal->summary.pose_messages > 0) {
            obs.path_length_m = e.traversal->summary.distance_traveled;
        }
        if (e.trajectory) obs.ate_rmse_m = e.trajectory->se3.stats.rmse;
        for (slam::Anomaly &a : slam::assessRun(obs, thresholds).anomalies) e.anomalies.push_back(std::move(a));
    }
    if (e.lost) {
        for (const auto &episode : e.lost->episodes.episodes()) {
            if (episode.worst != localization::LostStatus::Lost) continue;
            addAnomaly(e, "localization_lost",
                       fmt::format("localization lost from {:.1f} s to {:.1f} s{} (peak P(lost) {:.2f})",
                                   sinceStart(e, episode.start), sinceStart(e, episode.end),
                                   episode.open ? ", not recovered" : "", episode.peak_probability),
                       episode.durationSeconds(), 0, sinceStart(e, episode.start),
                       {{"duration_s", episode.durationSeconds()}, {"peak_p_lost", episode.peak_probability}});
        }
    }
    for (const auto &t : e.topic_health) {
        // Only a periodic topic has messages that should have come (see TopicHealth).
        if (t.kind != topicstats::TopicKind::Periodic) continue;
        double ratio = static_cast<double>(t.estimated_drops) / static_cast<double>(t.count);
        if (ratio > options.topic_drop_ratio) {
            const double gap = t.period_from_stamps ? t.longest_stamp_gap_ms : t.longest_gap_ms;
            addAnomaly(e, "topic_drops",
                       fmt::format("{}: about {} messages missing ({:.1f} % of {}) at a period of {:.1f} ms ({}), "
                                   "longest gap {:.0f} ms",
                                   t.topic, t.estimated_drops, 100 * ratio, t.count, t.expected_period_ms,
                                   t.period_from_stamps ? "header stamps" : "log time", gap),
                       ratio, options.topic_drop_ratio, std::nullopt,
                       {{"estimated_drops", static_cast<double>(t.estimated_drops)},
                        {"messages", static_cast<double>(t.count)},
                        {"expected_period_ms", t.expected_period_ms},
                        {"longest_gap_ms", gap},
                        {"gaps_over_threshold", static_cast<double>(t.gaps_over_threshold)}});
        }
    }
    if (e.system) {
        double peak = 0, peak_at = 0;
        for (const auto &s : e.system->samples) {
            if (s.cpu_percent > peak) {
                peak = s.cpu_percent;
                peak_at = s.elapsed_s;
            }
        }
        if (peak > options.cpu_budget_percent) {
            addAnomaly(e, "cpu_budget",
                       fmt::format("peak CPU {:.0f} % at {:.1f} s of the run command exceeds the edge budget of {:.0f} %",
                                   peak, peak_at, options.cpu_budget_percent),
                       peak, options.cpu_budget_percent, std::nullopt, {{"peak_at_run_elapsed_s", peak_at}});
        }
    }
}

Result<RunChecks> runChecks(const EvaluateOptions &options) {
    auto params = nodeParams(options, "slam_eval");
    if (!params) return params.error();
    RunChecks c;
    ROBOMETRICS_TRY(params->get("max_speed_mps", c.thresholds.max_speed_mps));
    ROBOMETRICS_TRY(params->get("min_path_m", c.thresholds.min_path_m));
    ROBOMETRICS_TRY(params->get("max_ate_m", c.thresholds.max_ate_m));
    ROBOMETRICS_TRY(params->get("required_topics", c.required_topics));
    // A run is judged on what it recorded: an input that is absent is "not evaluated", and a
    // topic the user needs is declared in required_topics (checked by name, any type).
    c.thresholds.require_scan = false;
    c.thresholds.require_odometry = false;
    return c;
}

}  // namespace

Result<Evaluation> evaluateRun(const RunInputs &inputs, const EvaluateOptions &options) {
    Evaluation e;
    e.inputs = inputs;
    auto source = bag::openBag(inputs.bag);
    if (!source) return source.error();
    pipeline::Pipeline pipe;
    ROBOMETRICS_TRY(pipe.addRemaps(options.remaps));
    pipe.showProgress(options.progress);
    e.topics = chooseTopics((*source)->topics(), pipe);

    auto traversal_params = nodeParams(options, traversal::TraversalConfig::kNodeName);
    if (!traversal_params) return traversal_params.error();
    auto traversal_config = traversal::TraversalConfig::fromParams(*traversal_params);
    if (!traversal_config) return traversal_config.error();
    auto lost_params = nodeParams(options, "lost_detector");
    if (!lost_params) return lost_params.error();
    auto lost_config = localization::LostDetectorConfig::fromParams(*lost_params);
    if (!lost_config) return lost_config.error();
    auto checks = runChecks(options);
    if (!checks) return checks.error();
    noteMissingInputs(e);

    StreamingPass pass;
    const TopicChoice &t = e.topics;
    bool robot_topics = !t.scan.empty() || !t.imu.empty() || !t.pose_array.empty() || !t.odometry.empty();
    if (robot_topics) {
        pass.traversal.emplace(*traversal_config, [&pass](const traversal::TraversalRow &row) { pass.rows.push_back(row); });
        pass.traversal->setDistanceFromOdometry(distanceFromOdometry(t));
    }
    // Subscriptions by topic name: a topic of the wrong type fails run() with a clear message.
    if (!t.scan.empty()) {
        pipe.subscribe<msgs::LaserScan>(t.scan, [&pass](const msgs::LaserScan &m, const pipeline::Envelope &env) {
            pass.traversal->onScan(m, env.log_time);
            ++pass.scans;
        });
    }
    if (!t.imu.empty()) {
        pipe.subscribe<msgs::Imu>(t.imu, [&pass](const msgs::Imu &m, const pipeline::Envelope &env) {
            pass.traversal->onImu(m, env.log_time);
        });
    }
    if (!t.pose_array.empty()) {
        pipe.subscribe<msgs::PoseArray>(t.pose_array, [&pass](const msgs::PoseArray &m, const pipeline::Envelope &env) {
            pass.traversal->onPose(m, env.log_time);
        });
    }
    if (!t.odometry.empty()) {
        pipe.subscribe<msgs::Odometry>(t.odometry, [&pass](const msgs::Odometry &m, const pipeline::Envelope &env) {
            pass.traversal->onOdometry(m, env.log_time);
            pass.odometry.push_back(slam::odomSample(toSeconds(env.log_time), m));
        });
    }
    if (!t.amcl_pose.empty()) {
        pass.lost.emplace(*lost_config);
        pass.lost_result.topic = t.amcl_pose;
        pipe.subscribe<msgs::PoseWithCovarianceStamped>(
            t.amcl_pose, [&pass](const msgs::PoseWithCovarianceStamped &m, const pipeline::Envelope &env) {
                localization::LostReading r = pass.lost->onPose(m, env.log_time);
                pass.amcl_path.t.push_back(toSeconds(env.log_time));
                pass.amcl_path.x.push_back(m.pose.pose.position.x);
                pass.amcl_path.y.push_back(m.pose.pose.position.y);
                pass.lost_result.episodes.add(r);
                pass.lost_result.readings.push_back(r);
            });
        if (!t.lost_reset.empty()) {
            pipe.subscribe<msgs::Empty>(t.lost_reset, [&pass](const msgs::Empty &, const pipeline::Envelope &env) {
                pass.lost->reset();
                pass.lost_result.episodes.addReset(env.log_time);
            });
        }
    }
    if (!t.grid_map.empty()) {
        auto costmap_params = nodeParams(options, "terrain_costmap");
        if (!costmap_params) return costmap_params.error();
        auto costmap_config = terrain::CostmapConfig::fromParams(*costmap_params);
        if (!costmap_config) return costmap_config.error();
        pass.costmap_generator.emplace(*costmap_config);
        pass.costmap.emplace();
        pass.costmap->topic = t.grid_map;
        pass.costmap_tf.emplace(fromSeconds(costmap_config->tf_tolerance));
        pipe.subscribe<msgs::TFMessage>("/tf", [&pass](const msgs::TFMessage &m, const pipeline::Envelope &env) {
            pass.costmap_tf->addTf(m, false, env.log_time);
        });
        pipe.subscribe<msgs::TFMessage>("/tf_static", [&pass](const msgs::TFMessage &m, const pipeline::Envelope &env) {
            pass.costmap_tf->addTf(m, true, env.log_time);
        });
        // As `costmap`: each map waits until TF can be interpolated at its header stamp.
        pipe.subscribe<msgs::GridMap>(t.grid_map, [&pass](const msgs::GridMap &m, const pipeline::Envelope &env) {
            using Clock = std::chrono::steady_clock;
            const auto decoding = Clock::now();
            auto input = terrain::costmapInput(m, env.log_time, pass.costmap_generator->config());
            if (!input) {
                if (pass.costmap->dropped++ == 0) pass.costmap->first_drop_reason = input.message();
                return;
            }
            const std::chrono::duration<double, std::milli> decode_ms = Clock::now() - decoding;
            pass.costmap_tf->push(input->map->stamp, env.log_time, std::move(input->frames),
                                  [&pass, map = input->map, decode_ms](const terrain::StampedTransforms &tf) {
                                      const auto costing = Clock::now();
                                      CostmapResult &result = *pass.costmap;
                                      if (!tf.transforms[0]) {
                                          if (result.dropped++ == 0)
                                              result.first_drop_reason = tf.transforms[0].message();
                                          return;
                                      }
                                      pass.costmap_generator->generate(
                                          *map, terrain::Pose2D::fromIsometry(*tf.transforms[0]), result.last);
                                      const std::chrono::duration<double, std::milli> ms =
                                          decode_ms + (Clock::now() - costing);
                                      result.stats.add(result.last, ms.count());
                                  });
        });
    }
    // Topic statistics see every message, raw: only the header stamp is decoded.
    std::map<std::string, std::pair<std::size_t, bool>> stat_topics;
    for (const bag::TopicInfo &info : (*source)->topics()) {
        bool has_header = topicstats::typeHasHeader(info.type, info.schema.text, info.schema.encoding);
        stat_topics[info.name] = {pass.topic_stats.addTopic(info.name, has_header, bag::publisherCount(info)),
                                  has_header};
        if (info.type == "rosgraph_msgs/msg/Clock") e.clock.markClockTopic();
    }
    pipe.subscribeRaw("*", [&](const bag::Message &m) -> Status {
        const auto &[index, has_header] = stat_topics.at(m.topic->name);
        std::optional<TimeNs> stamp = has_header ? topicstats::readHeaderStamp(m.data, msgs::wireFormatOf(m.topic->serialization_format))
                                                  : std::nullopt;
        e.clock.observe(m.log_time, stamp);
        pass.topic_stats.onMessage(index, m.log_time, stamp, m.data.size());
        return Status::Ok();
    });
    ROBOMETRICS_TRY(pipe.run(**source));
    e.clock.finish();
    e.start_time = e.clock.start();
    e.end_time = e.clock.end();
    // Paths and motion on the run axis (their samples held absolute log seconds).
    const double start_s = toSeconds(e.start_time);
    for (slam::OdomSample &s : pass.odometry) s.t -= start_s;
    for (double &time : pass.amcl_path.t) time -= start_s;

    if (pass.traversal) {
        TraversalResult result;
        result.summary = pass.traversal->finish(e.end_time);
        result.rows = std::move(pass.rows);
        e.traversal = std::move(result);
    }
    pass.topic_stats.finish();
    e.topic_health = pass.topic_stats.health();
    e.topic_windows = std::move(pass.windows);
    if (pass.lost) {
        pass.lost_result.episodes.finish();
        e.lost = std::move(pass.lost_result);
    }
    if (!pass.odometry.empty()) {
        e.motion = slam::summariseMotion(pass.odometry);
        RunPath odometry_path{t.odometry, {}, {}, {}};
        for (const slam::OdomSample &s : pass.odometry) {
            odometry_path.t.push_back(s.t);
            odometry_path.x.push_back(s.x);
            odometry_path.y.push_back(s.y);
        }
        e.paths.push_back(std::move(odometry_path));
    }
    if (!pass.amcl_path.t.empty()) {
        pass.amcl_path.source = t.amcl_pose;
        e.paths.push_back(std::move(pass.amcl_path));
    }
    if (pass.costmap) {
        pass.costmap_tf->finish();  // end of input: the maps still waiting for a later TF sample
        if (pass.costmap->stats.frames == 0) {
            e.notes.push_back("costmap: no costmap computed (" + pass.costmap->first_drop_reason + ")");
        } else {
            e.costmap = std::move(pass.costmap);
        }
    }

    ROBOMETRICS_TRY(evaluateTrajectory(e, options));
    ROBOMETRICS_TRY(evaluateMap(e, options));
    if (inputs.run_json || inputs.system_csv) {
        auto system = readSystemFiles(inputs);
        if (!system) return system.error();
        e.system = std::move(system.value());
    }
    gatherAnomalies(e, options, *checks);
    return e;
}

}  // namespace robometrics::evaluate
