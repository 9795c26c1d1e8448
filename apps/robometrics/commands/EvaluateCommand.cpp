// robometrics evaluate INPUT [--gt-traj ...] [--gt-map ...] [--params FILE] -o OUT_DIR
// The main job: every analysis that applies to a run, a verdict, and a report.

#include <unistd.h>

#include <map>
#include <optional>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/evaluate/EvaluationWriter.hpp"
#include "robometrics/evaluate/Evaluator.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::app {
namespace {

struct EvaluateCli {
    std::string input;
    std::string out_dir;
    std::string gt_traj, gt_map, est_traj, params_file;
    std::vector<std::string> overrides, remaps;
    evaluate::EvaluateOptions options;
    bool json = false;
};

void printHeadlines(const evaluate::Evaluation &e, const std::string &out_dir) {
    fmt::print("verdict: {}\n", e.verdict());
    for (const auto &a : e.anomalies) fmt::print("  - {}: {}\n", a.code, a.message);
    fmt::print("duration: {:.1f} s of bag time\n", toSeconds(e.end_time - e.start_time));
    fmt::print("time base: {}\n", e.clock.describe());
    if (e.traversal) {
        // Only what was measured: a missing input is "no data", never a 0 or a nan.
        const auto &s = e.traversal->summary;
        std::vector<std::string> parts;
        if (s.scans > 0) {
            parts.push_back(fmt::format("{} collision event(s), min clearance {:.2f} m", s.collision_events,
                                        s.min_clearance));
        }
        if (s.pose_messages > 0 || s.distance_from_odometry) {
            parts.push_back(fmt::format("{:.2f} m travelled ({})", s.distance_traveled,
                                        s.distance_from_odometry ? e.topics.odometry + " pose" : e.topics.pose_array));
        }
        if (s.odometry_messages > 0) parts.push_back(fmt::format("mean speed {:.2f} m/s", s.mean_velocity));
        if (s.imu_messages > 0) parts.push_back(fmt::format("{:.1f} s on rough terrain", s.time_rough_terrain_s));
        fmt::print("traversal: {}\n", parts.empty() ? std::string("no data") : fmt::format("{}", fmt::join(parts, ", ")));
    }
    if (e.trajectory) {
        fmt::print("trajectory: ATE RMSE {:.3f} m (SE(3) aligned), {:.3f} m (origin aligned), {} poses matched\n",
                   e.trajectory->se3.stats.rmse, e.trajectory->origin.stats.rmse, e.trajectory->se3.stats.n);
    }
    if (e.map) {
        fmt::print("map: coverage {:.1f} %, IoU {:.3f}{}\n", 100 * e.map->coverage.coverage, e.map->iou.iou,
                   e.map->ssim_valid ? fmt::format(", SSIM {:.3f}", e.map->ssim) : "");
    }
    if (e.lost) {
        size_t lost = 0;
        for (const auto &ep : e.lost->episodes.episodes()) lost += ep.worst == localization::LostStatus::Lost;
        fmt::print("localization: {} lost episode(s) over {} readings\n", lost, e.lost->episodes.readings());
    }
    fmt::print("topics: {} analysed\n", e.topic_health.size());
    for (const auto &n : e.notes) fmt::print("not evaluated: {}\n", n);
    fmt::print("outputs: {}/summary.json, report.html, evaluation.mcap and one CSV per analysis\n", out_dir);
}

/// Warns, as `traversal` does, about every --topic rule whose topic the bag does not hold. A
/// malformed rule is bad usage (exit code 2). Only with rules: listing a FILE-compressed bag
/// decompresses it.
std::optional<int> warnUnmatchedRemaps(const std::vector<std::string> &rules, const std::string &bag_path) {
    if (rules.empty()) return std::nullopt;
    pipeline::Pipeline remapped;
    if (Status s = remapped.addRemaps(rules); !s.ok()) {
        fail("evaluate", s.error());
        return 2;
    }
    auto listing = bag::openBag(bag_path);
    if (!listing) return std::nullopt;  // evaluateRun reports it
    // role (the remapped name) -> topic
    std::map<std::string, std::string> inputs;
    for (const std::string &rule : rules) {
        const std::string name = rule.substr(0, rule.find('='));
        inputs[name.front() == '/' ? name.substr(1) : name] = remapped.resolve(name);
    }
    warnMissingTopics("evaluate", bag_path, inputs, (*listing)->topics());
    return std::nullopt;
}

int runEvaluate(EvaluateCli &cli) {
    auto inputs = evaluate::findRunInputs(cli.input);
    if (!inputs) return fail("evaluate", inputs.error());
    // Before the long part: an output folder that must not be replaced, and mistyped topics.
    if (Status s = evaluate::checkOutputDirectory(cli.out_dir); !s.ok()) return fail("evaluate", s.error());
    if (auto code = warnUnmatchedRemaps(cli.remaps, inputs->bag)) return *code;
    evaluate::EvaluateOptions &o = cli.options;
    if (!cli.gt_traj.empty()) o.gt_trajectory = cli.gt_traj;
    if (!cli.gt_map.empty()) o.gt_map = cli.gt_map;
    if (!cli.est_traj.empty()) o.est_trajectory = cli.est_traj;
    if (!cli.params_file.empty()) o.params_file = cli.params_file;
    o.param_overrides = cli.overrides;
    o.remaps = cli.remaps;
    o.progress = isatty(STDERR_FILENO) == 1;
    auto evaluation = evaluate::evaluateRun(*inputs, o);
    if (!evaluation) return fail("evaluate", evaluation.error());
    Status written = evaluate::writeEvaluation(*evaluation, cli.out_dir);
    if (!written.ok()) return fail("evaluate", written.error());
    if (cli.json) {
        fmt::print("{}\n", evaluate::toSummaryJson(*evaluation).dump(2));
    } else {
        printHeadlines(*evaluation, cli.out_dir);
    }
    return 0;
}

const RegisterCommand kRegister{
    "evaluate", "Evaluate a whole run (bag or run directory): every analysis, a verdict and report.html",
    [](CLI::App &app) -> RunFn {
        auto cli = std::make_shared<EvaluateCli>();
        app.add_option("input", cli->input, "A bag, or a run directory (bag + run.json/system.csv/gt_*)")->required();
        app.add_option("-o,--output", cli->out_dir, "Output directory")->required();
        app.add_option("--gt-traj", cli->gt_traj, "Ground-truth trajectory (TUM/KITTI/EuRoC file or BAG:TOPIC)");
        app.add_option("--gt-map", cli->gt_map, "Ground-truth map (map_server YAML)");
        app.add_option("--est-traj", cli->est_traj, "Estimate: BAG:TOPIC or BAG:tf:PARENT:CHILD (default TF map->base_link)");
        app.add_option("--params", cli->params_file, "ROS 2 params file (nodes metrics_node, lost_detector, slam_eval)");
        app.add_option("-p,--param", cli->overrides, "Parameter override name:=value")->allow_extra_args(false);
        app.add_option("--topic", cli->remaps, "Topic remapping name=/topic")->allow_extra_args(false);
        app.add_option("--t-max-diff", cli->options.t_max_diff, "Trajectory association tolerance [s]")
            ->capture_default_str();
        app.add_option("--cpu-budget", cli->options.cpu_budget_percent, "CPU budget [%] for the system anomaly")
            ->capture_default_str();
        app.add_flag("--json", cli->json, "Print summary.json on stdout instead of the headlines");
        return [cli] { return runEvaluate(*cli); };
    },
    10};

}  // namespace
}  // namespace robometrics::app
