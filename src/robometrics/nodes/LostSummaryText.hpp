#pragma once
// The lost detector's run summary as `lost` and `live lost` print it, the --json documents, and
// the score against labelled lost intervals.

#include <nlohmann/json.hpp>
#include <string>

#include "robometrics/localization/LostReplay.hpp"
#include "robometrics/localization/LostTraining.hpp"

namespace robometrics::nodes {

/// Timeline and episodes in seconds since `t0` (the first event).
nlohmann::json lostRunJson(const localization::LostRun &run, TimeNs t0);
std::string lostRunText(const std::string &bag, const std::string &topic, const localization::LostRun &run, TimeNs t0);

/// The one-line summary of `live lost` (its --json is lostRunJson's, as `lost --json`).
std::string lostLiveText(const localization::LostTracker &tracker, const std::string &topic);

/// Each labelled interval: seconds of bag log time, whether an alarm fell inside, the latency.
nlohmann::json lostIntervalsJson(const localization::DetectionScore &s);
nlohmann::json lostScoreJson(const localization::DetectionScore &s);
std::string lostScoreText(const localization::DetectionScore &s);

/// `lost-train`: the fitted classifier and the scores before and after.
nlohmann::json lostTrainingJson(const localization::LostTraining &t);
std::string lostTrainingText(const std::string &bag, std::size_t intervals, const localization::LostTraining &t);

}  // namespace robometrics::nodes
