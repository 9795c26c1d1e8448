#pragma once
// True lost intervals to score the lost detector against: a CSV of "start,end" seconds of bag
// log time, or the scenario.json the simulator writes (its kidnap events).

#include <string>

#include "robometrics/localization/LostTrainer.hpp"

namespace robometrics::io {

/// A path ending in .json is read as a scenario.json, anything else as the CSV.
Result<localization::LostLabels> readLostLabels(const std::string &path);

}  // namespace robometrics::io
