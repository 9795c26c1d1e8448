#pragma once
// The second stage of the evaluate pass (docs/architecture.md, "The evaluate pass"): one read of
// the bag drives every node on the topics the setup chose for it (traversal, the scanners, SLAM
// run motion, activity, the lost detector, the costmap, topic statistics) and keeps what the
// stages after it need from the bag (TF chains, the last map), so that the bag is read once.
// A new sensor kind is subscribed here and its result added to PassResult.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/core/RunClock.hpp"
#include "robometrics/core/SpillLog.hpp"
#include "robometrics/evaluate/CloudSensors.hpp"
#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/evaluate/OdometryPaths.hpp"
#include "robometrics/evaluate/RobotStage.hpp"
#include "robometrics/evaluate/RunSetup.hpp"
#include "robometrics/evaluate/Scanners.hpp"
#include "robometrics/evaluate/TfGroundTruth.hpp"
#include "robometrics/io/BagMap.hpp"
#include "robometrics/io/TfRecording.hpp"
#include "robometrics/nodes/ActivityNode.hpp"
#include "robometrics/nodes/CostmapNode.hpp"
#include "robometrics/nodes/LostNode.hpp"
#include "robometrics/nodes/SlamRunNode.hpp"
#include "robometrics/nodes/TopicStatsNode.hpp"
#include "robometrics/nodes/TraversalNode.hpp"
#include "robometrics/pipeline/Pipeline.hpp"

namespace robometrics::evaluate {

/// What the stages after the pass ask it to keep from the bag (TrajectoryStage's passWants()).
struct PassWants {
    std::vector<std::pair<std::string, std::string>> tf_chains;  ///< TF chains (parent, child) built while reading
    bool map = false;              ///< the map topic's last message, for a ground-truth map
    bool tf_ground_truth = false;  ///< look for a ground truth in TF (`world -> base_link_gt`)
};

/// What the pass keeps for the analyses after it: the transforms (the estimate TF map ->
/// base_link and the odometry path's map -> odom) and the chosen map's raw bytes.
struct PassRecordings {
    std::optional<io::TfRecording> tf;
    std::optional<io::BagMapCollector> map;
};

/// What the pass alone decides, final when run() returns.
struct PassResult {
    RunClock clock;                         ///< finished: the run's time axis
    std::optional<bag::ReadDamage> damage;  ///< what the reader could not read
    std::optional<TraversalResult> traversal;
    std::vector<ScannerResult> scanners;
    std::vector<CloudUse> clouds;  ///< every PointCloud2 topic, used as a range sensor or not (why)
    topicstats::WindowLog topic_windows;
    std::optional<LostResult> lost;
    std::optional<RunPath> amcl_path;  ///< the AMCL pose's path (run axis), when it has poses
    /// The TF chain (parent, child) found to be a ground truth, when PassWants::tf_ground_truth.
    std::optional<std::pair<std::string, std::string>> tf_ground_truth;
    /// A ground truth of many poses per message: the robot's entry used (io::GroundTruthEntry),
    /// and why none was taken (empty when one was).
    std::string ground_truth_entry, ground_truth_not_taken;
};

class BagPass {
public:
    /// Subscribes every node that applies to `setup` on `pipe` (with its remaps and lanes).
    BagPass(const RunSetup &setup, const PassWants &wants, const std::string &bag, pipeline::Pipeline &pipe);
    BagPass(const BagPass &) = delete;
    BagPass &operator=(const BagPass &) = delete;

    /// Only `window` of the recording is judged: what `source` gives from before it (its latched
    /// state, bag::openWindow) reaches the nodes but not the clock or the topic statistics, and
    /// the time axis starts at the recording's first message. Before run().
    void judgeWindow(const bag::LogWindow &window) {
        topic_stats_.ignoreBefore(window.start);
        clock_.setOrigin(window.origin);
    }

    /// Reads `source` once through `pipe`, releases it (its chunk and read-ahead buffers), and
    /// finishes what the pass decides alone. Fails on a topic of the wrong type or an unreadable bag.
    Result<PassResult> run(pipeline::Pipeline &pipe, std::unique_ptr<bag::MessageSource> source);

    // After run(): what the stages after it take.
    const topicstats::TopicStatistics &statistics() const { return topic_stats_.statistics(); }
    /// What the robot was told and did, `to_system` mapping log times onto the system clock.
    nodes::ActivityRun finishActivity(const std::function<TimeNs(TimeNs)> &to_system, TimeNs end) {
        activity_.finish();
        return activity_.takeRun(to_system, end);
    }
    OdometryLog &odometry() { return odometry_; }
    /// The robots after the first of a multi-robot recording, each judged on its own (RobotPass).
    std::vector<RobotJudgement> finishRobots(const std::function<TimeNs(TimeNs)> &to_system,
                                             const activity::StuckConfig &stuck, const TimeIntervals &unread,
                                             std::vector<std::string> &notes, std::vector<RobotActivityRun> &runs);
    /// The whole TF of a recording with nothing else that says where the robot went (else empty).
    std::optional<io::TfRecording> &tfOnly() { return tf_only_; }
    PassRecordings &recordings() { return recordings_; }
    /// The costmap's figures, or a note saying why there are none; nothing without a GridMap topic.
    void finishCostmap(std::optional<CostmapResult> &result, std::vector<std::string> &notes);

private:
    nodes::TopicChoice topics_;
    RunClock clock_;
    std::vector<traversal::TraversalRow> rows_;
    std::optional<nodes::TraversalNode> traversal_;
    Scanners scanners_;
    CloudSensors clouds_;
    nodes::SlamRunNode slam_run_;
    OdometryLog odometry_;
    nodes::ActivityNode activity_;
    std::optional<LostStage> lost_;
    std::optional<nodes::CostmapNode> costmap_;
    topicstats::WindowLog windows_;
    nodes::TopicStatsNode topic_stats_;
    PassRecordings recordings_;
    std::optional<io::TfRecording> tf_only_;
    std::optional<TfGroundTruthScan> tf_truth_;
    std::vector<std::unique_ptr<RobotPass>> robots_;
};

}  // namespace robometrics::evaluate
