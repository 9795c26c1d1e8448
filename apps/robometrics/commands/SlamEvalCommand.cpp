// robometrics slam-eval BAG --gt-traj GT [--gt-map GT.yaml] [--est-traj BAG:TOPIC|tf:map:base_link] [--json]
// Evaluates a whole SLAM run recorded in a bag (evaluate/SlamRunFiles, slam/SlamRunEvaluation).

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/evaluate/SlamRunFiles.hpp"
#include "robometrics/report/SlamSummaryText.hpp"

namespace robometrics::app {
namespace {

const RegisterCommand kSlamEvalRegistration(
    "slam-eval", "Evaluate a whole SLAM run: ATE, RPE, map, path, failure heuristics",
    [](CLI::App &app) {
        auto r = std::make_shared<evaluate::SlamRunRequest>();
        auto json = std::make_shared<bool>(false);
        app.add_option("BAG", r->bag, "the run's bag (rosbag2 directory, .mcap or .db3)")->required();
        app.add_option("--gt-traj", r->gt_traj, "ground-truth trajectory: TUM/KITTI/EuRoC file or BAG:TOPIC")
            ->required();
        app.add_option("--gt-map", r->gt_map, "ground-truth map_server YAML (enables the map metrics)");
        app.add_option("--est-traj", r->est_traj,
                       "estimated trajectory: tf:PARENT:CHILD or /topic in BAG, or any trajectory argument")
            ->capture_default_str();
        app.add_option("--map-topic", r->map_topic, "estimated OccupancyGrid topic (last message)")
            ->capture_default_str();
        app.add_option("--odometry-topic,--odom-topic", r->odom_topic, "odometry topic (path length, speed)")
            ->capture_default_str();
        app.add_option("--scan-topic", r->scan_topic, "laser scan topic (presence check)")->capture_default_str();
        app.add_option("--t-max-diff", r->t_max_diff, "association tolerance (s)")->capture_default_str();
        app.add_option("--delta", r->rpe_delta, "RPE delta")->capture_default_str();
        app.add_option("--delta-unit", r->rpe_unit, "RPE delta unit: f, m, d, r")->capture_default_str();
        app.add_option("--project-to-plane", r->plane, "xy, xz or yz: project after alignment (2-D ATE)");
        app.add_option("--max-speed", r->thresholds.max_speed_mps, "teleport above this odometry speed (m/s)")
            ->capture_default_str();
        app.add_option("--min-path", r->thresholds.min_path_m, "stuck below this path length (m)")
            ->capture_default_str();
        app.add_option("--max-ate", r->thresholds.max_ate_m, "drift above this ATE RMSE (m)")->capture_default_str();
        app.add_option("--start-motion", r->motion.start_motion_m,
                       "movement starts this far from the first odometry position (m)")
            ->capture_default_str();
        app.add_flag("--no-scan-required", r->no_scan_required, "do not flag a run without laser scans");
        app.add_flag("--json", *json, "print the results as JSON");
        return [r, json] {
            auto result = evaluate::evaluateSlamRunFiles(*r);
            if (!result) return fail("slam-eval", result.error());
            const nlohmann::json j = slam::slamRunToJson(*result, r->bag);
            fmt::print("{}", *json ? j.dump(2) + "\n" : report::slamEvalSummaryText(j));
            return 0;
        };
    },
    41);

}  // namespace
}  // namespace robometrics::app
