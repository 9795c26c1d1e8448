#pragma once
// Runs the detector over a recorded sequence of AMCL readings and reset requests, in time
// order, and keeps every reading and the run summary. Shared by `lost` and `lost-train`.

#include <vector>

#include "robometrics/localization/LostEpisodes.hpp"

namespace robometrics::localization {

struct PoseEvent {
    TimeNs time = 0;
    bool reset = false;            ///< a /lost_detector/reset message
    CovarianceFeatures features;   ///< for a pose reading
};

struct LostRun {
    std::vector<LostReading> readings;
    LostEpisodes episodes;
};

LostRun replay(const std::vector<PoseEvent> &events, const LostDetectorConfig &config);

}  // namespace robometrics::localization
