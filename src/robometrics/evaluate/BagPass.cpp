#include "robometrics/evaluate/BagPass.hpp"

#include <algorithm>

namespace robometrics::evaluate {

namespace {

traversal::ScanCollisionsConfig scanConfig(const traversal::TraversalConfig &traversal) {
    traversal::ScanCollisionsConfig config;
    config.collision_threshold = traversal.collision_threshold;
    config.min_safe_clearance = traversal.min_safe_clearance;
    config.respect_range_limits = traversal.respect_range_limits;
    return config;
}

/// The topics the scanners choose from: a robot's own when `--robot` named one.
std::vector<bag::TopicInfo> scannerTopics(const RunSetup &setup) {
    const std::string &named = setup.robots.size() == 1 ? setup.robots.front().name : std::string();
    if (named.empty() || named == "/") return setup.bag_topics;
    std::vector<bag::TopicInfo> own;
    for (const bag::TopicInfo &t : setup.bag_topics) {
        if (nodes::topicNamespace(t.name) == named) own.push_back(t);
    }
    return own;
}

}  // namespace

BagPass::BagPass(const RunSetup &setup, const PassWants &wants, const std::string &bag, pipeline::Pipeline &pipe)
    : topics_(setup.topics),
      scanners_(scannerTopics(setup), setup.scan_named ? setup.topics.scan : std::string(),
                scanConfig(setup.traversal)),
      clouds_(scannerTopics(setup), scanConfig(setup.traversal), setup.cloud_footprint),
      activity_(setup.checks.intent),
      topic_stats_({}, [this](const topicstats::WindowRecord &w) { windows_.add(w); }) {
    // A topic of the wrong type fails run() with a clear message.
    const nodes::TopicChoice &t = topics_;
    if (nodes::hasTraversalInput(t)) {
        traversal_.emplace(setup.traversal, [this](const traversal::TraversalRow &row) { rows_.push_back(row); });
        traversal_->setDistanceFromOdometry(nodes::distanceFromOdometry(t));
        // A scan's smallest range, read by the traversal metrics and the scanner of its topic,
        // is found once, by the scanner (issue 62); both have the rules of setup.traversal.
        nodes::NodeTopics own = t;
        if (scanners_.reads(pipe, t.scan)) own.scan.clear();
        traversal_->subscribe(pipe, own);
    }
    if (traversal_) {
        scanners_.subscribe(pipe, t.scan, [this](const traversal::ScanMinimum &minimum, TimeNs time) {
            traversal_->onScanMinimum(minimum, time);
        });
    } else {
        scanners_.subscribe(pipe);
    }
    clouds_.subscribe(pipe);
    slam_run_.handOdometryTo([this](const slam::OdomSample &s) { odometry_.push_back(s); });
    slam_run_.subscribe(pipe, odometryOnly(t));
    activity_.subscribe(pipe, t);
    // The other robots of a multi-robot recording: each its own odometry and activity.
    for (std::size_t i = 1; i < setup.robots.size(); ++i) {
        robots_.push_back(std::make_unique<RobotPass>(setup.robots[i], setup.checks.intent, setup.lost, setup.traversal, pipe));
    }
    if (!t.amcl_pose.empty()) lost_.emplace(setup.lost, pipe);
    if (setup.costmap) {
        nodes::CostmapOutputs outputs;
        outputs.skip_bad_input = true;
        costmap_.emplace(*setup.costmap, bag, outputs);
        // Lane 1 (its own thread when reading ahead): the costmap and the TF recording below
        // share nothing with the other nodes, and their /tf is decoded once for both.
        pipe.setLane(1);
        costmap_->subscribe(pipe, nodes::CostmapNode::topicsOf(*setup.costmap));
        pipe.setLane(0);
    }
    // Topic statistics see every message, raw: only the header stamp is decoded. The same
    // stamps place the run on its clock.
    for (const bag::TopicInfo &info : setup.bag_topics) {
        topic_stats_.declare(info);
        if (info.type == "rosgraph_msgs/msg/Clock") clock_.markClockTopic();
    }
    topic_stats_.observeStamps(
        [this](TimeNs log_time, std::optional<TimeNs> stamp) { clock_.observe(log_time, stamp); });
    topic_stats_.observeClock([this](TimeNs log_time, TimeNs sim_time) { clock_.observeClock(log_time, sim_time); });
    topic_stats_.subscribe(pipe, {});
    // What the analyses after the pass need from the bag is kept during it: one read in all.
    if (t.tf && !wants.tf_chains.empty()) {
        recordings_.tf.emplace();
        recordings_.tf->buildWhileReading(wants.tf_chains);
        pipe.setLane(1);
        recordings_.tf->subscribe(pipe, setup.bag_topics);
        pipe.setLane(0);
    }
    if (wants.map && !t.map.empty()) {
        for (const bag::TopicInfo &info : setup.bag_topics) {
            if (info.name != t.map) continue;
            recordings_.map.emplace(bag, t.map, msgs::wireFormatOf(info.serialization_format));
            recordings_.map->expectMessages(info.message_count);
            recordings_.map->subscribe(pipe);
        }
    }
    // A recording with TF and nothing else that says where the robot went: its moving chain is the
    // track (TfTrack), so the whole TF is kept; which chain moves is known only after reading.
    if (t.tf && t.odometry.empty() && t.pose_array.empty() && t.ground_truth.empty()) {
        tf_only_.emplace();
        pipe.setLane(1);
        tf_only_->subscribe(pipe, setup.bag_topics);
        pipe.setLane(0);
    }
    // Ground truth in TF (a simulator's `world -> base_link_gt`), when nothing else gives it.
    if (t.tf && t.ground_truth.empty() && t.pose_array.empty() && wants.tf_ground_truth) {
        tf_truth_.emplace();
        tf_truth_->subscribe(pipe, setup.bag_topics);
    }
}

Result<PassResult> BagPass::run(pipeline::Pipeline &pipe, std::unique_ptr<bag::MessageSource> source) {
    ROBOMETRICS_TRY(pipe.run(*source));
    PassResult result;
    result.damage = source->damage();
    source.reset();  // the reader's chunk and read-ahead buffers: the bag is read once
    clock_.finish();
    if (tf_truth_) result.tf_ground_truth = tf_truth_->chain();
    result.ground_truth_entry = activity_.groundTruthEntry();
    result.ground_truth_not_taken = activity_.groundTruthNotTaken();
    if (traversal_) {
        traversal_->endAt(clock_.end());
        traversal_->finish();  // may close a last row
        result.traversal = TraversalResult{std::move(rows_), traversal_->summary()};
    }
    clouds_.finish();  // the clouds still waiting for their /tf sample
    result.scanners = scanners_.results();
    const bool scanned = std::any_of(result.scanners.begin(), result.scanners.end(),
                                     [](const ScannerResult &s) { return s.summary.scans > 0; });
    for (ScannerResult &cloud : clouds_.results()) {
        cloud.judged = !scanned;
        result.scanners.push_back(std::move(cloud));
    }
    result.clouds = clouds_.uses();
    topic_stats_.finish();
    result.topic_windows = std::move(windows_);
    if (lost_) result.lost = lost_->finish(clock_, result.amcl_path);
    result.clock = clock_;
    return result;
}

std::vector<RobotJudgement> BagPass::finishRobots(const std::function<TimeNs(TimeNs)> &to_system,
                                                  const activity::StuckConfig &stuck, const TimeIntervals &unread,
                                                  std::vector<std::string> &notes,
                                                  std::vector<RobotActivityRun> &runs) {
    std::vector<RobotJudgement> judged;
    for (const std::unique_ptr<RobotPass> &robot : robots_) {
        judged.push_back(robot->finish(clock_, to_system, stuck, unread, notes, runs));
    }
    robots_.clear();
    return judged;
}

void BagPass::finishCostmap(std::optional<CostmapResult> &result, std::vector<std::string> &notes) {
    if (!costmap_) return;
    costmap_->finish();  // end of input: the maps still waiting for a later TF sample
    const nodes::CostmapRun &run = costmap_->run();
    if (run.stats.frames == 0) {
        notes.push_back("costmap: no costmap computed (" + run.first_drop_reason + ")");
    } else {
        result =
            CostmapResult{topics_.grid_map, run.stats, costmap_->lastCostmap(), run.dropped, run.first_drop_reason};
    }
}

}  // namespace robometrics::evaluate
