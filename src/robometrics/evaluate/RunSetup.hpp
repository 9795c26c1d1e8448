#pragma once
// The first stage of the evaluate pass (docs/architecture.md, "The evaluate pass"): from the
// bag's topic list, the remaps and the parameters, which topic each analysis reads and how each
// is configured. Nothing is read from the bag's messages yet; a bad parameter fails here.

#include <optional>
#include <string>
#include <vector>

#include "robometrics/activity/Intent.hpp"
#include "robometrics/activity/StuckDetector.hpp"
#include "robometrics/bag/MessageSource.hpp"
#include "robometrics/core/Result.hpp"
#include "robometrics/evaluate/EvaluateOptions.hpp"
#include "robometrics/localization/LostDetectorConfig.hpp"
#include "robometrics/nodes/Robots.hpp"
#include "robometrics/nodes/TopicChoice.hpp"
#include "robometrics/pipeline/Remaps.hpp"
#include "robometrics/slam/FailureHeuristics.hpp"
#include "robometrics/terrain/CostmapConfig.hpp"
#include "robometrics/traversal/CloudClearance.hpp"
#include "robometrics/traversal/TraversalConfig.hpp"

namespace robometrics::evaluate {

/// The thresholds of the anomaly rules (slam_eval parameters, and traversal's collision threshold).
struct RunChecks {
    slam::FailureThresholds thresholds;
    double collision_threshold = 0.2;  ///< traversal's, for the collision anomalies' threshold
    std::vector<std::string> required_topics;
    activity::IntentConfig intent;
    activity::StuckConfig stuck;
};

/// What a run has and how each analysis is set up for it.
struct RunSetup {
    nodes::TopicChoice topics;  ///< the first robot's (the only one's, in a one-robot recording)
    /// The robots found (nodes/Robots.hpp), or the one `--robot` named; `topics` is the first's.
    std::vector<nodes::Robot> robots;
    std::vector<bag::TopicInfo> bag_topics;  ///< every topic of the bag, as its reader lists them
    traversal::TraversalConfig traversal;
    traversal::CloudFootprint cloud_footprint;      ///< the footprint and height band of the point clouds' clearance
    localization::LostDetectorConfig lost;          ///< its topics set when the bag has AMCL poses
    std::optional<terrain::CostmapConfig> costmap;  ///< when the bag has a GridMap topic
    RunChecks checks;
    bool scan_named = false;         ///< `--topic scan=/x` narrows the robot's scanners to that one
    std::vector<std::string> notes;  ///< the inputs the run lacks and what is not evaluated without each
};

/// The slam_eval node's parameters as the anomaly rules' thresholds (an error names a bad one).
Result<RunChecks> runChecks(const EvaluateOptions &options);

/// The setup of a run whose bag lists `bag_topics`, after the remaps of `remapped`.
Result<RunSetup> setUpRun(const std::vector<bag::TopicInfo> &bag_topics, const pipeline::Remaps &remapped,
                          const EvaluateOptions &options);

}  // namespace robometrics::evaluate
