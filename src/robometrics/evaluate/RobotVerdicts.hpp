#pragma once
// What a multi-robot evaluation says of each robot (docs/evaluate.md, "Several robots"): its
// verdict from its own anomalies and checks, the `robots` section of summary.json, and its line
// under the run's verdict.

#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/evaluate/Evaluation.hpp"

namespace robometrics::evaluate {

/// "potential_failure" when an anomaly that affects the verdict names `robot`, else
/// "inconclusive" when it had no scanner or no track to judge motion on, else "ok".
const char *robotVerdict(const Evaluation &e, const RobotJudgement &robot);

/// summary.json's `robots`: one entry per robot, in the order found.
nlohmann::json robotsJson(const Evaluation &e);

/// "robot2: potential_failure (stuck); commanded ..., 3 goal(s), 6.4 m; progress on /robot2/odom; ATE 0.052 m
/// (BAG:/robot2/odom against FILE); localization on /robot2/amcl_pose". `robot` is one of `e.robots`.
std::string robotLine(const Evaluation &e, const RobotJudgement &robot);

/// The report's "Robots" table (HTML): per robot its verdict, the anomalies naming it (code,
/// time and message) and its activity, as robotLine says it.
std::string robotsTable(const Evaluation &e);

}  // namespace robometrics::evaluate
