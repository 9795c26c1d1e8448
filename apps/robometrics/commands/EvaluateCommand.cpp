// robometrics evaluate INPUT [--gt-traj ...] [--gt-map ...] [--params FILE] -o OUT_DIR
// The main job: every analysis that applies to a run, a verdict, and a report.

#include <unistd.h>

#include <cctype>
#include <filesystem>

#include "Command.hpp"
#include "CommandSupport.hpp"
#include "robometrics/evaluate/EvaluationHeadlines.hpp"
#include "robometrics/evaluate/EvaluationWriter.hpp"
#include "robometrics/evaluate/Evaluator.hpp"
#include "robometrics/evaluate/OutputFolder.hpp"
#include "robometrics/evaluate/RemapCheck.hpp"
#include "robometrics/io/BagTopicCheck.hpp"
#include "robometrics/io/TrajectorySource.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/nodes/TraversalNode.hpp"

namespace robometrics::app {
namespace {

struct EvaluateCli {
    std::string input, out_dir;
    std::optional<std::string> gt_traj, est_traj;  ///< as typed: FILE, BAG:TOPIC or BAG:tf:PARENT:CHILD
    std::vector<std::string> gt_trajs;             ///< every --gt-traj as typed, ROBOT=SOURCE for one robot
    std::vector<std::string> remaps;               ///< --topic as typed, parsed into options.remaps
    evaluate::EvaluateOptions options;
    bool json = false;
    bool verdict_exit_code = false;
    bool quiet = false;
    WindowOptions window;
};

/// With --exit-code: 0 ok, 3 potential failure, 4 inconclusive (docs/evaluate.md, Exit codes).
int verdictExitCode(const evaluate::Evaluation &e) {
    if (!e.ok()) return 3;
    return e.inconclusive() ? 4 : 0;
}

/// The robot an argument `robot2=FILE` names ("robot2"), empty for a plain source: a name of
/// letters, digits and underscores before the first '=', and the whole not an existing file.
std::string robotOfSource(const std::string &typed) {
    const std::size_t eq = typed.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == typed.size() ||
        std::isalpha(static_cast<unsigned char>(typed.front())) == 0)
        return {};
    for (std::size_t i = 0; i < eq; ++i) {
        if (std::isalnum(static_cast<unsigned char>(typed[i])) == 0 && typed[i] != '_') return {};
    }
    std::error_code ec;
    if (std::filesystem::is_regular_file(typed, ec)) return {};
    return typed.substr(0, eq);
}

/// --gt-traj as typed: one plain source at most (the run's), and one per robot (`robot2=FILE`).
std::optional<int> sortGroundTruths(EvaluateCli &cli) {
    for (const std::string &typed : cli.gt_trajs) {
        const std::string robot = robotOfSource(typed);
        if (robot.empty()) {
            if (cli.gt_traj)
                return usage("evaluate", Error{"--gt-traj: give one plain FILE at most (ROBOT=FILE "
                                               "for each robot of a multi-robot recording)"});
            cli.gt_traj = typed;
            continue;
        }
        auto source = io::parseTrajectorySource(typed.substr(robot.size() + 1));
        if (!source) return usage("evaluate", source.error());
        if (!cli.options.robot_gt_trajectories.emplace(robot, std::move(*source)).second)
            return usage("evaluate", Error{"--gt-traj " + robot + "=: given twice"});
    }
    return std::nullopt;
}

int runEvaluate(EvaluateCli &cli) {
    evaluate::EvaluateOptions &o = cli.options;
    // A malformed -p or --topic is bad usage (exit 2), as in every command that runs a node.
    if (auto code = checkUsage("evaluate", o.param_overrides, cli.remaps, &o.remaps)) return *code;
    if (auto code = sortGroundTruths(cli)) return *code;
    // The trajectory arguments, parsed once: a malformed one is bad usage too.
    for (auto [typed, into] :
         {std::pair{&cli.gt_traj, &o.gt_trajectory}, std::pair{&cli.est_traj, &o.est_trajectory}}) {
        if (!*typed) continue;
        auto source = io::parseTrajectorySource(**typed);
        if (!source) return usage("evaluate", source.error());
        *into = std::move(*source);
    }
    auto inputs = evaluate::findRunInputs(cli.input);
    if (!inputs) return fail("evaluate", inputs.error());
    std::optional<bag::LogWindow> window;  // checked here (bad usage), resolved again by evaluateRun
    if (auto code = cli.window.resolve("evaluate", inputs->bag, o.window, window)) return *code;
    // Before the long part: an output folder that must not be replaced, and mistyped topics.
    if (Status s = evaluate::checkOutputFolder(cli.out_dir); !s.ok()) return fail("evaluate", s.error());
    printNotes("evaluate", "warning", evaluate::unmatchedRemapWarnings(o.remaps, inputs->bag));
    std::vector<io::TrajectorySource> named;
    for (const auto &[robot, source] : o.robot_gt_trajectories) named.push_back(source);
    for (const auto &one : {o.est_trajectory, o.gt_trajectory}) {
        if (one) named.push_back(*one);
    }
    for (const io::TrajectorySource &source : named) {
        if (Status s = io::checkTrajectoryTopic(source); !s.ok()) return fail("evaluate", s.error());
    }
    o.progress = !cli.quiet && isatty(STDERR_FILENO) == 1;
    evaluate::Evaluation evaluation;
    Status done = evaluate::evaluateInto(*inputs, o, cli.out_dir, evaluation);
    if (!done.ok()) return fail("evaluate", done.error());
    if (cli.json) {
        fmt::print("{}\n", evaluate::toSummaryJson(evaluation).dump(2));
    } else {
        fmt::print("{}", evaluate::evaluationHeadlines(evaluation, cli.out_dir));
    }
    return cli.verdict_exit_code ? verdictExitCode(evaluation) : 0;
}

const RegisterCommand kEvaluateRegistration{
    "evaluate", "Evaluate a whole run (bag or run directory): every analysis, a verdict and report.html",
    [](CLI::App &app) -> RunFn {
        auto cli = std::make_shared<EvaluateCli>();
        app.add_option("input", cli->input, "A bag, or a run directory (bag + run.json/system.csv/gt_*)")->required();
        app.add_option("-o,--output", cli->out_dir, "Output directory")->required();
        app.add_option("--gt-traj", cli->gt_trajs,
                       "Ground-truth trajectory (TUM/KITTI/EuRoC file or BAG:TOPIC); ROBOT=FILE for one robot of "
                       "a multi-robot recording (repeatable)")
            ->allow_extra_args(false);
        app.add_option("--gt-map", cli->options.gt_map, "Ground-truth map (map_server YAML)");
        app.add_option("--est-traj", cli->est_traj,
                       "Estimate: BAG:TOPIC or BAG:tf:PARENT:CHILD (default TF map->base_link)");
        app.add_option("--params", cli->options.params_file,
                       fmt::format("ROS 2 params file (nodes {}, {}, {})", nodes::TraversalNode::spec().name,
                                   nodes::LostNode::spec().name, nodes::SlamRunNode::spec().name));
        app.add_option("-p,--param", cli->options.param_overrides, "Parameter override name:=value")
            ->allow_extra_args(false);
        app.add_option("--remap,--topic", cli->remaps, "Topic remapping name=/topic")->allow_extra_args(false);
        app.add_option("--t-max-diff", cli->options.t_max_diff, "Trajectory association tolerance [s]")
            ->capture_default_str();
        app.add_option("--cpu-budget", cli->options.cpu_budget_percent, "CPU budget [%] for the system anomaly")
            ->capture_default_str();
        app.add_option("--threads", cli->options.threads,
                       "1: read and analyse on one thread; 2: read the bag ahead on a second one (same results)")
            ->check(CLI::Range(1, 2))
            ->capture_default_str();
        cli->window.add(app);
        app.add_option("--robot", cli->options.robot,
                       "Judge only this robot of a multi-robot recording (its namespace: robot2)");
        app.add_flag("--json", cli->json, "Print summary.json on stdout instead of the headlines");
        addQuietOption(app, cli->quiet);
        addStrictOption(app, cli->options.strict);
        app.add_flag("--exit-code", cli->verdict_exit_code,
                     "Exit with the verdict: 0 ok, 3 potential_failure, 4 inconclusive (for CI gates)");
        return [cli] { return runEvaluate(*cli); };
    },
    10};

}  // namespace
}  // namespace robometrics::app
