#pragma once
// The verdict as ROS diagnostics: one diagnostic_msgs/DiagnosticArray, written on /diagnostics
// into evaluation.mcap, so rqt_robot_monitor, diagnostic_aggregator users and Foxglove's
// Diagnostics panel show what `evaluate` found without our report. Statuses (name: level):
//   "robometrics: verdict"         OK, or ERROR with the anomaly codes
//   "robometrics: <area>"          per analysis that ran (traversal, localization, trajectory, map,
//                                  costmap, activity, system): ERROR when one of its anomalies
//                                  fired, else OK; its measured figures as key values
//   "robometrics: anomaly <code>"  ERROR per anomaly: its message, value, threshold, time, evidence
//   "robometrics: topic <name>"    per topic: ERROR when the topic_drops anomaly names it, else OK
//                                  (drops below its threshold said in the message); rate, jitter, gaps
// hardware_id is the recording's file name (the topic for a topic).

#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/evaluate/Evaluation.hpp"
#include "robometrics/msgs/Messages.hpp"

namespace robometrics::evaluate {

/// The analysis an anomaly code belongs to ("collision" -> "traversal"); "run" for codes of the
/// run as a whole.
std::string anomalyArea(const std::string &code);

/// The array stamped at the run's end; `summary` is toSummaryJson(e) (its figures are the values).
msgs::DiagnosticArray evaluationDiagnostics(const Evaluation &e, const nlohmann::json &summary);

}  // namespace robometrics::evaluate
