#pragma once
// Everything `robometrics evaluate` measured on one run: the results of each analysis that
// applied, the anomalies they raised, and the verdict. The writers (CSV, JSON, MCAP, HTML) and
// `robometrics compare` work from this; nothing here does I/O.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "robometrics/activity/StuckDetector.hpp"
#include "robometrics/bag/ReadDamage.hpp"
#include "robometrics/bag/TimeWindow.hpp"
#include "robometrics/core/RunClock.hpp"
#include "robometrics/core/TimeIntervals.hpp"
#include "robometrics/core/SpillLog.hpp"
#include "robometrics/evaluate/CloudSensors.hpp"
#include "robometrics/evaluate/RunInputs.hpp"
#include "robometrics/evaluate/Scanners.hpp"
#include "robometrics/evaluate/TrajectoryResult.hpp"
#include "robometrics/localization/LostDetector.hpp"
#include "robometrics/localization/LostEpisodes.hpp"
#include "robometrics/nodes/TopicChoice.hpp"
#include "robometrics/slam/FailureHeuristics.hpp"
#include "robometrics/slam/MapEvaluation.hpp"
#include "robometrics/slam/SlamRun.hpp"
#include "robometrics/slam/Trajectory.hpp"
#include "robometrics/slam/TrajectoryMetrics.hpp"
#include "robometrics/system/ProcessTreeSampler.hpp"
#include "robometrics/terrain/CostmapStats.hpp"
#include "robometrics/topicstats/TopicHealth.hpp"
#include "robometrics/topicstats/WindowLog.hpp"
#include "robometrics/traversal/TraversalRow.hpp"

namespace robometrics::evaluate {

using nodes::TopicChoice;

struct TraversalResult {
    std::vector<traversal::TraversalRow> rows;
    traversal::TraversalSummary summary;
};

struct LostResult {
    std::string topic;
    SpillLog<localization::LostSample> readings;  ///< on disk on a long run
    localization::LostEpisodes episodes;
};

struct CostmapResult {
    std::string topic;
    terrain::CostmapStats stats;
    msgs::OccupancyGrid last;   ///< the last costmap, for the report's snapshot
    std::uint64_t dropped = 0;  ///< GridMaps without a robot pose (TF) at their stamp
    std::string first_drop_reason;
};

struct SystemResult {
    std::vector<system::ResourceSample> samples;
    nlohmann::json run;  ///< run.json as written by `robometrics run`
};

/// What the robot was told to do and what it did (activity/), on the run's clock.
struct ActivityResult {
    std::string command_topic;             ///< cmd_vel (Twist or TwistStamped); empty when not recorded
    std::vector<std::string> goal_topics;  ///< Nav2 action status topics recorded
    bool intent_known = false;             ///< some topic says when the robot should move
    std::size_t goals = 0;
    double commanded_s = 0;       ///< time motion was commanded or a goal executed
    double moving_s = 0;          ///< time the robot drove or turned
    double idle_s = 0;            ///< neither: standing by (not counting the lost spans)
    double unread_s = 0;          ///< lost spans neither commanded nor moving: not known either way
    std::optional<TimeIntervals> moving;  ///< when the robot moved (system clock); empty: unknown
    std::string progress_source;  ///< the track stuck is judged on (ground truth, else odometry)
    std::size_t progress_samples = 0;  ///< poses of that track
    std::vector<activity::StuckEpisode> stuck;
};

/// A robot's ATE (docs/evaluate.md, "Several robots"): what was compared and the SE(3)-aligned
/// errors, with the largest for its drift anomaly.
struct RobotAte {
    std::string ground_truth;  ///< its spelling: FILE, BAG:TOPIC
    std::string estimate;      ///< BAG:/robot2/odom, ...
    slam::ErrorStatistics se3;
    std::optional<TrajectoryResult::Worst> worst;
};

/// One robot of a multi-robot recording (or the one `--robot` named) and what it did
/// (docs/evaluate.md, "Several robots").
struct RobotJudgement {
    std::string name;  ///< its namespace ("robot1"), "/" for the robot outside the namespaces
    TopicChoice topics;
    std::string tf_topic;      ///< its TF topic (its own /robot1/tf, or the shared one), empty without TF
    std::string frame_prefix;  ///< "robot1/" on a shared /tf
    ActivityResult activity;
    std::optional<slam::RunMotion> motion;  ///< on its odometry; empty without one
    /// Its ATE against its own ground truth (RobotAte), or why there is none.
    std::optional<RobotAte> ate;
    std::string ate_not_measured;
    /// The lost detector on its own AMCL pose; empty without one (the first robot's is the run's).
    std::optional<LostResult> lost;
    /// The traversal metrics on its own scan, IMU and odometry; empty without any of them (the
    /// first robot's is the run's, Evaluation::traversal).
    std::optional<traversal::TraversalSummary> traversal;
};

/// An estimated path of the robot (odometry, AMCL, TF) for the report's trajectory plot.
struct RunPath {
    std::string source;           ///< the odometry or AMCL topic, or "tf map->base_link", ...
    std::string frame = "map";    ///< the frame its x, y are in
    std::vector<double> t, x, y;  ///< t on the run's axis (seconds since start, RunClock)
};

/// A sensor topic of the bag, and what read it or why nothing did.
struct SensorUse {
    std::string topic;
    std::string type;
    bool used = false;
    std::string why;  ///< the analyses that read it, or why none did
};

/// A check that decides whether a run was safe and healthy (docs/evaluate.md, "What the verdict
/// rests on"), and whether it ran on this recording.
struct CoreCheck {
    std::string name;    ///< "collisions", "motion", "topic_health"
    bool ran = false;
    std::string basis;   ///< what it ran on ("/scan, /scan_rear"), or why it could not run
};

struct Evaluation {
    RunInputs inputs;
    TopicChoice topics;
    TimeNs start_time = 0;
    TimeNs end_time = 0;
    /// The run's time axis (log time since start_time) and how header stamps map onto it.
    RunClock clock;
    /// Only this window of the recording was judged (`--start`/`--end`); the axis still starts at
    /// the recording's first message (RunClock::setOrigin).
    std::optional<bag::LogWindow> window;
    std::optional<TraversalResult> traversal;
    /// Every range sensor's collisions and clearance (all LaserScan topics, or the one named).
    std::vector<ScannerResult> scanners;
    /// Every PointCloud2 topic: judged as a range sensor (then also in `scanners`) or why not.
    std::vector<CloudUse> clouds;
    /// Every sensor topic of the bag and whether an analysis read it, and why (summary "sensors").
    std::vector<SensorUse> sensors;
    ActivityResult activity;
    /// Each robot of a multi-robot recording, the first being the run's own (topics, activity,
    /// motion above); empty when the recording has one robot and `--robot` named none.
    std::vector<RobotJudgement> robots;
    std::vector<topicstats::TopicHealth> topic_health;
    topicstats::WindowLog topic_windows;
    std::optional<LostResult> lost;
    std::optional<slam::RunMotion> motion;
    std::string motion_source;  ///< "odometry /odom", or "TF odom->base_link" in a TF-only recording
    std::optional<TrajectoryResult> trajectory;
    std::optional<slam::MapEvalResult> map;
    std::optional<CostmapResult> costmap;
    std::optional<SystemResult> system;
    std::vector<RunPath> paths;  ///< estimated paths for the report (odometry, AMCL), t on the run axis
    /// The odometry path was brought into map through the recorded TF map -> odom.
    bool paths_aligned = false;
    std::vector<slam::Anomaly> anomalies;
    /// Stretches of a damaged recording the reader skipped (reading went on after each): no
    /// analysis judges them, each is a `recording_damaged` anomaly that leaves the verdict alone.
    std::vector<bag::LostSpan> lost_spans;
    std::vector<std::string> notes;  ///< analyses skipped and why
    /// Results computed with a reservation the user should know (e.g. /tf samples out of stamp
    /// order after the chain had been built past them).
    std::vector<std::string> caveats;

    /// The checks the verdict rests on (set after the anomalies are gathered).
    std::vector<CoreCheck> core_checks;

    /// No anomaly was raised (whether every core check ran or not); one that only informs
    /// (slam::Anomaly::informs_only: a damaged stretch of the recording, skipped) does not count.
    bool ok() const;
    /// No anomaly, but a check a verdict of `ok` rests on could not run.
    bool inconclusive() const;
    /// "potential_failure" when an anomaly was raised, else "inconclusive" when a core check could
    /// not run, else "ok".
    const char *verdict() const;
};

/// A topic's gap on the run axis (seconds): its times are header stamps or the system's clock.
std::pair<double, double> gapOnAxis(const RunClock &clock, const topicstats::TopicHealth &topic,
                                    const topicstats::TopicGap &gap);

/// The machine-readable summary written to summary.json (and read back by `compare`).
nlohmann::json toSummaryJson(const Evaluation &evaluation);

}  // namespace robometrics::evaluate
