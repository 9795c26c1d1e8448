// robometrics slam-eval BAG --gt-traj GT [--gt-map GT.yaml] [--est-traj BAG:TOPIC|tf:map:base_link]
//                      [--map-topic /map] [--odom-topic /odom] [--scan-topic /scan] [--json]
// Evaluates a whole SLAM run recorded in a bag: ATE (SE(3) Umeyama, and first-pose aligned as a
// second figure), RPE, map metrics against a ground-truth map, 2-D odometry path length, drift
// per metre, duration from the start of movement, and the seed's failure heuristics.

#include <nlohmann/json.hpp>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/io/BagMap.hpp"
#include "robometrics/io/MapServerMap.hpp"
#include "robometrics/io/TrajectoryInput.hpp"
#include "robometrics/pipeline/Pipeline.hpp"
#include "robometrics/slam/FailureHeuristics.hpp"
#include "robometrics/slam/MapEvaluation.hpp"
#include "robometrics/slam/MapEvaluationJson.hpp"
#include "robometrics/slam/SlamRun.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"

namespace robometrics::app {
namespace {

struct SlamEvalOptions {
    std::string bag;
    std::string gt_traj;
    std::string gt_map;
    std::string est_traj = "tf:map:base_link";
    std::string map_topic = "/map";
    std::string odom_topic = "/odom";
    std::string scan_topic = "/scan";
    double t_max_diff = 0.01;
    double rpe_delta = 1.0;
    std::string rpe_unit = "f";
    std::string plane;
    slam::FailureThresholds thresholds;
    bool no_scan_required = false;
    slam::MotionConfig motion;
    bool json = false;
};

// What one pass over the bag collects for the run summary.
struct BagRun {
    std::vector<slam::OdomSample> odometry;
    std::size_t scans = 0;
    double bag_start_s = 0;
    double bag_end_s = 0;
};

Result<BagRun> readRun(const SlamEvalOptions &o) {
    auto source = bag::openBag(o.bag);
    if (!source) return source.error();
    BagRun run;
    bool first = true;
    pipeline::Pipeline pipe;
    bool has_odom = false, has_scan = false;
    for (const auto &topic : (*source)->topics()) {
        has_odom |= topic.name == o.odom_topic;
        has_scan |= topic.name == o.scan_topic;
    }
    if (has_odom) {
        pipe.subscribe<msgs::Odometry>(o.odom_topic, [&](const msgs::Odometry &m, const pipeline::Envelope &e) {
            run.odometry.push_back(slam::odomSample(toSeconds(e.log_time), m));
        });
    }
    if (has_scan) {
        pipe.subscribeRaw(o.scan_topic, [&](const bag::Message &) -> Status {
            ++run.scans;
            return Status::Ok();
        });
    }
    pipe.subscribeRaw("*", [&](const bag::Message &m) -> Status {
        if (first) run.bag_start_s = toSeconds(m.log_time);
        first = false;
        run.bag_end_s = toSeconds(m.log_time);
        return Status::Ok();
    });
    ROBOMETRICS_TRY(pipe.run(**source));
    return run;
}

// "tf:PARENT:CHILD" and "/topic" are relative to the run's bag; anything else is a full argument.
std::string estimateArgument(const SlamEvalOptions &o) {
    if (o.est_traj.rfind("tf:", 0) == 0 || o.est_traj.rfind('/', 0) == 0) return o.bag + ":" + o.est_traj;
    return o.est_traj;
}

nlohmann::json statsJson(const slam::TrajectoryErrorResult &r) {
    const slam::ErrorStatistics &s = r.stats;
    const slam::Alignment &a = r.prepared.alignment;
    nlohmann::json rot = nlohmann::json::array();
    for (int i = 0; i < 3; ++i) rot.push_back({a.rotation(i, 0), a.rotation(i, 1), a.rotation(i, 2)});
    return {{"n", s.n},
            {"rmse", s.rmse},
            {"mean", s.mean},
            {"median", s.median},
            {"std", s.std},
            {"min", s.min},
            {"max", s.max},
            {"sse", s.sse},
            {"matched", r.prepared.association.size()},
            {"alignment",
             {{"rotation", rot},
              {"translation", {a.translation.x(), a.translation.y(), a.translation.z()}},
              {"scale", a.scale}}}};
}

std::string fixed(const nlohmann::json &v, const char *unit = "") {
    return v.is_number() ? fmt::format("{:.4f}{}", v.get<double>(), unit) : std::string("n/a");
}

void printSummary(const nlohmann::json &j) {
    fmt::print("slam-eval {}\n", j["bag"].get<std::string>());
    if (j["ate"].is_object()) {
        fmt::print("  ATE (SE(3) Umeyama)   rmse {} m over {} poses\n", fixed(j["ate"]["rmse"]),
                   j["ate"]["n"].get<std::size_t>());
        fmt::print("  ATE (first pose)      rmse {} m\n", fixed(j["ate_origin"]["rmse"]));
        if (j["rpe"].is_object()) fmt::print("  RPE                   rmse {} m\n", fixed(j["rpe"]["rmse"]));
    } else {
        fmt::print("  ATE                   n/a ({})\n", j["ate_error"].get<std::string>());
    }
    fmt::print("  path length (odom)    {} m, drift {} m/m\n", fixed(j["path_length_m"]), fixed(j["drift_per_m"]));
    fmt::print("  duration              {} s from the start of movement\n", fixed(j["duration_s"]));
    if (j["map"].is_object()) {
        const auto &m = j["map"];
        fmt::print("  map                   coverage {}, accessible {}, IoU {}, SSIM {}, walls {}\n",
                   fixed(m["coverage"]), fixed(m["accessible_coverage"]), fixed(m["iou"]), fixed(m["ssim"]),
                   fixed(m["wall_thickness_m"], " m"));
    } else if (j.contains("map_error")) {
        fmt::print("  map                   n/a ({})\n", j["map_error"].get<std::string>());
    }
    for (const auto &a : j["anomalies"])
        fmt::print("  ! {}: {}\n", a["code"].get<std::string>(), a["message"].get<std::string>());
    fmt::print("  verdict               {}\n", j["verdict"].get<std::string>());
}

int runSlamEval(SlamEvalOptions o) {
    const std::string cmd = "slam-eval";
    auto run = readRun(o);
    if (!run) return fail(cmd, run.error());
    auto gt = io::loadTrajectory(o.gt_traj);
    if (!gt) return fail(cmd, gt.error());

    slam::TrajectoryEvalConfig config;
    config.association.t_max_diff = o.t_max_diff;
    if (!o.plane.empty()) {
        auto plane = slam::parsePlane(o.plane);
        if (!plane) return fail(cmd, plane.error());
        config.plane = *plane;
    }
    slam::RpeConfig rpe;
    auto unit = slam::parseDeltaUnit(o.rpe_unit);
    if (!unit) return fail(cmd, unit.error());
    rpe.delta = o.rpe_delta;
    rpe.delta_unit = *unit;

    nlohmann::json j;
    j["bag"] = o.bag;
    j["ate"] = nullptr;
    j["ate_origin"] = nullptr;
    j["rpe"] = nullptr;
    std::optional<double> ate_rmse;
    auto est = io::loadTrajectory(estimateArgument(o));
    if (!est) {
        j["ate_error"] = est.message();
    } else {
        config.align = slam::AlignMode::Se3;
        auto ate = slam::evaluateApe(*gt, *est, config, slam::PoseRelation::Trans);
        if (!ate) {
            j["ate_error"] = ate.message();
        } else {
            j["ate"] = statsJson(*ate);
            j["ate"]["align"] = "se3";
            ate_rmse = ate->stats.rmse;
            config.align = slam::AlignMode::Origin;
            if (auto origin = slam::evaluateApe(*gt, *est, config, slam::PoseRelation::Trans)) {
                j["ate_origin"] = statsJson(*origin);
                j["ate_origin"]["align"] = "origin";
            }
            config.align = slam::AlignMode::None;  // SE(3) alignment does not change RPE
            if (auto r = slam::evaluateRpe(*gt, *est, config, rpe)) {
                j["rpe"] = statsJson(*r);
                j["rpe"]["delta"] = rpe.delta;
                j["rpe"]["delta_unit"] = slam::deltaUnitName(rpe.delta_unit);
            } else {
                j["rpe_error"] = r.message();
            }
        }
    }

    const slam::RunMotion motion = slam::summariseMotion(run->odometry, o.motion);
    j["odometry_messages"] = motion.samples;
    j["scan_messages"] = run->scans;
    j["path_length_m"] = motion.path_length_m;
    j["max_speed_mps"] = motion.max_speed_mps;
    const auto drift = ate_rmse ? slam::driftPerMetre(*ate_rmse, motion.path_length_m) : std::nullopt;
    j["drift_per_m"] = drift ? nlohmann::json(*drift) : nlohmann::json(nullptr);
    if (motion.movement_start_s) {
        j["movement_start_s"] = *motion.movement_start_s - run->bag_start_s;  // since the bag's first message
        j["duration_s"] = run->bag_end_s - *motion.movement_start_s;
    } else {
        j["movement_start_s"] = nullptr;
        j["duration_s"] = nullptr;
    }

    j["map"] = nullptr;
    if (!o.gt_map.empty()) {
        auto gt_map = io::readMapServerMap(o.gt_map);
        if (!gt_map) return fail(cmd, gt_map.error());
        auto est_map = io::readBagMap(o.bag + ":" + o.map_topic, o.map_topic);
        if (!est_map) {
            j["map_error"] = est_map.message();
        } else {
            slam::MapEvalConfig map_config;
            // Accessible coverage counts the free space reachable from where the robot started.
            if (!gt->empty()) map_config.start_position = gt->positions.front().head<2>();
            auto m = slam::evaluateMaps(*gt_map, est_map->grid, map_config);
            if (!m) return fail(cmd, m.error());
            j["map"] = slam::mapEvalToJson(*m);
        }
    }

    slam::RunObservations obs;
    obs.setMotion(motion);
    obs.scan_messages = run->scans;
    obs.ate_rmse_m = ate_rmse;
    o.thresholds.require_scan = !o.no_scan_required;
    const slam::FailureAssessment verdict = slam::assessRun(obs, o.thresholds);
    j["anomalies"] = nlohmann::json::array();
    for (const auto &a : verdict.anomalies) {
        j["anomalies"].push_back(
            {{"code", a.code}, {"message", a.message}, {"value", a.value}, {"threshold", a.threshold}});
    }
    j["verdict"] = verdict.verdict();
    j["thresholds"] = {{"max_speed_mps", o.thresholds.max_speed_mps},
                       {"min_path_m", o.thresholds.min_path_m},
                       {"max_ate_m", o.thresholds.max_ate_m},
                       {"require_scan", o.thresholds.require_scan}};

    if (o.json) {
        fmt::print("{}\n", j.dump(2));
    } else {
        printSummary(j);
    }
    return 0;
}

const RegisterCommand kRegister(
    "slam-eval", "Evaluate a whole SLAM run: ATE, RPE, map, path, failure heuristics",
    [](CLI::App &app) {
        auto o = std::make_shared<SlamEvalOptions>();
        app.add_option("BAG", o->bag, "the run's bag (rosbag2 directory, .mcap or .db3)")->required();
        app.add_option("--gt-traj", o->gt_traj, "ground-truth trajectory: TUM/KITTI/EuRoC file or BAG:TOPIC")
            ->required();
        app.add_option("--gt-map", o->gt_map, "ground-truth map_server YAML (enables the map metrics)");
        app.add_option("--est-traj", o->est_traj,
                       "estimated trajectory: tf:PARENT:CHILD or /topic in BAG, or any trajectory argument")
            ->capture_default_str();
        app.add_option("--map-topic", o->map_topic, "estimated OccupancyGrid topic (last message)")
            ->capture_default_str();
        app.add_option("--odom-topic", o->odom_topic, "odometry topic (path length, speed)")->capture_default_str();
        app.add_option("--scan-topic", o->scan_topic, "laser scan topic (presence check)")->capture_default_str();
        app.add_option("--t-max-diff", o->t_max_diff, "association tolerance (s)")->capture_default_str();
        app.add_option("--delta", o->rpe_delta, "RPE delta")->capture_default_str();
        app.add_option("--delta-unit", o->rpe_unit, "RPE delta unit: f, m, d, r")->capture_default_str();
        app.add_option("--project-to-plane", o->plane, "xy, xz or yz: project after alignment (2-D ATE)");
        app.add_option("--max-speed", o->thresholds.max_speed_mps, "teleport above this odometry speed (m/s)")
            ->capture_default_str();
        app.add_option("--min-path", o->thresholds.min_path_m, "stuck below this path length (m)")
            ->capture_default_str();
        app.add_option("--max-ate", o->thresholds.max_ate_m, "drift above this ATE RMSE (m)")->capture_default_str();
        app.add_option("--start-motion", o->motion.start_motion_m,
                       "movement starts this far from the first odometry position (m)")
            ->capture_default_str();
        app.add_flag("--no-scan-required", o->no_scan_required, "do not flag a run without laser scans");
        app.add_flag("--json", o->json, "print the results as JSON");
        return [o] { return runSlamEval(*o); };
    },
    41);

}  // namespace
}  // namespace robometrics::app
