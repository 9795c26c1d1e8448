#include "robometrics/evaluate/Evaluator.hpp"

#include <functional>
#include <future>
#include <memory>

#include "robometrics/bag/BagBytes.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/evaluate/ActivityStage.hpp"
#include "robometrics/evaluate/AnomalyRules.hpp"
#include "robometrics/evaluate/BagPass.hpp"
#include "robometrics/evaluate/CoreChecks.hpp"
#include "robometrics/evaluate/RobotStage.hpp"
#include "robometrics/evaluate/RobotTrajectory.hpp"
#include "robometrics/evaluate/RunSetup.hpp"
#include "robometrics/evaluate/SystemFiles.hpp"
#include "robometrics/evaluate/TfTrack.hpp"
#include "robometrics/evaluate/TrajectoryStage.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::evaluate {

namespace {

template <class T>
void append(std::vector<T> &to, std::vector<T> &&from) {
    for (T &item : from) to.push_back(std::move(item));
}

/// A stage's finding into its place in the evaluation, or its note into the notes.
template <class T>
void keep(std::optional<T> &into, std::vector<std::string> &notes, StageFinding<T> &&found) {
    if (found.value) {
        into = std::move(found.value);
    } else {
        notes.push_back(std::move(found.note));
    }
}

/// What the pass alone decides, into `e`: the clock, the analyses of the pass, what a damaged
/// recording lost, and a ground truth found in TF (named `tf:PARENT:CHILD` among the topics).
void takePass(Evaluation &e, PassResult &pass) {
    e.clock = std::move(pass.clock);
    e.start_time = e.clock.start();
    e.end_time = e.clock.end();
    if (pass.damage) {
        DamageFindings damage = damageFindings(*pass.damage, e.clock, e.clock.logOrigin());
        e.caveats.push_back(std::move(damage.caveat));
        append(e.anomalies, std::move(damage.found.anomalies));
        e.lost_spans = std::move(damage.lost_spans);
    }
    if (pass.tf_ground_truth) {
        e.topics.ground_truth = "tf:" + pass.tf_ground_truth->first + ":" + pass.tf_ground_truth->second;
        e.topics.ground_truth_type = "tf";
    }
    if (!pass.ground_truth_not_taken.empty()) {  // a world's poses in which the robot's was not found
        e.notes.push_back("ground truth: " + e.topics.ground_truth + " not used: " + pass.ground_truth_not_taken);
        e.topics.ground_truth.clear();
        e.topics.ground_truth_type.clear();
    }
    if (!pass.ground_truth_entry.empty()) {
        const bool found = e.topics.ground_truth_entry == "moving";
        e.topics.ground_truth_entry = pass.ground_truth_entry;
        std::string &why = e.topics.ground_truth_why;
        why += (why.empty() ? "" : ", ") + pass.ground_truth_entry +
               (found ? " (the one entry that moved)" : " (ground_truth_index/_body)");
    }
    e.traversal = std::move(pass.traversal);
    e.scanners = std::move(pass.scanners);
    e.clouds = std::move(pass.clouds);
    for (std::string &caveat : selfFilterCaveats(e.clouds)) e.caveats.push_back(std::move(caveat));
    e.topic_windows = std::move(pass.topic_windows);
    e.lost = std::move(pass.lost);
    if (pass.amcl_path) e.paths.push_back(std::move(*pass.amcl_path));
}

}  // namespace

Result<Evaluation> evaluateRun(const RunInputs &inputs, const EvaluateOptions &options) {
    Evaluation e;
    ROBOMETRICS_TRY(evaluateRun(inputs, options, e, {}));
    return e;
}

Status evaluateRun(const RunInputs &inputs, const EvaluateOptions &options, Evaluation &e,
                   const std::function<void(const Evaluation &)> &pass_done,
                   const std::function<void(const Evaluation &)> &trajectory_done) {
    // 1. Inputs: the bag's topics, which one each analysis reads, the analyses' settings.
    e.inputs = inputs;
    bag::ReadOptions read;
    read.recover = !options.strict;  // a recording cut short is read up to the cut, and said
    std::optional<bag::LogWindow> window;
    if (!options.window.empty()) {
        auto resolved = bag::windowOfBag(inputs.bag, options.window);
        if (!resolved) return resolved.error();
        window = *resolved;
    }
    auto source = window ? bag::openWindow(inputs.bag, *window, read) : bag::openBag(inputs.bag, read);
    if (!source) return source.error();
    e.window = window;
    pipeline::Pipeline pipe;
    pipe.setRemaps(options.remaps);
    pipe.showProgress(options.progress, bag::bytesOnDisk(inputs.bag));
    pipe.readAhead(options.threads > 1);
    auto setup = setUpRun((*source)->topics(), options.remaps, options);
    if (!setup) return setup.error();
    e.topics = setup->topics;
    append(e.notes, std::move(setup->notes));

    // A multi-robot run's first robot is judged against its own ground truth (RobotTrajectory.hpp).
    ROBOMETRICS_TRY(checkRobotGroundTruths(options, setup->robots));
    const EvaluateOptions first = firstRobotOptions(e.inputs, options, setup->robots);

    // 2. The pass: every node over the bag, once.
    BagPass pass(*setup, passWants(trajectorySetup(e.inputs, e.topics, first)), inputs.bag, pipe);
    if (window) pass.judgeWindow(*window);
    auto passed = pass.run(pipe, std::move(*source));
    if (!passed) return passed.error();
    takePass(e, *passed);
    TrajectorySetup trajectory = trajectorySetup(e.inputs, e.topics, first, passed->tf_ground_truth);
    trajectory.window = window;
    GroundTruthRead ground_truth = readGroundTruth(trajectory);
    // What the pass alone decides is final: its files can be written beside what follows.
    if (pass_done) pass_done(e);

    // 3. Activity and topic health. With two threads the health is worked out on the second
    // while the stages below run (it only reads the topic statistics, the activity and the
    // finished clock, which nothing below changes), unless its scratch memory would add much to
    // the ATE's peak: then first, on this thread, as its own peak. Beside the ATE it adds at most
    // twice the bound below: the scratch, and the activity's tracks, which are about as long (as
    // the odometry) and go when the health is known.
    constexpr std::size_t kMostHealthScratchBesideAte = std::size_t{4} << 20;  // a 100 Hz topic for 1.5 h
    const bool health_beside =
        options.threads > 1 && pass.statistics().healthScratchBytes() <= kMostHealthScratchBesideAte;
    const TimeIntervals unread = unreadSpans(e.lost_spans, e.clock);
    std::function<TimeNs(TimeNs)> to_system;
    if (e.clock.simTime()) to_system = [&e](TimeNs log) { return e.clock.systemTime(log); };
    const std::function<TimeNs(TimeNs)> on_system = to_system ? to_system : [](TimeNs log) { return log; };
    auto activity_run = std::make_unique<nodes::ActivityRun>(pass.finishActivity(on_system, e.clock.systemEnd()));
    if (passed->tf_ground_truth && e.topics.ground_truth_type == "tf") {  // progress on the TF ground truth, read again
        const auto &chain = *passed->tf_ground_truth;
        if (auto track = tfTrackOnSystemClock(e.inputs.bag, chain.first, chain.second, e.clock, window)) {
            activity_run->progress = std::move(*track);
            activity_run->progress_from_ground_truth = true;
        }
    }
    e.activity = activityOf(*activity_run, e.topics, e.clock, setup->checks.stuck, unread, e.notes);
    std::vector<RobotActivityRun> other_robots;  // what they did, for their own topics' health
    if (setup->robots.size() > 1 || !setup->robots.front().name.empty()) {  // each robot on its own
        e.robots.push_back(robotJudgement(setup->robots.front()));
        e.robots.front().activity = e.activity;
        append(e.robots, pass.finishRobots(on_system, setup->checks.stuck, unread, e.notes, other_robots));
    }
    // On an early return below, the future's destructor waits for the thread before the locals
    // it reads (declared before it) go.
    auto health = topicHealth(pass.statistics(), std::move(activity_run), to_system, unread, health_beside,
                              std::move(other_robots));
    if (!health_beside) health.wait();  // runs it now

    // 4. Motion, the costmap, the trajectory and the map.
    OdometryLog &odometry = pass.odometry();
    evaluateMotion(e, odometry, pass.tfOnly() ? &*pass.tfOnly() : nullptr);
    pass.tfOnly().reset();
    if (!e.robots.empty()) e.robots.front().motion = e.motion;
    pass.finishCostmap(e.costmap, e.notes);
    TfChains chains = takeTfChains(trajectory, e.clock, odometry, pass.recordings(), e.caveats);
    pass.recordings().tf.reset();
    auto ate = evaluateTrajectory(trajectory, chains, std::move(ground_truth));
    if (!ate) return ate.error();
    keep(e.trajectory, e.notes, std::move(*ate));
    if (trajectory_done) trajectory_done(e);  // nothing below changes e.trajectory
    ROBOMETRICS_TRY(judgeRobotTrajectories(e, trajectory, options, setup->robots));
    addOdometryPath(e, chains, odometry);
    odometry.clear();
    auto map = evaluateMap(trajectory, pass.recordings(), e.trajectory);
    if (!map) return map.error();
    keep(e.map, e.notes, std::move(*map));
    if (inputs.run_json || inputs.system_csv) {
        auto system = readSystemFiles(inputs);
        if (!system) return system.error();
        e.system = std::move(system.value());
    }
    e.topic_health = health.get();

    // 5. The anomaly rules, and what the verdict rests on.
    Findings found =
        runAnomalyRules(e, RuleLimits{setup->checks, options.topic_drop_ratio, options.cpu_budget_percent});
    append(e.anomalies, std::move(found.anomalies));
    append(e.notes, std::move(found.notes));
    e.sensors = sensorUses(setup->bag_topics, e);
    e.core_checks = coreChecks(e);
    return Status::Ok();
}

}  // namespace robometrics::evaluate
